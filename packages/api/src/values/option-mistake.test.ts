import { OptionError } from '../errors.js';
import { describe, expect, it } from 'vitest';
import { optionMistake } from './option-mistake.js';

describe('optionMistake', () => {
  it('names the input, and leaves out where the library checked it and the option name', () => {
    const mistake = new OptionError('baseUrl', 'createClient: baseUrl must use https: for example.com');
    expect(optionMistake('api-url', mistake, 'http://example.com').message).toBe(
      "Input 'api-url' is invalid: it must use https: for example.com",
    );
  });

  it('words an option given by its path as the client that checked it does, and a list item by its number', () => {
    const nested = new OptionError('platform.baseUrl', 'createClient: baseUrl must use https: for example.com');
    expect(optionMistake('api-url', nested).message).toBe("Input 'api-url' is invalid: it must use https: for example.com");
    const item = new OptionError('ids[1]', 'operations.wait: ids[1] must be a non-empty string');
    expect(optionMistake('operation-ids', item).message).toBe("Input 'operation-ids' is invalid: item 2 must be a non-empty string");
    const field = new OptionError('leakedKey', 'leakedKey.fingerprint must be a key fingerprint');
    expect(optionMistake('leaked-key-fingerprint', field).message).toBe(
      "Input 'leaked-key-fingerprint' is invalid: it must be a key fingerprint",
    );
    const path = new OptionError('alerts.scope', 'alerts.scope must be repo:OWNER/REPO or org:ORG');
    expect(optionMistake('alert-scope', path).message).toBe("Input 'alert-scope' is invalid: it must be repo:OWNER/REPO or org:ORG");
  });

  it('says a message that opens with its option in backquotes of the input, as it stands', () => {
    const rule = new OptionError('keyKind.orgId', '`keyKind.orgId` is given, but `keyKind` is personal, which does not use it');
    expect(optionMistake('org-id', rule).message).toBe("Input 'org-id' is given, but `keyKind` is personal, which does not use it");
    const field = new OptionError('leakedKey', '`leakedKey.fingerprint` and `leakedKey.id` are both given');
    expect(optionMistake('leaked-key-fingerprint', field).problem).toBe('and `leakedKey.id` are both given');
  });

  it('hides an echo of the input text, which may be a credential', () => {
    const key = 'napi_0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn';
    const mistake = new OptionError('targets', `line 1 ("${key}"): not a target spec`);
    const message = optionMistake('targets', mistake, key).message;
    expect(message).not.toContain(key);
    expect(message).toMatch(
      /^Input 'targets' is a \d+-character value that looks like a key or token: line 1 \(".*"\): not a target spec$/,
    );
  });
});
