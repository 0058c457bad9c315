// The third way to reach GitHub: as a GitHub App, by its id and private key. The run mints one
// installation token per owner it touches, with only the permissions and repositories its targets
// need, and revokes them at the end (installation-tokens.ts). The credentials are checked here,
// before any request; neither is ever quoted.
// https://docs.github.com/apps/creating-github-apps/authenticating-with-a-github-app/managing-private-keys-for-github-apps

import { createPrivateKey } from 'node:crypto';
import { OptionError } from '@keyturn/api';
import { looksLikeCredential } from '@keyturn/api/toolkit';
import type { GitHubClientOptions } from '../github-client/octokit.js';

/** `github` as a GitHub App: its id and private key, and the client options of `createGitHubClient`. */
export type GitHubAppAccess = Omit<GitHubClientOptions, 'token'> & {
  /** The App's id (App settings > General > App ID), or its client id. */
  appId: string | number;
  /** The App's private key: the whole `.pem` file GitHub downloads (App settings > Private keys). */
  privateKey: string;
  /**
   * Called with each installation token as soon as it is minted, before it is used (the Action
   * masks it here). What it throws fails the preflight; nothing is changed then.
   */
  onToken?: (token: string) => void | Promise<void>;
};

/** Whether `github` is the App form (it names an `appId` or a `privateKey`). */
export function isAppAccess(github: object): github is GitHubAppAccess {
  return 'appId' in github || 'privateKey' in github;
}

const WHAT_TO_PASTE =
  "paste the whole .pem file the App's settings download (Private keys > Generate a private key), from -----BEGIN to -----END";

/** The App's id as GitHub's JWT `iss` takes it; an OptionError of `appId` otherwise. */
export function checkAppId(appId: unknown): string {
  const text = typeof appId === 'number' ? String(appId) : typeof appId === 'string' ? appId.trim() : '';
  if (/^[1-9]\d{0,15}$/.test(text) || /^Iv[0-9A-Za-z.]{6,40}$/.test(text)) return text;
  // Quoted only when short and not shaped like a credential (a key pasted here must not be logged).
  const given = typeof appId === 'string' && appId.length <= 20 && !looksLikeCredential(appId) ? `, not ${JSON.stringify(appId)}` : '';
  throw new OptionError('appId', `appId must be the GitHub App's id (App settings > General > App ID) or its client id${given}`);
}

/**
 * The private key as a PEM text the signer reads (a key stored with `\n` escapes is unescaped);
 * an OptionError of `privateKey` saying what to paste instead. Never quotes the value.
 */
export function checkPrivateKey(privateKey: unknown): string {
  if (typeof privateKey !== 'string' || !privateKey.trim()) {
    throw new OptionError('privateKey', `privateKey is required: ${WHAT_TO_PASTE}`);
  }
  const text = privateKey.trim();
  const refuse = (what: string) => new OptionError('privateKey', `privateKey ${what}, not the App's private key: ${WHAT_TO_PASTE}`);
  if (/^SHA256:/i.test(text)) throw refuse("is the key's SHA256 fingerprint");
  if (/^(?:gh[pousr]_|github_pat_)/.test(text)) throw refuse('is a GitHub token');
  if (/^napi_/.test(text)) throw refuse('is a platform API key');
  if (/-----BEGIN [A-Z ]*PUBLIC KEY-----/.test(text)) throw refuse('is a public key');
  const pem = text.includes('\\n') && !text.includes('\n') ? text.replace(/\\n/g, '\n') : text;
  if (!/^-----BEGIN (?:RSA )?PRIVATE KEY-----\s[\s\S]+\s-----END (?:RSA )?PRIVATE KEY-----$/.test(pem)) {
    throw refuse('is not a PEM private key');
  }
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw refuse('is not a readable RSA private key (it may be cut short or have lost its line breaks)');
  }
  return `${pem}\n`;
}
