// GitLab masks a variable's value in job logs only when the value meets its masking rule, and
// refuses to save a masked variable otherwise (https://docs.gitlab.com/ci/variables/#mask-a-cicd-variable).
// The rule, as GitLab's current documentation states it: a single line with no spaces, at least 8
// characters, not the name of an existing CI/CD variable; and no `$`, as a masked variable cannot be
// expanded (#prevent-cicd-variable-expansion). A key value is never a variable's name, so that part
// is left to GitLab.

/** GitLab's masking rule, quoted in every refusal. */
export const GITLAB_MASKING_RULE =
  'GitLab masks a CI/CD variable only when its value is a single line with no spaces, is at least 8 characters long, holds no $ ' +
  'and is not the name of an existing CI/CD variable';

const MIN_LENGTH = 8;

/** Which part of GitLab's masking rule `value` breaks (never quoting it), or undefined when it can be masked. */
export function maskingProblem(value: string): string | undefined {
  const broken: string[] = [];
  if (/\s/.test(value)) broken.push('it holds a space or a line break');
  if (value.length < MIN_LENGTH) broken.push(`it is shorter than ${MIN_LENGTH} characters`);
  if (value.includes('$')) broken.push('it holds a $');
  if (!broken.length) return undefined;
  return `the key value cannot be masked by GitLab (${broken.join('; ')}). ${GITLAB_MASKING_RULE}`;
}
