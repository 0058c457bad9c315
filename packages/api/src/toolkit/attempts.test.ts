import { describe, expect, it } from 'vitest';
import { runAttempts } from './attempts.js';

describe('runAttempts', () => {
  it('sends, judges the answer or the failure, waits and sends again until done', async () => {
    const log: string[] = [];
    const send = async (attempt: number) => {
      log.push(`send ${attempt}`);
      if (attempt === 1) throw new Error('no answer');
      return attempt * 100;
    };
    const answered = (answer: number) => (answer < 300 ? { retryInMs: answer } : { done: `answer ${answer}` });
    const failed = (error: unknown) => ({ retryInMs: (error as Error).message.length });
    const result = await runAttempts({ send, answered, failed, wait: async (ms) => void log.push(`wait ${ms}`) });
    expect(result).toBe('answer 300');
    expect(log).toEqual(['send 1', 'wait 9', 'send 2', 'wait 200', 'send 3']);
  });

  it('gives up with the error the rules name (what `answered` throws is a failure), and at once on a send that throws', async () => {
    const refused = new Error('refused');
    const judged: string[] = [];
    const unreadable = () => {
      throw new Error('unreadable');
    };
    const failed = (error: unknown) => {
      judged.push((error as Error).message);
      return { fail: refused };
    };
    await expect(runAttempts({ send: async () => 1, answered: unreadable, failed, wait: async () => undefined })).rejects.toBe(refused);
    await expect(runAttempts({ send: unreadable, answered: () => ({ done: 1 }), failed, wait: async () => undefined })).rejects.toThrow(
      'unreadable',
    );
    expect(judged).toEqual(['unreadable']);
  });
});
