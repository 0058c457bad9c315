// Issue 33's Done-when, played deterministically: the README's hourly example (rotate-every 7d,
// revoke-after 24h) on the emulators for 30 virtual days. Which keys the runs made, when each was
// superseded (its successor's run ended with every target holding it) and when it was revoked.

import { lockOuts } from './invariants.js';
import { watchClock } from './clock-watch.js';
import { passTime } from './hourly.js';
import { Simulation } from './simulation.js';
import { putHeld } from './target-pool.js';

export interface HourlyScenario {
  days: number;
  rotateEvery: string;
  revokeAfter: string;
  targets: string[];
  seed?: number;
}

export interface KeyLife {
  id: number;
  /** When the run that made the next key ended with every target holding that key (virtual ms). */
  supersededAt?: number;
  revokedAt?: number;
}

export interface HourlyOutcome {
  runs: number;
  idle: number;
  /** Keys the runs made, in order. */
  made: number[];
  /** The user's first key, then every key the runs made. */
  lives: KeyLife[];
  violations: string[];
  trace: string[];
}

const HOUR = 3_600_000;

export async function playHourly(scenario: HourlyScenario): Promise<HourlyOutcome> {
  const sim = await Simulation.start(scenario.seed ?? 33);
  try {
    const { world } = sim;
    const first = world.consoleKey('personal');
    for (const target of scenario.targets) putHeld(world, target, 'NEON_API_KEY', first.key, new Date(sim.time.now() - 86_400_000));
    const clock = watchClock(sim);
    const lives = new Map<number, KeyLife>([[first.id, { id: first.id }]]);
    const made: number[] = [];
    const violations: string[] = [];
    let apiKey = first.key;
    let idle = 0;
    let current = first.id;
    const runs = scenario.days * 24;
    for (let hour = 0; hour < runs; hour++) {
      const run = sim.start({
        kind: 'personal',
        credential: 'token',
        targets: scenario.targets,
        secretName: 'NEON_API_KEY',
        keep: 1,
        retire: [],
        apiKey,
        rotateEvery: scenario.rotateEvery,
        revokeAfter: scenario.revokeAfter,
      });
      await sim.runAll([run]);
      const { result } = run;
      if (result.status !== 'ok' || !result.report) {
        const why = result.error ? ` (${result.error.code}: ${result.error.message})` : '';
        violations.push(`hour ${hour}: ${result.id} ${result.status}${why}`);
        break;
      }
      if (result.report.dryRun) throw new Error('not a dry run');
      if ('idle' in result.report && result.report.idle) idle++;
      else if (result.report.keyId !== undefined) {
        made.push(result.report.keyId);
        lives.get(current)!.supersededAt = sim.time.now();
        current = result.report.keyId;
        lives.set(current, { id: current });
        apiKey = result.created.at(-1)!;
      }
      violations.push(...lockOuts(world).map((v) => `${v} (hour ${hour})`));
      if (violations.length) break;
      await passTime(sim, HOUR);
    }
    for (const { id, at } of clock.revoked) {
      const life = lives.get(id);
      if (life) life.revokedAt = at;
      else violations.push(`key ${id}, never held, revoked`);
    }
    return { runs, idle, made, lives: [...lives.values()], violations, trace: sim.trace };
  } finally {
    await sim.close();
  }
}
