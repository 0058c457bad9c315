import sodium from 'libsodium-wrappers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SealError, sealSecret } from './seal.js';

describe('sealSecret', () => {
  beforeAll(async () => {
    await sodium.ready;
  });

  it('seals a value that only the matching private key opens', async () => {
    const pair = sodium.crypto_box_keypair();
    const publicKey = sodium.to_base64(pair.publicKey, sodium.base64_variants.ORIGINAL);
    const sealed = await sealSecret('the value', publicKey);
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const box = sodium.from_base64(sealed, sodium.base64_variants.ORIGINAL);
    expect(sodium.to_string(sodium.crypto_box_seal_open(box, pair.publicKey, pair.privateKey))).toBe('the value');

    const other = sodium.crypto_box_keypair();
    expect(() => sodium.crypto_box_seal_open(box, other.publicKey, other.privateKey)).toThrow();
  });

  it('refuses a public key that is not 32 bytes of base64', async () => {
    await expect(sealSecret('v', 'not base64!')).rejects.toThrow(SealError);
    await expect(sealSecret('v', sodium.to_base64(new Uint8Array(16), sodium.base64_variants.ORIGINAL))).rejects.toThrow(
      /16 bytes, not 32/,
    );
    await expect(sealSecret('v', sodium.to_base64(new Uint8Array(32), sodium.base64_variants.ORIGINAL))).rejects.toThrow(
      /not a usable X25519 key/,
    );
  });
});
