// The crypto a history uses, made cheap and seeded while it runs. Reading the App's one RSA key
// (each run checks it, each JWT imports it) costs a millisecond and gives the same key every time:
// it is read once per process; each JWT's signature is computed on this thread (the same bytes). The GitHub emulator's key pair for each
// target costs a millisecond
// of WebAssembly: the nth pair a history asks for is the process's nth, made once. Random bytes
// (libsodium's, four at a time, the emulators' ids and key values) come from the history's own
// generator: as random to every party, and the same on every replay. Sealing stays a real sealed
// box, which the emulator really opens (sealedBox): its ephemeral key pair is pooled as the target
// key pairs are, so the shared key and nonce of a pair of keys are computed once per process, for sealing
// and for opening.

import crypto, { type KeyObject, type webcrypto } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import sodium from 'libsodium-wrappers';

const real = {
  createPrivateKey: crypto.createPrivateKey,
  createPublicKey: crypto.createPublicKey,
  importKey: crypto.webcrypto.subtle.importKey,
  sign: crypto.webcrypto.subtle.sign,
  randomBytes: crypto.randomBytes,
};

/** Keys read from a PEM string (KeyObjects are immutable: sharing one is reading it again). */
const readKeys = new Map<string, KeyObject>();

function memoized(read: typeof crypto.createPrivateKey, prefix: string): typeof crypto.createPrivateKey {
  return ((input: Parameters<typeof crypto.createPrivateKey>[0]) => {
    if (typeof input !== 'string') return read(input);
    const cacheKey = prefix + input;
    let key = readKeys.get(cacheKey);
    if (!key) {
      key = read(input);
      readKeys.set(cacheKey, key);
    }
    return key;
  }) as typeof crypto.createPrivateKey;
}

type ImportKey = (...args: Parameters<webcrypto.SubtleCrypto['importKey']>) => Promise<webcrypto.CryptoKey>;
const importedKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

/** WebCrypto's importKey, once per key, algorithm and usage (the App's JWT imports its key each time). */
const importKeyOnce: ImportKey = (format, keyData, algorithm, extractable, usages) => {
  const data = ArrayBuffer.isView(keyData)
    ? Buffer.from(keyData.buffer, keyData.byteOffset, keyData.byteLength).toString('base64')
    : keyData instanceof ArrayBuffer
      ? Buffer.from(keyData).toString('base64')
      : JSON.stringify(keyData);
  const cacheKey = JSON.stringify([format, data, algorithm, extractable, usages]);
  let imported = importedKeys.get(cacheKey);
  if (!imported) {
    imported = (real.importKey as ImportKey).call(crypto.webcrypto.subtle, format, keyData, algorithm, extractable, usages);
    importedKeys.set(cacheKey, imported);
    imported.catch(() => importedKeys.delete(cacheKey));
  }
  return imported;
};

type Sign = (...args: Parameters<webcrypto.SubtleCrypto['sign']>) => Promise<ArrayBuffer>;

/** Signatures made, by key and signed text: a JWT signed again within its second is the same bytes. */
const signatures = new WeakMap<webcrypto.CryptoKey, Map<string, Buffer>>();
/** Past this many a key's signatures are forgotten (a long run signs a new text every virtual second). */
const SIGNATURES_KEPT = 10_000;

/**
 * WebCrypto's sign for the App's JWT (RSASSA-PKCS1-v1_5), computed on this thread: the signature is
 * deterministic, so the bytes are WebCrypto's, without its thread-pool job (most of a JWT's cost
 * here), and a text signed before is answered from memory (about half a history's JWTs, ~0.2 ms
 * each). Any other algorithm goes to WebCrypto.
 */
const signHere: Sign = (algorithm, key, data) => {
  const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
  const hash = (key.algorithm as { hash?: { name?: string } }).hash?.name;
  if (name !== 'RSASSA-PKCS1-v1_5' || key.algorithm.name !== name || hash !== 'SHA-256' || !key.usages.includes('sign')) {
    return (real.sign as Sign).call(crypto.webcrypto.subtle, algorithm, key, data);
  }
  const bytes = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data as ArrayBuffer);
  let byText = signatures.get(key);
  if (!byText) {
    byText = new Map();
    signatures.set(key, byText);
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let signature = byText.get(text);
  if (!signature) {
    signature = crypto.sign('sha256', bytes, crypto.KeyObject.from(key));
    if (byText.size >= SIGNATURES_KEPT) byText.clear();
    byText.set(text, signature);
  }
  // A copy: the caller owns the ArrayBuffer it is handed.
  return Promise.resolve(signature.buffer.slice(signature.byteOffset, signature.byteOffset + signature.byteLength) as ArrayBuffer);
};

