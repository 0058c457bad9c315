import { createClient, OptionError } from '@keyturn/api';
import { describe, expect, it } from 'vitest';
import { InputError } from '@keyturn/api/values';
import { inInputTerms } from './option-inputs.js';

const refusal = (options: Record<string, unknown>) => {
  try {
    createClient(options as never);
  } catch (error) {
    return error;
  }
  throw new Error('createClient accepted the options');
};

describe('inInputTerms', () => {
  it("names the input behind the library's option", () => {
    const error = inInputTerms(refusal({ apiKey: 'k', baseUrl: 'http://example.com/api/v2' }), { 'api-url': 'http://example.com/api/v2' });
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).input).toBe('api-url');
    expect((error as Error).message).toBe(
      "Input 'api-url' is invalid: it must use https: for example.com; plain http: is allowed only " +
        'for loopback hosts (127.0.0.0/8, ::1, localhost), so the key never crosses a network in clear text',
    );
  });

  it('never shows a credential-shaped value', () => {
    const key = 'a1'.repeat(32);
    const error = inInputTerms(refusal({ apiKey: 'k', baseUrl: key }), { 'api-url': key }) as Error;
    expect(error.message).toMatch(
      /^Input 'api-url' is a 64-character value that looks like a key or token: it is not a valid absolute URL/,
    );
    expect(error.message).not.toContain(key.slice(0, 8));
  });

  it('maps list items to their input, and works without the text', () => {
    const error = inInputTerms(new OptionError('ids[1]', 'operations.wait: ids[1] must be a non-empty string'), {}) as Error;
    expect(error.message).toBe("Input 'operation-ids' is invalid: item 2 must be a non-empty string");
  });

  it('leaves other errors alone', () => {
    const other = new OptionError('onPoll', 'operations.wait: onPoll must be a function');
    expect(inInputTerms(other, {})).toBe(other);
    const plain = new Error('x');
    expect(inInputTerms(plain, {})).toBe(plain);
  });
});
