// GitLab masks a variable's value in job logs only when the value meets its masking rule, and
// refuses to save a masked variable otherwise (https://docs.gitlab.com/ci/variables/#mask-a-cicd-variable).
// The rule, as GitLab's documentation and its validation messages state it: a single line with no
// spaces, at least 8 characters, and only characters of the Base64 alphabet (RFC 4648, the URL-safe
// `-` and `_` included) and `@`, `:`, `.` and `~`.

/** GitLab's masking rule, quoted in every refusal. */
export const GITLAB_MASKING_RULE =
  'GitLab masks a CI/CD variable only when its value is a single line with no spaces, is at least 8 characters long, and holds only characters of the Base64 alphabet (RFC 4648: A-Z, a-z, 0-9, +, /, =, and - and _) and @, :, . or ~';

const MASKABLE = /^[A-Za-z0-9+/=_\-@:.~]+$/;
const MIN_LENGTH = 8;

/** Which part of GitLab's masking rule `value` breaks (never quoting it), or undefined when it can be masked. */
export function maskingProblem(value: string): string | undefined {
  const broken: string[] = [];
  if (/\s/.test(value)) broken.push('it holds a space or a line break');
  if (value.length < MIN_LENGTH) broken.push(`it is shorter than ${MIN_LENGTH} characters`);
  if (!MASKABLE.test(value.replace(/\s/g, '')) && value.trim()) broken.push('it holds characters outside that set');
  if (!broken.length) return undefined;
  return `the key value cannot be masked by GitLab (${broken.join('; ')}). ${GITLAB_MASKING_RULE}`;
}
