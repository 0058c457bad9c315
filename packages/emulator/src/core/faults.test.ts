import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS } from './fault-validation.js';
import { FaultBook, type FaultSpec } from './faults.js';

const spec = (fields: Record<string, unknown>) => fields as unknown as FaultSpec;

describe('FaultBook.take', () => {
  it('applies the first matching fault, `times` times, then lets requests through', () => {
    const book = new FaultBook();
    book.add({ kind: 'status', status: 503, method: 'post', path: '/api_keys', times: 2 });
    book.add({ kind: 'drop', path: '/projects/*/operations' });
    expect(book.take('GET', '/api_keys')).toBeUndefined();
    expect(book.take('POST', '/api_keys')).toMatchObject({ status: 503 });
    expect(book.take('POST', '/api_keys')).toMatchObject({ status: 503 });
    expect(book.take('POST', '/api_keys')).toBeUndefined();
    expect(book.take('GET', '/projects/p/operations/o')).toBeUndefined();
    expect(book.take('GET', '/projects/p/operations')).toMatchObject({ kind: 'drop' });
    expect(book.list()).toEqual([]);
  });

  it("keeps an 'always' fault and reports it as such", () => {
    const book = new FaultBook();
    const id = book.add({ kind: 'delay', ms: 0, times: 'always' });
    for (let i = 0; i < 5; i++) expect(book.take('GET', '/anything')).toMatchObject({ kind: 'delay' });
    expect(book.list()).toEqual([{ kind: 'delay', ms: 0, times: 'always', id, remaining: 'always' }]);
    expect(book.remove(id)).toBe(true);
    expect(book.remove(id)).toBe(false);
  });

  it('keeps its own copy of a spec: changing the object later changes nothing', () => {
    const book = new FaultBook();
    const given = { kind: 'status' as const, status: 503 };
    book.add(given);
    given.status = 42;
    expect(book.take('GET', '/x')).toMatchObject({ status: 503 });
  });

  it('never matches a path pattern against a path with an empty segment', () => {
    const book = new FaultBook();
    book.add({ kind: 'drop', path: '/api_keys', times: 'always' });
    expect(book.take('GET', '//api_keys')).toBeUndefined();
    expect(book.take('GET', '/api_keys/')).toBeUndefined();
  });
});

describe('FaultBook.addAll', () => {
  it('arms every spec of a valid batch, in order', () => {
    const book = new FaultBook();
    const ids = book.addAll([{ kind: 'drop' }, { kind: 'hang' }]);
    expect(book.list().map((f) => [f.id, f.kind])).toEqual([
      [ids[0], 'drop'],
      [ids[1], 'hang'],
    ]);
  });

  it('arms nothing when one spec is bad, and says which', () => {
    const book = new FaultBook();
    expect(() => book.addAll([{ kind: 'drop' }, spec({ kind: 'status', status: 42 })])).toThrow(/^fault 1: .*status/);
    expect(book.list()).toEqual([]);
    expect(() => book.addAll(spec({ kind: 'drop' }) as unknown as FaultSpec[])).toThrow(/array/);
  });
});

describe('fault validation', () => {
  it.each([
    ['an unknown kind', { kind: 'explode' }, /kind/],
    ['an array', [], /kind/],
    ['a status out of range', { kind: 'status', status: 600 }, /status/],
    ['a reply-lost status out of range', { kind: 'reply-lost', status: 99 }, /reply-lost\.status/],
    ['a reply-lost status that is not a number', { kind: 'reply-lost', status: '502' }, /reply-lost\.status/],
    ['a header with CR/LF in its value', { kind: 'status', status: 503, headers: { 'x-a': 'a\r\nset-cookie: b' } }, /headers\.x-a/],
    ['a header value that is not a string', { kind: 'status', status: 503, headers: { 'retry-after': 5 } }, /headers\.retry-after/],
    ['a header name that is not a token', { kind: 'status', status: 503, headers: { 'x a': 'b' } }, /header name/],
    ['headers that are not an object', { kind: 'status', status: 503, headers: ['x'] }, /headers/],
    ['a retryAfter with CR/LF', { kind: 'status', status: 429, retryAfter: '1\r\nx: y' }, /retryAfter/],
    ['a negative retryAfter', { kind: 'status', status: 429, retryAfter: -1 }, /retryAfter/],
    ['a path that is not a string', { kind: 'drop', path: 42 }, /path/],
    ['a method that is not a string', { kind: 'drop', method: ['GET'] }, /method/],
    ['a method with a space', { kind: 'drop', method: 'GET /x' }, /method/],
    ['an afterEffect that is not a boolean', { kind: 'hang', afterEffect: 'yes' }, /afterEffect/],
    ['a delay past the largest timer', { kind: 'delay', ms: MAX_DELAY_MS + 1 }, /ms/],
    ['a negative delay', { kind: 'delay', ms: -1 }, /ms/],
    ['a delay that is not a number', { kind: 'delay', ms: '5' }, /ms/],
    ['times 0', { kind: 'drop', times: 0 }, /times/],
    ['fractional times', { kind: 'drop', times: 1.5 }, /times/],
  ])('refuses %s', (_label, fields, message) => {
    expect(() => new FaultBook().add(spec(fields as Record<string, unknown>))).toThrow(message);
  });

  it('accepts the full range of each field', () => {
    const book = new FaultBook();
    book.add({ kind: 'delay', ms: MAX_DELAY_MS });
    book.add({ kind: 'reply-lost', status: 502 });
    book.add({ kind: 'hang', afterEffect: false });
    book.add({ kind: 'status', status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT', headers: { 'x-ratelimit-remaining': '0' } });
    book.add({ kind: 'status', status: 503, retryAfter: 0, method: 'DELETE', path: '/api_keys/:id', times: 'always' });
    expect(book.list()).toHaveLength(5);
  });
});
