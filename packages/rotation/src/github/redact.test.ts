import { describe, expect, it } from 'vitest';
import { redactCredentials } from './redact.js';

const TOKEN = 'ghp_0123456789abcdefABCDEF0123456789abcd';

describe('redactCredentials', () => {
  it.each([
    [`Bad credentials: ${TOKEN} is not valid`, 'Bad credentials: [redacted] is not valid'],
    [`proxy refused "Authorization: Bearer abc.def-ghi"`, 'proxy refused "Authorization: Bearer [redacted]'],
    ['header was token s3cr3t, then more', 'header was token [redacted] then more'],
    ['TOKEN xyz and bearer   qq', 'TOKEN [redacted] and bearer [redacted]'],
    [`${TOKEN}${TOKEN}`, '[redacted][redacted]'],
  ])('scrubs %j', (text, expected) => {
    expect(redactCredentials(text, [TOKEN])).toBe(expected);
  });

  it('leaves text without credentials alone, and ignores empty secrets', () => {
    expect(redactCredentials('Resource not accessible by integration', ['', undefined])).toBe(
      'Resource not accessible by integration',
    );
  });
});
