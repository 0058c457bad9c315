import { describe, expect, it } from 'vitest';
import { OptionError } from '@keyturn/api';
import { validateSecretName } from './secret-name.js';

describe('validateSecretName', () => {
  it.each(['NEON_API_KEY', 'a', '_x', 'Key_2', 'github_like_but_not_prefix'.replace('github_', 'gh_')])('accepts %j', (name) => {
    expect(() => validateSecretName(name)).not.toThrow();
  });

  it.each([
    ['', /empty/],
    ['NEON-API-KEY', /only letters, digits and underscores/],
    ['NEON API KEY', /only letters, digits and underscores/],
    ['1KEY', /must not start with a digit/],
    ['GITHUB_TOKEN', /must not start with GITHUB_/],
    ['github_token', /must not start with GITHUB_/],
  ])('rejects %j', (name, message) => {
    expect(() => validateSecretName(name)).toThrow(expect.objectContaining({ name: 'OptionError', option: 'secretName' }));
    expect(() => validateSecretName(name)).toThrow(OptionError);
    expect(() => validateSecretName(name)).toThrow(message);
  });
});
