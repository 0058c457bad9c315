// A Vercel project's deployments, as a target needs them: the one production serves now, a redeploy
// of it (`POST /v13/deployments` with its `deploymentId`: rebuilt with the variables as they are now),
// and a wait until a deployment is READY or ended otherwise, on a deadline: read at once, then every
// `pollMs`, the last sleep cut so the last read lands at the deadline (as Smithy's waiters do).
// https://vercel.com/docs/rest-api/deployments/create-a-new-deployment
// https://vercel.com/docs/rest-api/deployments/get-a-deployment-by-id-or-url

import type { DeploymentRef } from '../../secret-target.js';
import type { VercelClient } from '../../vercel/vercel-client.js';

/** How a wait ended: the deployment's last state (READY, ERROR, CANCELED; QUEUED or BUILDING at the deadline or an abort). */
export interface WaitResult {
  readyState: string;
  error?: string;
}

const ENDED = new Set(['READY', 'ERROR', 'CANCELED']);

export class ProjectDeployments {
  constructor(
    private readonly client: VercelClient,
    /** The team query (`teamId` or `slug`) every request carries. */
    private readonly scope: Record<string, string>,
  ) {}

  /** The newest READY deployment of `target`, if any. */
  async current(projectId: string, target: 'production' | 'preview'): Promise<DeploymentRef | undefined> {
    const { deployments } = await this.client.request<{
      deployments: Array<{ uid: string; url: string; createdAt?: number; created?: number }>;
    }>('GET', '/v6/deployments', {
      query: { ...this.scope, projectId, target, state: 'READY', limit: 1 },
    });
    const newest = deployments[0];
    return newest && { id: newest.uid, url: `https://${newest.url}`, createdAt: newest.createdAt ?? newest.created ?? 0 };
  }

  /** Rebuilds `source` for production, with the project's variables as they are now. */
  async redeploy(projectName: string, source: DeploymentRef): Promise<DeploymentRef> {
    const made = await this.client.request<{ id: string; url: string; createdAt: number }>('POST', '/v13/deployments', {
      query: this.scope,
      body: { name: projectName, deploymentId: source.id, target: 'production' },
    });
    return { id: made.id, url: `https://${made.url}`, createdAt: made.createdAt };
  }

  /** Reads `deployment` until its build ends, the deadline passes or `signal` aborts. */
  async waitUntilEnded(deployment: DeploymentRef, signal?: AbortSignal): Promise<WaitResult> {
    const { runtime, deploy } = this.client;
    const deadline = runtime.now() + deploy.timeoutMs;
    for (;;) {
      const read = await this.client.request<{ readyState: string; errorMessage?: string }>(
        'GET',
        `/v13/deployments/${encodeURIComponent(deployment.id)}`,
        { query: this.scope },
      );
      if (ENDED.has(read.readyState)) return { readyState: read.readyState, ...(read.errorMessage && { error: read.errorMessage }) };
      const left = deadline - runtime.now();
      if (left <= 0 || signal?.aborted)
        return {
          readyState: read.readyState,
          error: signal?.aborted ? 'the run was aborted' : `not READY within ${Math.round(deploy.timeoutMs / 1000)} s`,
        };
      try {
        await runtime.sleep(Math.min(deploy.pollMs, left), signal);
      } catch {
        return { readyState: read.readyState, error: 'the run was aborted' };
      }
    }
  }
}
