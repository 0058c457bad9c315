// checkClientOptions: createClient's checks, without a client.
import { describe, expect, it } from 'vitest';
import { checkClientOptions, createClient } from './client.js';
import type { ClientOptions } from './options.js';

const KEY = 'napi_0123456789abcdefghijklmnop';

/** What `act` throws, or undefined. */
function thrown(act: () => unknown): unknown {
  try {
    act();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('checkClientOptions', () => {
  it('accepts what createClient accepts', () => {
    expect(thrown(() => checkClientOptions({ apiKey: KEY }))).toBeUndefined();
    expect(
      thrown(() => checkClientOptions({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1/api/v2', retries: 0, timeoutMs: 5 })),
    ).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['no key', {}],
    ['plain http off loopback', { apiKey: KEY, baseUrl: 'http://platform.example.com/api/v2' }],
    ['a misspelled option', { apiKey: KEY, baseURL: 'https://console.neon.tech/api/v2' }],
    ['a zero timeout', { apiKey: KEY, timeoutMs: 0 }],
    ['a GitHub token as the key', { apiKey: 'ghp_0123456789abcdefghijklmnopqrstuv' }],
  ])('throws the OptionError createClient throws: %s', (_, options) => {
    const checked = thrown(() => checkClientOptions(options as ClientOptions));
    expect(checked).toMatchObject({ name: 'OptionError' });
    expect(checked).toEqual(thrown(() => createClient(options as ClientOptions)));
  });
});
