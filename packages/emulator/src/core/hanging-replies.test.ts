import { describe, expect, it } from 'vitest';
import { ConnectionDropped } from './connection-dropped.js';
import { HangingReplies } from './hanging-replies.js';

describe('HangingReplies', () => {
  it('lets go of a reply whose client gave up, with the reason its signal carries', async () => {
    const replies = new HangingReplies();
    const giveUp = new AbortController();
    const first = replies.hold(giveUp.signal);
    void replies.hold(undefined).catch(() => undefined);
    expect(replies.size).toBe(2);
    giveUp.abort(new Error('timed out'));
    await expect(first).rejects.toThrow('timed out');
    expect(replies.size).toBe(1);
    replies.endAll();
  });

  it('ends every held reply on endAll: the clients see the connection go', async () => {
    const replies = new HangingReplies();
    const held = [replies.hold(undefined), replies.hold(new AbortController().signal)];
    replies.endAll();
    for (const reply of held) await expect(reply).rejects.toBeInstanceOf(ConnectionDropped);
    expect(replies.size).toBe(0);
  });

  it('refuses at once when the client has already given up', async () => {
    const replies = new HangingReplies();
    await expect(replies.hold(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(replies.size).toBe(0);
  });
});
