// A service's access is missing for what needs it: one mistake, with what needed it as data, so a
// caller words it in its own terms without reading the library's sentence back.

import { OptionError } from '@keyturn/api';

/** What needs a service's access: its targets, the retired targets to check, or the record kept there. */
export type AccessNeed = 'targets' | 'retire-targets' | 'record';

/** GitHub (`github`), GitLab (`gitlab.token`) or Vercel (`vercel.token`) access is required for `needs`, and none was given. */
export class AccessMissingError extends OptionError {
  override name = 'AccessMissingError';

  constructor(
    option: 'github' | 'gitlab.token' | 'vercel.token',
    message: string,
    /** What needed it, in the order the message names them. */
    readonly needs: AccessNeed[],
  ) {
    super(option, message);
  }
}
