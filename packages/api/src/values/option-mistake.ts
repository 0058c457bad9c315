// A library's option mistake (OptionError) in a front end's words. The libraries check every value
// (validation once, in the libraries); an Action or the CLI only names the input that set the option. Where
// the library checked it (`createClient: `) and the option's own name are left out, and echoes of
// the input's text are hidden, as the library may quote what it refuses.

import type { OptionError } from '../errors.js';
import { looksLikeCredential } from '../toolkit/redact-credentials.js';
import { InputError } from './input-error.js';
import { rejectedValue, withoutEchoes } from './refused-values.js';

/** `mistake` as an InputError of `input`, whose text as given was `text`. */
export function optionMistake(input: string, mistake: OptionError, text = ''): InputError {
  // A message that opens with its option in backquotes (or a field of it) is said of the input as it stands.
  const own = new RegExp(`^\`${escaped(mistake.option)}(\\.\\w+)?\` `).exec(mistake.message)?.[0];
  if (own) {
    const rest = mistake.message.slice(own.length);
    return new InputError(input, text ? withoutEchoes(rest, text) : rest);
  }
  const problem = mistake.message.replace(/^[\w.]+: /, '');
  // `platform.baseUrl` is worded as `baseUrl` by the client that checked it; `ids[1]` is an item.
  const name = mistake.option.split('.').pop() ?? '';
  const item = /^(.*)\[(\d+)\]$/.exec(name);
  // Written by its whole path (`alerts.scope must be ...`) or its last name, and perhaps one field
  // deeper (`leakedKey.fingerprint must be ...`).
  const written = new RegExp(`^(?:${escaped(mistake.option)}|${escaped(name)})(\\.\\w+)* `).exec(problem)?.[0];
  const subject = item ? `${item[1]}[${item[2]}] ` : (written ?? `${name} `);
  const worded = problem.startsWith(subject) ? `${item ? `item ${Number(item[2]) + 1}` : 'it'} ${problem.slice(subject.length)}` : problem;
  // A credential pasted into the wrong input is said to be one: that, not the syntax, is the mistake.
  const what = looksLikeCredential(text) ? rejectedValue(text) : 'invalid';
  return new InputError(input, `is ${what}: ${text ? withoutEchoes(worded, text) : worded}`);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