type KeyPair = { publicKey: Uint8Array; privateKey: Uint8Array; keyType: string };
const keyPairs: KeyPair[] = [];
/** The ephemeral key pairs of sealed boxes: a history's nth box is sealed with the process's nth pair. */
const ephemeralPairs: KeyPair[] = [];
/**
 * What a box between two keys is made with: crypto_box_beforenm of the pair, and the sealed box's nonce blake2b(ephemeral public key ||
 * recipient public key).
 */
interface BoxKeys {
  shared: Uint8Array;
  nonce: Uint8Array;
}
/** The box keys of an ephemeral pair (by index) and a recipient's public key (base64). */
const sealingKeys = new Map<string, BoxKeys>();
/** The sealed box's nonce, blake2b(ephemeral public key || recipient public key), as libsodium computes it. */
function sealNonce(ephemeralPublicKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const nonceInput = new Uint8Array(64);
  nonceInput.set(ephemeralPublicKey, 0);
  nonceInput.set(publicKey, 32);
  return sodium.crypto_generichash(sodium.crypto_box_NONCEBYTES, nonceInput, null);
}

/** Past this many, the shared keys are forgotten (a recipient key outside the pool makes new ones). */
const SHARED_KEYS_KEPT = 100_000;
/** Random numbers libsodium draws for one key pair: 32 bytes, each a 4-byte crypto.randomBytes call of 4 draws. */
const DRAWS_PER_KEY_PAIR = 128;

/**
 * crypto_box_seal (libsodium's construction: the ephemeral public key, then crypto_box of the
 * message with the nonce blake2b(ephemeral public key || recipient public key)), sealed with the
 * history's nth pooled ephemeral pair. It draws what libsodium's would, so the history's later
 * random bytes are the same as with the real seal.
 */
function pooledSeal(random: () => number, realSeal: (...args: unknown[]) => Uint8Array) {
  let sealed = 0;
  return (...args: unknown[]): Uint8Array => {
    const [message, publicKey] = args;
    if (args.length !== 2 || !(message instanceof Uint8Array) || !(publicKey instanceof Uint8Array)) return realSeal(...args);
    for (let i = 0; i < DRAWS_PER_KEY_PAIR; i++) random();
    const index = sealed++;
    // From a seed of its own: making it draws nothing from the history's generator.
    ephemeralPairs[index] ??= sodium.crypto_box_seed_keypair(crypto.createHash('sha256').update(`ephemeral ${index}`).digest()) as KeyPair;
    const ephemeral = ephemeralPairs[index]!;
    const cacheKey = `${index}:${Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('base64')}`;
    let keys = sealingKeys.get(cacheKey);
    if (!keys) {
      // Throws for a key libsodium refuses (a low-order point), as crypto_box_seal does.
      keys = { shared: sodium.crypto_box_beforenm(publicKey, ephemeral.privateKey), nonce: sealNonce(ephemeral.publicKey, publicKey) };
      if (sealingKeys.size >= SHARED_KEYS_KEPT) sealingKeys.clear();
      sealingKeys.set(cacheKey, keys);
    }
    const box = sodium.crypto_box_easy_afternm(message, keys.nonce, keys.shared);
    const out = new Uint8Array(32 + box.length);
    out.set(ephemeral.publicKey, 0);
    out.set(box, 32);
    return out;
  };
}

/** The box keys of a sender's public key and a recipient's key pair (base64 of the three). */
const openingKeys = new Map<string, BoxKeys>();

/**
 * crypto_box_seal_open as libsodium computes it (the box of the message under the nonce
 * blake2b(ephemeral public key || recipient public key)), with the shared key and nonce of the pair computed
 * once per process: the boxes' ephemeral keys and the recipients' are pooled. A box it cannot open
 * goes to the real crypto_box_seal_open, so a wrong key fails as it does.
 */
