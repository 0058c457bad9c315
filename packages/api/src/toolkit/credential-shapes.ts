// Each service's credential has a shape of its own: a value shaped like the other service's is a
// paste into the wrong place, refused before it is sent anywhere (it would reach the wrong service).
// GitHub's token formats: https://github.blog/engineering/behind-githubs-new-authentication-token-formats/

// ghp_ (personal), gho_ (OAuth), ghu_ / ghs_ (GitHub App user and installation), ghr_ (refresh),
// github_pat_ (fine-grained), and the 40 hex digits of a classic token made before 2021.
const GITHUB_TOKEN = /^(?:gh[pousr]_[A-Za-z0-9_]{16,}|github_pat_[A-Za-z0-9_]{16,}|[0-9a-f]{40})$/;
// The platform's keys: `napi_` and key material, or 64 hex digits.
const PLATFORM_KEY = /^(?:napi_[A-Za-z0-9_]{16,}|[0-9a-fA-F]{64})$/;

/**
 * Why `value` cannot be the platform API key (a sentence to follow the option's name), or
 * undefined when nothing says it is not one.
 */
export function platformKeyProblem(value: string): string | undefined {
  if (!GITHUB_TOKEN.test(value)) return undefined;
  return (
    'is shaped like a GitHub token, not a platform API key, so it was not sent to the platform: pass the key from the secret ' +
    'being rotated'
  );
}

/**
 * Why `value` cannot be a GitHub token (a sentence to follow the option's name), or undefined
 * when nothing says it is not one.
 */
export function githubTokenProblem(value: string): string | undefined {
  if (!PLATFORM_KEY.test(value)) return undefined;
  return 'is shaped like a platform API key, not a GitHub token, so it was not sent to GitHub: pass a token that can write secrets';
}
