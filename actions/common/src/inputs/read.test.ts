import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '@keyturn/api/values';
import { checkInputText, collectInputs, InvalidInputsError, readInput, readInputText } from './read.js';

function problem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected an InputError');
}

describe('checkInputText', () => {
  it('trims and turns CRLF into LF', () => {
    expect(checkInputText('targets', '  repo:a/b\r\nrepo:a/c \r\n', { multiline: true })).toBe('repo:a/b\nrepo:a/c');
  });

  it('returns an empty optional input as empty', () => {
    expect(checkInputText('timeout', '   ')).toBe('');
  });

  it('names an empty required input, with the hint', () => {
    expect(problem(() => checkInputText('api-key', ' \n', { required: true, hint: 'pass the secret' }))).toBe(
      "Input 'api-key' is required but empty: pass the secret",
    );
  });

  it('refuses oversize values without quoting them', () => {
    const message = problem(() => checkInputText('api-key', 'k'.repeat(1001)));
    expect(message).toBe("Input 'api-key' is 1001 characters long; at most 1000 are accepted");
    expect(checkInputText('x', 'k'.repeat(20), { maxLength: 20 })).toHaveLength(20);
    expect(problem(() => checkInputText('x', 'k'.repeat(21), { maxLength: 20 }))).toContain('at most 20');
  });

  it.each([
    ['a NUL', 'ab\u0000cd', 'U+0000'],
    ['an escape', 'ab\u001b[31mcd', 'U+001B'],
    ['DEL', 'ab\u007fcd', 'U+007F'],
    ['a C1 control', 'ab\u0085cd', 'U+0085'],
    ['a tab', 'ab\tcd', 'U+0009'],
    ['a bidi override', 'ab\u202ecd', 'U+202E'],
    ['a line separator', 'ab\u2028cd', 'U+2028'],
  ])('refuses %s in a single-line input, by position', (_what, value, code) => {
    expect(problem(() => checkInputText('project-id', value))).toBe(
      `Input 'project-id' contains a control character (${code}) at position 3; remove it`,
    );
  });

  it('refuses a line break inside a single-line input', () => {
    expect(problem(() => checkInputText('api-url', 'https://a\nhttps://b'))).toContain('a line break (it takes a single line)');
  });

  it('accepts newlines and tabs in a multi-line input, not other controls', () => {
    expect(checkInputText('operation-ids', '{\n\t"operations": []\n}', { multiline: true })).toContain('\t');
    expect(problem(() => checkInputText('operation-ids', 'a\nb\u0007', { multiline: true }))).toContain('U+0007');
    expect(problem(() => checkInputText('operation-ids', 'a\u2066b', { multiline: true }))).toContain('U+2066');
  });

  it('allows up to 100,000 characters in a multi-line input by default', () => {
    expect(checkInputText('operation-ids', 'a'.repeat(100_000), { multiline: true })).toHaveLength(100_000);
    expect(problem(() => checkInputText('operation-ids', 'a'.repeat(100_001), { multiline: true }))).toContain('at most 100000');
  });
});

describe('readInput', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads INPUT_<NAME> as the runner sets it (upper-case, hyphens kept)', () => {
    vi.stubEnv('INPUT_API-KEY', '  abc  ');
    expect(readInputText('api-key')).toBe('abc');
  });

  it('parses the value, or the default when empty', () => {
    vi.stubEnv('INPUT_TIMEOUT', '');
    expect(readInput('timeout', (_name, text) => `parsed ${text}`, { default: '600' })).toBe('parsed 600');
    vi.stubEnv('INPUT_TIMEOUT', '10m');
    expect(readInput('timeout', (_name, text) => `parsed ${text}`, { default: '600' })).toBe('parsed 10m');
  });

  it('checks the text before parsing it', () => {
    vi.stubEnv('INPUT_PROJECT-ID', '');
    const parse = vi.fn();
    expect(problem(() => readInput('project-id', parse, { required: true }))).toContain("'project-id' is required");
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('collectInputs', () => {
  it('returns every value under its key', () => {
    expect(collectInputs({ a: () => 1, b: () => 'two', c: () => undefined })).toEqual({ a: 1, b: 'two', c: undefined });
  });

  it('reads every input even after one fails, and names them all', () => {
    let readLast = false;
    const run = () =>
      collectInputs({
        timeout: () => {
          throw new InputError('timeout', 'is bad');
        },
        keep: () => {
          throw new InputError('keep', 'is worse');
        },
        fine: () => {
          readLast = true;
          return 1;
        },
      });
    expect(run).toThrow(InvalidInputsError);
    expect(readLast).toBe(true);
    expect(run).toThrow("2 inputs are invalid; nothing was done:\n- Input 'timeout' is bad\n- Input 'keep' is worse");
  });

  it('says nothing was done when a single input is invalid', () => {
    const run = () =>
      collectInputs({
        keep: () => {
          throw new InputError('keep', 'is 0; it must be between 1 and 100');
        },
      });
    expect(run).toThrow("Input 'keep' is 0; it must be between 1 and 100. Nothing was done.");
  });

  it('lets other errors through: they are bugs, not bad inputs', () => {
    expect(() =>
      collectInputs({
        a: () => {
          throw new TypeError('boom');
        },
      }),
    ).toThrow(TypeError);
  });
});
