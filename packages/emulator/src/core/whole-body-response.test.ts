// The in-process answer behaves as a real Response of the same bytes, read after read: each
// sequence of uses is played on both, and every result and every error must be the same.

import { describe, expect, it } from 'vitest';
import { wholeBodyResponse, withUrl } from './whole-body-response.js';

const encoder = new TextEncoder();
const TEXT = '\uFEFF{"name":"caf\u00e9","lone":"\uD800"}';
const INIT = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', 'x-id': '7' } };

type Use = (response: Response) => unknown;
const read = async (stream: ReadableStream<Uint8Array> | null) =>
  stream ? [...new Uint8Array(await new Response(stream).arrayBuffer())] : stream;
const USES: Record<string, Use> = {
  text: (r) => r.text(),
  json: (r) => r.json(),
  arrayBuffer: async (r) => [...new Uint8Array(await r.arrayBuffer())],
  bytes: async (r) => [...(await (r as Response & { bytes(): Promise<Uint8Array> }).bytes())],
  blob: async (r) => (await r.blob()).text(),
  body: (r) => read(r.body),
  bodyUsed: (r) => r.bodyUsed,
  'clone, then the clone read': (r) => r.clone().text(),
  'clone, then the clone read twice': async (r) => {
    const copy = r.clone();
    await copy.text();
    return copy.text();
  },
  'the head': (r) => [r.status, r.ok, r.statusText, r.type, [...r.headers], r.url, r instanceof Response],
};

/** What a use gave, or the error it threw or rejected with (its class and message). */
async function outcome(use: Use, response: Response): Promise<unknown> {
  try {
    return { value: await use(response) };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

async function play(sequence: string[], make: () => Response): Promise<unknown[]> {
  const response = withUrl(make(), 'http://emulator.test/answer');
  const out: unknown[] = [];
  for (const name of sequence) out.push(await outcome(USES[name]!, response));
  out.push(response.bodyUsed);
  return out;
}

const names = Object.keys(USES);
const sequences = names.flatMap((first) => names.flatMap((second) => names.map((third) => [first, second, third])));

describe('the in-process answer, beside a real Response of the same bytes', () => {
  it.each([
    ['text, BOM and a lone surrogate', TEXT],
    ['empty', ''],
  ])('gives the same results and the same errors in every order of three uses: %s', async (_, text) => {
    for (const sequence of sequences) {
      const real = await play(sequence, () => new Response(encoder.encode(text), INIT));
      const whole = await play(sequence, () => wholeBodyResponse(encoder.encode(text), INIT));
      expect(whole, sequence.join(', ')).toEqual(real);
    }
  });

  it('a body that is not JSON rejects json() with the SyntaxError a real Response gives', async () => {
    const real = await outcome(USES.json!, new Response(encoder.encode('not json'), INIT));
    expect(await outcome(USES.json!, wholeBodyResponse(encoder.encode('not json'), INIT))).toEqual(real);
    expect(real).toMatchObject({ error: expect.stringMatching(/^SyntaxError/) });
  });
});
