// GitLab's rules for a CI/CD variable, as its documentation states them
// (https://docs.gitlab.com/ci/variables/#for-a-project, #mask-a-cicd-variable, #hide-a-cicd-variable):
// a key of letters, digits and `_` up to 255; a value of at most 10,000 characters; a masked value a
// single line with no spaces, at least 8 characters, of the Base64 alphabet (RFC 4648, with `-` and
// `_`) and `@`, `:`, `.`, `~`; `masked_and_hidden` only when the variable is created (GitLab 17.4+),
// and a hidden variable stays masked and hidden. Refusals are 400s with field errors, as GitLab answers.

import type { EmulatorReply } from '../core/http-server.js';
import type { GitLabVariable } from './world.js';

export const MAX_VALUE_LENGTH = 10_000;
const KEY = /^[A-Za-z0-9_]{1,255}$/;
const MASKABLE = /^[A-Za-z0-9+/=_\-@:.~]{8,}$/;

/** A 400 with GitLab's field errors: `{ message: { value: ['is invalid'] } }`. */
export function fieldErrors(errors: Record<string, string[]>): EmulatorReply {
  return { status: 400, body: { message: errors } };
}

/** A 400 for a parameter missing or of the wrong type: `{ error: 'value is missing' }`. */
export function paramError(error: string): EmulatorReply {
  return { status: 400, body: { error } };
}

/** Whether GitLab could mask `value`. */
export function maskable(value: string): boolean {
  return MASKABLE.test(value);
}

/** The field errors of a variable about to be saved, or undefined when GitLab would save it. */
export function variableErrors(variable: GitLabVariable): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  if (!KEY.test(variable.key)) errors.key = ['can contain only letters, digits and \'_\'.'];
  if (variable.value.length > MAX_VALUE_LENGTH) errors.value = [`is too long (maximum is ${MAX_VALUE_LENGTH} characters)`];
  else if (variable.masked && !maskable(variable.value)) errors.value = ['is invalid'];
  if (!variable.environment_scope || variable.environment_scope.length > 255) errors.environment_scope = ['is invalid'];
  return Object.keys(errors).length ? errors : undefined;
}

/** The variable as the API answers it: a hidden variable's value is never shown. */
export function variableJson(variable: GitLabVariable): Record<string, unknown> {
  return { ...variable, value: variable.hidden ? null : variable.value };
}
