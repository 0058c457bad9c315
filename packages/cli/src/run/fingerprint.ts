// `keyturn fingerprint`: the fingerprint of a key value read from standard input, never from an
// argument or the environment: the way to name a leaked key (to `status`, to a colleague, in an
// issue) without pasting its value anywhere. On a terminal the value is read without echo.

import { keyFingerprint } from '@keyturn/rotation';
import type { Command } from 'commander';
import { UsageError } from '../cli-error.js';
import { commandContext } from '../command-context.js';
import type { ConfigReaderLoader } from '../define-command.js';
import { writeResult } from '../output.js';

/** Longer than any key or token: more is not a key. */
const MAX_VALUE = 4096;

export async function runFingerprint(cmd: Command, loadConfigReader: ConfigReaderLoader): Promise<void> {
  const ctx = await commandContext(cmd, [], loadConfigReader);
  const value = (process.stdin.isTTY ? await readHidden() : await readAll()).trim();
  ctx.secrets.add(value);
  if (!value)
    throw new UsageError(['no key value on standard input: pipe it in (pbpaste | keyturn fingerprint) or redirect a file (< key.txt)']);
  if (value.length > MAX_VALUE || /\s/.test(value))
    throw new UsageError(['standard input holds more than one value: give one key value, alone']);
  const fingerprint = keyFingerprint(value);
  writeResult(ctx.format, ctx.secrets, { command: 'fingerprint', fingerprint }, () => fingerprint);
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_VALUE * 4) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One line from the terminal, not echoed (a pasted key never shows on screen nor in scrollback). */
function readHidden(): Promise<string> {
  process.stderr.write('Paste the key value (it is not shown), then press Enter: ');
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (result: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(() => resolve(text));
        if (char === '\u0003') return finish(() => reject(new UsageError(['cancelled'])));
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}
