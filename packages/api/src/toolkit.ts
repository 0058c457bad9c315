// Public API of @keyturn/api/toolkit: what keyturn's other packages (and anyone building a client
// or a log in keyturn's way) share with the platform client: the clock, the attempt loop and the
// reading of a server's asked wait, the request event, hook and signal plumbing, and the credential
// checks and scrubber.
export { type AttemptRules, type AttemptVerdict, runAttempts } from './toolkit/attempts.js';
export { githubTokenProblem, platformKeyProblem } from './toolkit/credential-shapes.js';
export { countNoun } from './toolkit/count-noun.js';
export { isLoopbackHost } from './internal/loopback-host.js';
export { notifyHook } from './toolkit/notify-hook.js';
export { looksLikeCredential, redactCredentials } from './toolkit/redact-credentials.js';
export type { RequestEvent } from './toolkit/request-event.js';
export { RATE_LIMIT_RULES } from './toolkit/rate-limit-rules.js';
export { parseRetryAfter, type RateLimitRules, type RateLimitWait, rateLimitWait } from './toolkit/retry-after.js';
export { type AbortTimer, type Runtime, SleepAborted, systemRuntime } from './toolkit/runtime.js';
export { type LinkedSignal, linkSignals } from './toolkit/signals.js';
