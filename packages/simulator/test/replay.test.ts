// A seed is a history: two replays of one seed make the same requests in the same order.

import { describe, expect, it } from 'vitest';
import { runHistory } from '../src/index.js';

describe('replaying a seed', () => {
  it('gives the same trace twice, request for request', async () => {
    for (const seed of [7, 21, 42, 1001]) {
      const first = await runHistory(seed);
      const second = await runHistory(seed);
      expect(second.trace).toEqual(first.trace);
      expect(first.trace.some((line) => / (platform|github) (GET|POST|PUT|PATCH|DELETE) /.test(line))).toBe(true);
    }
  });
});
