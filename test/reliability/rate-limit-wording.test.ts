// Issue 10, defect 3: GitHub's rate limits are recognised by status and headers, whatever the
// message says (older GitHub Enterprise Server's "abuse detection mechanism", a bare 429), and are
// waited out; when the run gives up, the advice says what happened (no "beyond the retries" for a
// request never retried, no "token with more permissions" for a rate limit).

import { describe, expect, it } from 'vitest';
import {
  errorsOf,
  expectActionableFailure,
  expectEveryTargetHoldsAWorkingKey,
  expectNoLeaks,
  expectNoStrandedKey,
} from './harness/invariants.js';
import { startRotationRig, TARGETS } from './harness/rotation-rig.js';

const FIRST_WRITE = { method: 'PUT', path: '/repos/acme/web/actions/secrets/NEON_API_KEY' };
const ABUSE = {
  message: 'You have triggered an abuse detection mechanism. Please wait a few minutes before you try again.',
  documentation_url: 'https://docs.github.com/enterprise-server@3.9/rest',
};

describe.concurrent('GitHub rate limits in any wording', () => {
  it.each([
    ['a 403 in older GitHub Enterprise wording, with Retry-After', { status: 403, body: ABUSE, retryAfter: 1 }],
    ['a bare 429 with Retry-After', { status: 429, body: '', retryAfter: 1 }],
    [
      'a 429 with only x-ratelimit-remaining: 0 and a reset',
      { status: 429, body: { message: 'Too busy' }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'RESET' } },
    ],
  ])('waits out %s and finishes', async (_name, fault) => {
    const rig = await startRotationRig();
    try {
      const headers = 'headers' in fault ? { ...fault.headers, 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1) } : undefined;
      rig.github.faults.add({
        ...FIRST_WRITE,
        kind: 'status',
        status: fault.status,
        body: fault.body,
        ...('retryAfter' in fault && { retryAfter: fault.retryAfter }),
        ...(headers && { headers }),
      });
      const run = await rig.rotate().done;
      rig.learn(run);
      expect(errorsOf(run)).toEqual([]);
      expect(run.exitCode).toBe(0);
      expect(JSON.parse(run.outputs.targets!)).toEqual([...TARGETS]);
      expect(run.visibleStdout).toMatch(new RegExp(`GitHub rate limit \\(${fault.status}\\) on PUT .*waiting \\d+s, then retry 1 of 3`));
      expectEveryTargetHoldsAWorkingKey(rig);
      expectNoLeaks(run, rig.secrets);
    } finally {
      await rig.close();
    }
  });

  it.each([
    ['still limited after every wait', { times: 'always' as const, retryAfter: 1 }, /still limited after waiting it out 3 times/],
    ['told to wait longer than the run waits', { times: 1, retryAfter: 3600 }, /GitHub asked to wait 3600s/],
  ])('gives up when %s, and says so without blaming permissions', async (_name, fault, said) => {
    const rig = await startRotationRig();
    try {
      rig.github.faults.add({ ...FIRST_WRITE, kind: 'status', status: 403, body: ABUSE, retryAfter: fault.retryAfter, times: fault.times });
      const run = await rig.rotate().done;
      rig.learn(run);
      const error = expectActionableFailure(run);
      expect(error).toMatch(said);
      expect(error).toMatch(/rate-limited the token.*The token's permissions are not the problem/);
      expect(error).not.toMatch(/beyond the retries|Secrets: write|GITHUB_TOKEN cannot/);
      expectEveryTargetHoldsAWorkingKey(rig);
      expectNoStrandedKey(rig);
      expectNoLeaks(run, rig.secrets);
    } finally {
      await rig.close();
    }
  });
});
