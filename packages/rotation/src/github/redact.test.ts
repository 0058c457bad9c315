import { describe, expect, it } from 'vitest';
import { redactCredentials } from './redact.js';

const TOKEN = 'ghp_0123456789abcdefABCDEF0123456789abcd';

describe('redactCredentials', () => {
  it.each([
    [`Bad credentials: ${TOKEN} is not valid`, 'Bad credentials: [redacted] is not valid'],
    [`proxy refused "Authorization: Bearer abc.def-ghi"`, 'proxy refused "Authorization: Bearer [redacted]"'],
    ['header was token s3cr3t_value, then more', 'header was token [redacted], then more'],
    ['TOKEN gho_xyz12345 and bearer   qq-rr-ss-tt', 'TOKEN [redacted] and bearer [redacted]'],
    [`${TOKEN}${TOKEN}`, '[redacted][redacted]'],
  ])('scrubs %j', (text, expected) => {
    expect(redactCredentials(text, [TOKEN])).toBe(expected);
  });

  it('leaves prose about tokens alone', () => {
    expect(redactCredentials('the token has expired; Bearer authentication required', [])).toBe(
      'the token has expired; Bearer authentication required',
    );
  });

  it('leaves text without credentials alone, and ignores empty secrets', () => {
    expect(redactCredentials('Resource not accessible by integration', ['', undefined])).toBe(
      'Resource not accessible by integration',
    );
  });
});
