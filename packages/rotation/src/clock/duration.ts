// The durations of rotation by the clock (`rotateEvery`, `revokeAfter`): whole minutes, hours or
// days (`90m`, `12h`, `7d`), or milliseconds as a number. One parser, so the Action, the CLI and a
// library caller get the same answer and the same words for a mistake.

import { OptionError } from '@keyturn/api';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^\s*(\d{1,6})\s*([mhd])\s*$/i;

/** The shortest clock duration: one minute (a schedule fires at most once a minute). */
export const MIN_CLOCK_MS = UNIT_MS.m;
/** The longest: a year and a day. */
export const MAX_CLOCK_MS = 366 * UNIT_MS.d;

/**
 * `value` in milliseconds: text like `90m`, `12h`, `7d`, or a number of milliseconds.
 * @throws OptionError naming `option`, saying what to write, for anything else.
 */
export function parseClockDuration(option: string, value: string | number): number {
  const ms = typeof value === 'number' ? value : textMs(value);
  if (ms === undefined) {
    throw new OptionError(
      option,
      `${option} is ${JSON.stringify(value)}, not a duration: write a whole number with a unit, m (minutes), h (hours) or d ` +
        `(days), as 90m, 12h or 7d`,
    );
  }
  if (!Number.isSafeInteger(ms) || ms < MIN_CLOCK_MS || ms > MAX_CLOCK_MS) {
    throw new OptionError(
      option,
      `${option} is ${JSON.stringify(value)}; it must be between 1m and 366d ` +
        `(${typeof value === 'number' ? 'a number is milliseconds' : 'whole minutes, hours or days'})`,
    );
  }
  return ms;
}

/** An optional clock duration: undefined when left out (or given as empty text). */
export function optionalClockDuration(option: string, value: string | number | undefined): number | undefined {
  if (value === undefined || (typeof value === 'string' && !value.trim())) return undefined;
  return parseClockDuration(option, value);
}

/** `ms` in the largest whole unit: `7d`, `36h`, `90m` (seconds and below as `Ns`/`Nms`, for logs). */
export function formatClockDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm'] as const) if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function textMs(text: string): number | undefined {
  const match = typeof text === 'string' ? DURATION.exec(text) : null;
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2]!.toLowerCase() as keyof typeof UNIT_MS];
}
