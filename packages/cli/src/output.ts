// Where a command's words go: the result on stdout (JSON, or a table for people), progress and the
// summary on stderr: a spinner on a terminal, plain lines otherwise (a CI log). Every line passes
// through Secrets first: a credential the run holds never reaches either stream, whatever a message
// carries (the libraries scrub their own messages; this is the last line of defence).

import yoctoSpinner, { type Spinner } from 'yocto-spinner';

import type { OutputFormat } from './command-settings.js';
import { markResultWritten } from './failure-document.js';

/** The values no output may hold: the run's credentials, and a new key once it exists. */
export class Secrets {
  readonly #values = new Set<string>();
  add(value: string | undefined): void {
    if (value) this.#values.add(value);
  }
  /**
   * `text` with every known value redacted. Only known values: the pattern scrubber would also
   * take a fingerprint or a record's variable name (16 hex digits) for a key.
   */
  scrub(text: string): string {
    let out = text;
    for (const value of this.#values) out = out.split(value).join('[redacted]');
    return out;
  }
}

/** Progress on stderr: a spinner on a terminal, one plain line per update elsewhere. */
export class Progress {
  #spinner: Spinner | undefined;
  #lastPlain = '';
  constructor(
    private readonly secrets: Secrets,
    private readonly interactive = Boolean(process.stderr.isTTY) && !process.env.CI,
  ) {}

  /** What is happening now: the spinner's text, or a line (repeats left out). */
  update(text: string): void {
    const clean = this.secrets.scrub(text);
    if (this.interactive) {
      if (this.#spinner) this.#spinner.text = clean;
      else this.#spinner = yoctoSpinner({ text: clean, stream: process.stderr, handleSignals: false }).start();
    } else if (clean !== this.#lastPlain) {
      this.#lastPlain = clean;
      process.stderr.write(`${clean}\n`);
    }
  }

  /** A line that stays (a step's news, a warning), above the spinner. */
  line(text: string, level: 'info' | 'warning' = 'info'): void {
    const clean = this.secrets.scrub(level === 'warning' ? `warning: ${text}` : text);
    process.stderr.write(`${clean}\n`);
  }

  /** Ends the spinner; `text` is the summary line that stays. */
  done(text?: string, ok = true): void {
    const clean = text === undefined ? undefined : this.secrets.scrub(text);
    if (this.#spinner) {
      if (clean === undefined) this.#spinner.stop();
      else if (ok) this.#spinner.success(clean);
      else this.#spinner.error(clean);
      this.#spinner = undefined;
    } else if (clean !== undefined) process.stderr.write(`${clean}\n`);
  }
}

/** Writes the command's result to stdout, as JSON (one document) or as a table for people. */
export function writeResult(format: OutputFormat, secrets: Secrets, json: object, table: () => string): void {
  const text = format === 'json' ? JSON.stringify(json, null, 2) : table();
  markResultWritten();
  process.stdout.write(`${secrets.scrub(text)}\n`);
}

/** Columns padded to their widest cell, a header line first. */
export function renderTable(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  return cells.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}
