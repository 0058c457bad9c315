// A stuck family in the simulator (issue 33, items 3 and 4), deterministic: two families of the same
// targets (two secrets) rotate hourly; a target refuses every write, so each family's runs fail the
// same way until both are stuck; the refusal ends, yet every later run of a stuck family makes no key
// (no create reaches the platform) until the user acknowledges it; at every moment each stuck family
// has exactly one open issue in the home repository, and none once its acknowledged run succeeded.
// The random histories get the stuck state once history.ts (another helper's) is wired to it.

import { STUCK_AFTER_RUNS } from '@keyturn/rotation';
import { MATRIX_FAMILY, MATRIX_SECRET, startRig } from './matrix.js';
import type { RunResult, RunSpec } from './simulation.js';

const HOUR = 3_600_000;
/** The second family: the same targets, another secret. */
const OTHER = { family: `${MATRIX_FAMILY}-other`, secretName: 'PLATFORM_KEY' } as const;

export interface StuckScenarioResult {
  violations: string[];
  trace: string[];
  /** Per hourly run: the family, how it ended (`ok`, or the error code), and the open issues then. */
  steps: Array<{ family: string; ended: string; openIssues: string[] }>;
}

export async function runStuckScenario(): Promise<StuckScenarioResult> {
  const rig = await startRig('personal', 'token');
  const { sim } = rig;
  const { world } = sim;
  const violations: string[] = [];
  const steps: StuckScenarioResult['steps'] = [];
  // The matrix's environment target, env:acme/app:production, refuses every write of either secret.
  const secretPath = (secret: string) => `/repos/acme/app/environments/production/secrets/${secret}`;
  const otherKey = world.consoleKey('personal');
  const families = [
    { family: MATRIX_FAMILY, secretName: MATRIX_SECRET, current: rig.held()[0] ?? '' },
    { family: OTHER.family, secretName: OTHER.secretName, current: otherKey.key },
  ];
  const openIssues = () =>
    world.github
      .issues('acme/ops')
      .filter((i) => i.state === 'open')
      .map((i) => i.title);
  const creates = () => world.platform.log.entries().filter((r) => r.method === 'POST' && r.path === '/api_keys').length;

  /** One run of a family, an hour after the last; its key becomes the family's current key. */
  const hourly = async (f: (typeof families)[number], extra: Partial<RunSpec> = {}): Promise<RunResult> => {
    const run = sim.start({ ...rig.spec(f.current), family: f.family, secretName: f.secretName, startAfterMs: HOUR, ...extra });
    await sim.runAll([run], 2 * HOUR);
    const { result } = run;
    if (result.status === 'ok' && result.created[0]) f.current = result.created[0];
    steps.push({
      family: f.family,
      ended: result.status === 'ok' ? 'ok' : (result.error?.code ?? result.status),
      openIssues: openIssues(),
    });
    return result;
  };
  const oneIssueEach = (stuck: readonly string[], when: string) => {
    const open = openIssues();
    for (const family of stuck) {
      const mine = open.filter((title) => title.startsWith(`keyturn: family ${family} is stuck (`));
      if (mine.length !== 1) violations.push(`${when}: family ${family} is stuck with ${mine.length} open issues`);
    }
    if (open.length !== stuck.length)
      violations.push(`${when}: ${open.length} open issues for ${stuck.length} stuck families (${open.join('; ')})`);
  };

  try {
    for (const f of families) if ((await hourly(f)).status !== 'ok') violations.push(`the first rotation of ${f.family} failed`);
    const faults = families.map((f) =>
      world.github.faults.add({ kind: 'status', status: 403, method: 'PUT', path: secretPath(f.secretName), times: 'always' }),
    );
    for (let n = 1; n <= STUCK_AFTER_RUNS; n++) {
      for (const f of families) {
        const result = await hourly(f);
        if (result.error?.code !== 'target-failed')
          violations.push(`${f.family}'s failing run ${n} ended ${result.error?.code ?? result.status}, not target-failed`);
      }
      oneIssueEach(n < STUCK_AFTER_RUNS ? [] : families.map((f) => f.family), `after failing run ${n}`);
    }
    for (const id of faults) world.github.faults.remove(id);

    // The cause is gone: a day of hourly runs, none of which makes a key, and still one issue a family.
    const before = creates();
    for (let hour = 0; hour < 26; hour++) {
      for (const f of families) {
        const result = await hourly(f);
        if (result.error?.code !== 'stuck')
          violations.push(`hour ${hour}: a run of stuck ${f.family} ended ${result.error?.code ?? result.status}, not stuck`);
      }
      oneIssueEach(
        families.map((f) => f.family),
        `hour ${hour} of being stuck`,
      );
    }
    if (creates() !== before) violations.push(`stuck families made ${creates() - before} keys before being acknowledged`);

    // The first family is acknowledged: it rotates and its issue closes; the other stays stuck, with its one issue.
    const [first, second] = families as [(typeof families)[number], (typeof families)[number]];
    const acknowledged = await hourly(first, { acknowledge: true });
    if (acknowledged.status !== 'ok')
      violations.push(`the acknowledged run of ${first.family} ended ${acknowledged.error?.code ?? acknowledged.status}`);
    oneIssueEach([second.family], 'after acknowledging the first family');
    if ((await hourly(first)).status !== 'ok') violations.push(`the run after ${first.family}'s acknowledgement failed`);
    if ((await hourly(second)).error?.code !== 'stuck') violations.push(`${second.family} ran without an acknowledgement`);
    if ((await hourly(second, { acknowledge: true })).status !== 'ok') violations.push(`the acknowledged run of ${second.family} failed`);
    oneIssueEach([], 'after acknowledging both');
    const issues = world.github.issues('acme/ops');
    if (issues.length !== 2) violations.push(`${issues.length} issues were opened for two families stuck once each`);
    for (const issue of issues)
      for (const secret of world.secrets)
        if (`${issue.title}\n${issue.body}`.includes(secret)) violations.push(`issue #${issue.number} holds a secret`);
  } finally {
    await sim.close();
  }
  return { violations, trace: sim.trace, steps };
}
