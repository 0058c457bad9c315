// Notices of Vercel targets: a development variable not sensitive, a redeploy not ready, a deploy awaited.
import type { NoticesOf } from './base.js';

/** Each notice's facts, by its code. */
interface VercelFacts {
  /** A new development variable (Vercel) was written `encrypted`: Vercel does not allow it `sensitive`. */
  'development-not-sensitive': {
    target: string;
    secretName: string;
  };
  /**
   * The redeploy that puts the new key in use did not become READY (its build failed, it was canceled,
   * it was still building at the deadline, or it could not be made): `keyIds`, which the running
   * deployment may use, stay valid. `deploymentUrl` is where to look, when a deployment was made.
   */
  'deployment-not-ready': {
    target: string;
    secretName: string;
    deploymentId?: string;
    deploymentUrl?: string;
    /** Its last state (`ERROR`, `CANCELED`, `BUILDING`...); absent when none was made. */
    readyState?: string;
    error: string;
    keyIds: number[];
  };
  /** No redeploy: the new value is used from the next deploy after `afterDeployment`; `keyIds` stay valid until a run sees it. */
  'awaiting-deploy': {
    target: string;
    secretName: string;
    /** The deployment serving now (with the old value); absent when there is none yet. */
    afterDeployment?: string;
    afterUrl?: string;
    keyIds: number[];
  };
}

/** A notice about Vercel targets. */
export type VercelNotice = NoticesOf<VercelFacts>;
