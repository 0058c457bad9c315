// GitLab's rules for a CI/CD variable, as its documentation states them
// (https://docs.gitlab.com/ci/variables/#for-a-project, #mask-a-cicd-variable, #hide-a-cicd-variable,
// #prevent-cicd-variable-expansion): a key of letters, digits and `_` up to 255; a value of at most
// 10,000 characters; a masked value a single line with no spaces, at least 8 characters, without `$`
// (a masked variable cannot be expanded), and not the name of an existing predefined or custom
// variable; `variable_type` `env_var` or `file`; `masked_and_hidden` only when the variable is
// created (GitLab 17.4+), and a hidden variable stays masked and hidden. Refusals are 400s with
// field errors, or a parameter error for a value outside a parameter's set, as GitLab answers.

import type { EmulatorReply } from '../core/http-server.js';
import type { GitLabVariable } from './world.js';

export const MAX_VALUE_LENGTH = 10_000;
const KEY = /^[A-Za-z0-9_]{1,255}$/;
const MASKABLE = /^[^\s$]{8,}$/;
/** Predefined variables' names (CI_COMMIT_SHA, GITLAB_USER_LOGIN, ...): their prefixes, as the emulator cannot list them all. */
const PREDEFINED = /^(CI|GITLAB|RUNNER)_[A-Z0-9_]+$/;
export const VARIABLE_TYPES: ReadonlySet<string> = new Set(['env_var', 'file']);

/** A 400 with GitLab's field errors: `{ message: { value: ['is invalid'] } }`. */
export function fieldErrors(errors: Record<string, string[]>): EmulatorReply {
  return { status: 400, body: { message: errors } };
}

/** A 400 for a parameter missing or of the wrong type: `{ error: 'value is missing' }`. */
export function paramError(error: string): EmulatorReply {
  return { status: 400, body: { error } };
}

/** Whether GitLab could mask `value`, among variables named `names` (the owner's). */
export function maskable(value: string, names: ReadonlySet<string> = new Set()): boolean {
  return MASKABLE.test(value) && !PREDEFINED.test(value) && !names.has(value);
}

/** Grape's answer to a `variable_type` outside its values, or undefined when it is one of them (or not given). */
export function variableTypeError(given: unknown): EmulatorReply | undefined {
  return given === undefined || (typeof given === 'string' && VARIABLE_TYPES.has(given))
    ? undefined
    : paramError('variable_type does not have a valid value');
}

/** The field errors of a variable about to be saved among the owner's `names`, or undefined when GitLab would save it. */
export function variableErrors(variable: GitLabVariable, names?: ReadonlySet<string>): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  if (!KEY.test(variable.key)) errors.key = ["can contain only letters, digits and '_'."];
  if (variable.value.length > MAX_VALUE_LENGTH) errors.value = [`is too long (maximum is ${MAX_VALUE_LENGTH} characters)`];
  else if (variable.masked && !maskable(variable.value, names)) errors.value = ['is invalid'];
  if (!variable.environment_scope || variable.environment_scope.length > 255) errors.environment_scope = ['is invalid'];
  return Object.keys(errors).length ? errors : undefined;
}

/** The variable as the API answers it: a hidden variable's value is never shown. */
export function variableJson(variable: GitLabVariable): Record<string, unknown> {
  return { ...variable, value: variable.hidden ? null : variable.value };
}
