// Options of startPlatformEmulator are checked before anything listens; the URLs it answers.

import { describe, expect, it } from 'vitest';
import { startPlatformEmulator } from '../src/index.js';

describe('startPlatformEmulator options', () => {
  it('refuses options it cannot honour', async () => {
    await expect(startPlatformEmulator({ rateLimit: { perSecond: 0 } })).rejects.toThrow(/perSecond/);
    await expect(startPlatformEmulator({ rateLimit: { perMinute: 2.5 } })).rejects.toThrow(/perMinute/);
    await expect(startPlatformEmulator({ defaultPageLimit: 0 })).rejects.toThrow(/defaultPageLimit/);
    await expect(startPlatformEmulator({ defaultPageLimit: 1001 })).rejects.toThrow(/defaultPageLimit/);
    await expect(startPlatformEmulator({ operationTimings: { runningMs: -5 } })).rejects.toThrow(/runningMs/);
  });

  it('answers on loopback with the API under /api/v2 and the control API under /__emulator', async () => {
    const emulator = await startPlatformEmulator();
    try {
      expect(emulator.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(emulator.url).toBe(`${emulator.origin}/api/v2`);
      expect(emulator.controlUrl).toBe(`${emulator.origin}/__emulator`);
      const outside = await fetch(`${emulator.origin}/api/v1/projects`);
      expect(outside.status).toBe(404);
      expect(await outside.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await emulator.close();
    }
  });

  it('listens on the port asked for', async () => {
    const probe = await startPlatformEmulator();
    const port = Number(new URL(probe.origin).port);
    await probe.close();
    const emulator = await startPlatformEmulator({ port });
    try {
      expect(emulator.origin).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await emulator.close();
    }
  });
});
