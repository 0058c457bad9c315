import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.js';

describe('isLoopbackHost', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    'localhost',
    'LOCALHOST',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '[::ffff:127.9.9.9]',
  ])('accepts %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '[::]',
    '10.0.0.1',
    '192.168.1.20',
    '128.0.0.1',
    '::ffff:10.0.0.1',
    '::2',
    'fe80::1',
    'example.com',
    'localhost.example.com',
    '',
  ])('refuses %s', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
