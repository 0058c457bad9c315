// The stuck state's options (`acknowledge`, `notifyUrl`, `runUrl`, `issueToken`), checked before any
// request. A notify URL is a secret of its own (a Slack webhook's path is its credential): no
// message quotes it.

import { OptionError } from '@keyturn/api';
import { isLoopbackHost } from '@keyturn/api/toolkit';
import type { RotateKeyOptions } from '../options.js';

export function stuckOptionProblems(options: RotateKeyOptions): OptionError[] {
  const problems: OptionError[] = [];
  const { acknowledge, notifyUrl, runUrl, issueToken, notifyFetch } = options;
  if (acknowledge !== undefined && typeof acknowledge !== 'boolean')
    problems.push(new OptionError('acknowledge', 'acknowledge must be true or false'));
  if (acknowledge === true && (options.record === undefined || options.record === false)) {
    problems.push(new OptionError('acknowledge', 'acknowledge needs a record (`record`): the stuck mark it clears is kept there'));
  }
  if (notifyUrl !== undefined) {
    const problem = urlProblem(notifyUrl);
    if (problem)
      problems.push(
        new OptionError('notifyUrl', `notifyUrl must be ${problem} (the value is not shown: a webhook's URL is its credential)`),
      );
  }
  if (notifyFetch !== undefined && typeof notifyFetch !== 'function')
    problems.push(new OptionError('notifyFetch', 'notifyFetch must be a fetch function'));
  if (runUrl !== undefined && (typeof runUrl !== 'string' || !URL.canParse(runUrl)))
    problems.push(new OptionError('runUrl', 'runUrl must be the absolute URL of this run'));
  if (issueToken !== undefined && (typeof issueToken !== 'string' || !/^[\x21-\x7E]+$/.test(issueToken))) {
    problems.push(
      new OptionError(
        'issueToken',
        'issueToken must be a GitHub token: no spaces, ASCII only (check that the secret holds the token alone)',
      ),
    );
  }
  return problems;
}

function urlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return 'an absolute https URL';
  const url = new URL(value);
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return 'an https URL (plain http only on a loopback host)';
}