function pooledSealOpen(realOpen: (...args: unknown[]) => Uint8Array) {
  return (...args: unknown[]): Uint8Array => {
    const [box, publicKey, privateKey] = args;
    if (args.length !== 3 || !(box instanceof Uint8Array) || !(publicKey instanceof Uint8Array) || !(privateKey instanceof Uint8Array))
      return realOpen(...args);
    if (box.length < sodium.crypto_box_SEALBYTES || publicKey.length !== 32 || privateKey.length !== 32) return realOpen(...args);
    const ephemeral = box.subarray(0, 32);
    const cacheKey = Buffer.concat([ephemeral, publicKey, privateKey]).toString('base64');
    let keys = openingKeys.get(cacheKey);
    if (!keys) {
      try {
        keys = { shared: sodium.crypto_box_beforenm(ephemeral, privateKey), nonce: sealNonce(ephemeral, publicKey) };
      } catch {
        return realOpen(...args);
      }
      if (openingKeys.size >= SHARED_KEYS_KEPT) openingKeys.clear();
      openingKeys.set(cacheKey, keys);
    }
    try {
      return sodium.crypto_box_open_easy_afternm(box.subarray(32), keys.nonce, keys.shared);
    } catch {
      return realOpen(...args);
    }
  };
}

/** Resolves once libsodium is loaded (its functions exist only then): before installSimCrypto. */
export const simCryptoReady: Promise<void> = sodium.ready;

/** How many of the pool's key pairs a history was handed: a copied rig (rig-copy.ts) carries it over. */
export interface KeyPairsHanded {
  handed: number;
}

/** Puts the memoized key readers and `random`-driven random bytes in place; returns the undo. */
export function installSimCrypto(random: () => number, pairs: KeyPairsHanded = { handed: 0 }): () => void {
  const mutable = crypto as unknown as Record<string, unknown>;
  mutable.createPrivateKey = memoized(real.createPrivateKey, 'private:');
  mutable.createPublicKey = memoized(real.createPublicKey as typeof crypto.createPrivateKey, 'public:');
  const subtle = crypto.webcrypto.subtle as unknown as Record<string, unknown>;
  subtle.importKey = importKeyOnce;
  subtle.sign = signHere;
  const globalCrypto = globalThis.crypto as unknown as Record<string, unknown>;
  globalCrypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    }
    return array;
  };
  mutable.randomBytes = (size: number, callback?: (error: Error | null, bytes: Buffer) => void) => {
    if (callback) return real.randomBytes(size, callback);
    const bytes = Buffer.allocUnsafe(size);
    for (let i = 0; i < size; i++) bytes[i] = Math.floor(random() * 256);
    return bytes;
  };
  syncBuiltinESMExports();
  const mutableSodium = sodium as unknown as Record<string, unknown>;
  const realKeyPair = sodium.crypto_box_keypair as (...args: unknown[]) => KeyPair;
  mutableSodium.crypto_box_keypair = (...args: unknown[]) => {
    if (args.length) return realKeyPair(...args);
    // Drawn whether the pool has the pair or not: a history's random bytes do not depend on what the process ran before it.
    if (!keyPairs[pairs.handed]) keyPairs[pairs.handed] = realKeyPair();
    else for (let i = 0; i < DRAWS_PER_KEY_PAIR; i++) random();
    const pair = keyPairs[pairs.handed]!;
    pairs.handed += 1;
    // Copies: whoever holds a pair may not change the pool's.
    return { ...pair, publicKey: pair.publicKey.slice(), privateKey: pair.privateKey.slice() };
  };
  const realSeal = sodium.crypto_box_seal as (...args: unknown[]) => Uint8Array;
  const seal = pooledSeal(random, realSeal);
  mutableSodium.crypto_box_seal = seal;
  const realSealOpen = sodium.crypto_box_seal_open as (...args: unknown[]) => Uint8Array;
  mutableSodium.crypto_box_seal_open = pooledSealOpen(realSealOpen);
  return () => {
    mutableSodium.crypto_box_seal_open = realSealOpen;
    mutableSodium.crypto_box_seal = realSeal;
    mutableSodium.crypto_box_keypair = realKeyPair;
    mutable.randomBytes = real.randomBytes;
    mutable.createPrivateKey = real.createPrivateKey;
    mutable.createPublicKey = real.createPublicKey;
    syncBuiltinESMExports();
    delete subtle.importKey;
    delete subtle.sign;
    delete globalCrypto.getRandomValues;
  };
}
