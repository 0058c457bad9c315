// Durations: `90` (seconds), `90s`, `500ms`, `10m`, `1h`, as the Action inputs document them.

import { InputError, rejectedValue } from '../../../common/src/index.js';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i;

export interface DurationBounds {
  /** Shortest accepted, in milliseconds. Default 1. */
  minMs?: number;
  /** Longest accepted, in milliseconds. Default 24 hours. */
  maxMs?: number;
}

/** Parses a duration into whole milliseconds. A plain number means seconds. */
export function parseDuration(name: string, text: string, bounds: DurationBounds = {}): number {
  const match = DURATION.exec(text);
  if (!match) {
    throw new InputError(name, `is ${rejectedValue(text)}, not a duration: write seconds (90) or a number with a unit (500ms, 90s, 10m, 1h)`);
  }
  const unit = (match[2]?.toLowerCase() ?? 's') as keyof typeof UNIT_MS;
  const ms = Math.round(Number(match[1]) * UNIT_MS[unit]);
  const minMs = bounds.minMs ?? 1;
  const maxMs = bounds.maxMs ?? UNIT_MS.h * 24;
  if (ms < minMs || ms > maxMs) {
    throw new InputError(name, `is ${rejectedValue(text)}; it must be between ${formatMs(minMs)} and ${formatMs(maxMs)}`);
  }
  return ms;
}

function formatMs(ms: number): string {
  for (const unit of ['h', 'm', 's'] as const) {
    if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${ms}ms`;
}
