// Shared setup of the waiter's tests: the emulator runs on the same fake clock as the client, so
// the operations' schedules, the polls and the deadline all move together, exactly and at once.
import type { OperationSpec } from '@keyturn/emulator';
import { beforeEach } from 'vitest';
import type { ClientOptions } from '../src/options.js';
import type { WaitOptions, WaitResult } from '../src/waiter/wait.js';
import { type FakeTime, fakeTime, type PlatformFixture, usePlatform } from './fixture.js';

export interface WaitFixture {
  platform: PlatformFixture;
  /** The clock of this test (client and emulator); a test may replace it before it starts anything. */
  time: FakeTime;
  /** Starts operations in the test project, on the emulator's (fake) clock. */
  start(...specs: OperationSpec[]): ReturnType<PlatformFixture['emulator']['startOperations']>;
  /** operations.wait of the test project, by a client on the fake clock. */
  waitFor(ids?: string[], options?: WaitOptions, client?: Partial<ClientOptions>): Promise<WaitResult>;
  /** Requests the emulator received for the project's operations list. */
  listRequests(): ReturnType<PlatformFixture['requests']>;
}

export function useWaitPlatform(): WaitFixture {
  const fixture = { time: fakeTime() } as WaitFixture;
  beforeEach(() => {
    fixture.time = fakeTime();
  });
  const platform = usePlatform(() => ({
    clock: () => fixture.time.now(),
    operationTimings: { schedulingMs: 1000, runningMs: 1000 },
  }));
  return Object.assign(fixture, {
    platform,
    start: (...specs: OperationSpec[]) => platform.emulator.startOperations(platform.projectId, specs),
    waitFor: (ids?: string[], options: WaitOptions = {}, client: Partial<ClientOptions> = {}) =>
      platform.client(client, fixture.time).operations.wait(platform.projectId, ids === undefined ? options : { ...options, ids }),
    listRequests: () => platform.requests({ path: `/projects/${platform.projectId}/operations` }),
  });
}
