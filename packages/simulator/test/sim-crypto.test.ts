// The history's crypto is cheap but real: a box sealed or opened with the pooled keys is libsodium's
// sealed box, a box for another key still fails, and a JWT signature given from memory is the one
// the key makes.

import crypto from 'node:crypto';
import sodium from 'libsodium-wrappers';
import { afterEach, describe, expect, it } from 'vitest';
import { installSimCrypto, simCryptoReady } from '../src/sim-crypto.js';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

describe('the simulator crypto', () => {
  it('seals and opens boxes libsodium itself opens and seals, and refuses a box for another key', async () => {
    await simCryptoReady;
    const realOpen = sodium.crypto_box_seal_open;
    const realSeal = sodium.crypto_box_seal;
    const recipient = sodium.crypto_box_keypair();
    const other = sodium.crypto_box_keypair();
    let draws = 0;
    uninstall = installSimCrypto(() => (draws++ % 97) / 97);
    const message = new TextEncoder().encode('a key value');
    for (let i = 0; i < 2; i++) {
      // Sealed by the pooled seal, twice with the same keys (the second from the cache): libsodium opens it.
      const sealed = sodium.crypto_box_seal(message, recipient.publicKey);
      expect(realOpen(sealed, recipient.publicKey, recipient.privateKey)).toEqual(message);
      expect(sodium.crypto_box_seal_open(sealed, recipient.publicKey, recipient.privateKey)).toEqual(message);
      expect(() => sodium.crypto_box_seal_open(sealed, other.publicKey, other.privateKey)).toThrow();
      // Sealed by libsodium with a fresh ephemeral key: the pooled open opens it too.
      const real = realSeal(message, recipient.publicKey);
      expect(sodium.crypto_box_seal_open(real, recipient.publicKey, recipient.privateKey)).toEqual(message);
      const tampered = real.slice();
      tampered[tampered.length - 1]! ^= 1;
      expect(() => sodium.crypto_box_seal_open(tampered, recipient.publicKey, recipient.privateKey)).toThrow();
    }
  });

  it('signs a JWT text with the key, the same bytes when it signs it again', async () => {
    await simCryptoReady;
    uninstall = installSimCrypto(Math.random);
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    const der = privateKey.export({ type: 'pkcs8', format: 'der' });
    const key = await crypto.webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
    const text = new TextEncoder().encode('header.payload');
    const first = await crypto.webcrypto.subtle.sign(algorithm, key, text);
    const again = await crypto.webcrypto.subtle.sign(algorithm, key, text);
    expect(Buffer.from(again)).toEqual(Buffer.from(first));
    expect(again).not.toBe(first);
    expect(crypto.verify('sha256', text, publicKey, Buffer.from(first))).toBe(true);
    const other = await crypto.webcrypto.subtle.sign(algorithm, key, new TextEncoder().encode('header.other'));
    expect(crypto.verify('sha256', new TextEncoder().encode('header.other'), publicKey, Buffer.from(other))).toBe(true);
  });
});
