// How an error message shows a value it refuses. A key pasted into the wrong input (timeout,
// project-id...) is not masked: the runner masks only the exact values registered with
// `::add-mask::`. So a refused value is quoted only when it is short and does not look like a
// credential; otherwise the message gives its length and what is wrong with it. "Looks like a
// credential" is @keyturn/api's one scrubber's judgement (redactCredentials would hide it).

import { looksLikeCredential } from '../toolkit/redact-credentials.js';

/** Longest refused value an error message quotes. */
const MAX_QUOTED_LENGTH = 20;

/**
 * A refused value as an error message shows it: `'5d'`, or `a 64-character value` when it is
 * long, or `a 20-character value that looks like a key or token`.
 */
export function rejectedValue(value: string): string {
  if (looksLikeCredential(value)) return `a ${value.length}-character value that looks like a key or token`;
  if (value.length > MAX_QUOTED_LENGTH) return `a ${value.length}-character value`;
  return `'${value}'`;
}

/**
 * A library's error message about `text` with every echo of it hidden: each run of token
 * characters (letters, digits, `_-.~+/=`) that comes from `text` and is long or looks like a
 * credential. For validators this package does not own (secret names, target specs), whose
 * messages quote what they refuse.
 */
export function withoutEchoes(message: string, text: string): string {
  return message.replace(/[A-Za-z0-9_+/=.~-]+/g, (run) =>
    text.includes(run) && (run.length > MAX_QUOTED_LENGTH || looksLikeCredential(run)) ? `[${run.length} characters]` : run,
  );
}
