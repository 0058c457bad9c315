import { describe, expect, it } from 'vitest';
import { parseCredential } from './credential.js';
import { parseProjectId } from './project-id.js';

describe('parseCredential', () => {
  it('accepts printable ASCII', () => {
    expect(parseCredential('api-key', 'abcDEF123-_.~+/=')).toBe('abcDEF123-_.~+/=');
  });

  it.each(['two words', 'clé', 'key\u00a0x'])('refuses %j without quoting it', (text) => {
    let message = '';
    try {
      parseCredential('github-token', text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("Input 'github-token' contains spaces or non-ASCII characters; check that the secret holds the key alone");
  });
});

describe('parseProjectId', () => {
  it.each(['purple-shape-411361', 'p1', 'a_b'])('accepts %s', (text) => {
    expect(parseProjectId('project-id', text)).toBe(text);
  });

  it.each(['-abc', 'a/b', 'a?b', 'a b', '../x', 'p%2F'])('refuses %j, quoting it', (text) => {
    expect(() => parseProjectId('project-id', text)).toThrow(`Input 'project-id' is '${text}', not a project id`);
  });

  it('refuses a long value without quoting it', () => {
    expect(() => parseProjectId('project-id', 'x'.repeat(101))).toThrow("Input 'project-id' is a 101-character value, not a project id");
  });

  it('refuses a key pasted as the project id, although its characters would do', () => {
    expect(() => parseProjectId('project-id', 'a3f94c0d5e6b7a8190fedcba98765432')).toThrow(
      "Input 'project-id' is a 32-character value that looks like a key or token, not a project id",
    );
  });
});
