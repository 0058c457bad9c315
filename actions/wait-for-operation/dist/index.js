// ../common/src/entry-point.ts
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
function isEntryPoint(moduleUrl, argv = process.argv) {
  const script = argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}

// ../../packages/api/dist/toolkit/redact-credentials.js
var REDACTED = "[redacted]";
var BEARER_VALUE = /\b(bearer\s+)(?![[<])(?![a-z]{5,}\b)[^\s"',;)]+/gi;
var TOKEN_VALUE = /\b(token\s+)(?=[^\s"',;)]*[0-9_\-.=+/])[^\s"',;)]{8,}/gi;
var PREFIXED_TOKEN = /(?<![A-Za-z0-9])(?:gh[pousr]_|github_pat_|napi_)[A-Za-z0-9_]{4,}/g;
var RANDOM_RUN = /[A-Za-z0-9]{16,}/g;
function redactCredentials(text, known = []) {
  let out = text;
  for (const secret of known)
    if (secret)
      out = out.split(secret).join(REDACTED);
  return out.replace(BEARER_VALUE, `$1${REDACTED}`).replace(TOKEN_VALUE, `$1${REDACTED}`).replace(PREFIXED_TOKEN, REDACTED).replace(RANDOM_RUN, (run2) => /[A-Za-z]/.test(run2) && /\d/.test(run2) ? REDACTED : run2);
}
function looksLikeCredential(text) {
  return redactCredentials(text) !== text;
}
function safeExcerpt(text, known, max = 300) {
  const line = redactCredentials(text, known).replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
}

// ../../packages/api/dist/toolkit/rate-limit-rules.js
var A_MINUTE_MS = 6e4;
var RATE_LIMIT_RULES = {
  /**
   * The platform (DESIGN: a 429 "may or may not" send `Retry-After`): no reset header, and no advice,
   * so the client backs off as for any transient failure. Its client has always read "1.5" as 1.5 s.
   */
  platform: { fractionalSeconds: true },
  /**
   * GitHub: `retry-after` seconds, else once `x-ratelimit-remaining` is 0 until `x-ratelimit-reset`
   * (epoch seconds; a second past it, so the next attempt lands in the new window), else "at least
   * one minute". https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit
   */
  github: {
    reset: "x-ratelimit-reset",
    remaining: "x-ratelimit-remaining",
    afterResetMs: 1e3,
    unsaidMs: A_MINUTE_MS,
    wholeSeconds: { min: 0 }
  },
  /**
   * GitLab: `Retry-After` seconds, else `RateLimit-Reset` (a Unix time; `RateLimit-ResetTime` says the
   * same as a date), sent whatever `RateLimit-Remaining` says. https://docs.gitlab.com/security/rate_limits/
   * https://docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom
   */
  gitlab: { reset: "ratelimit-reset", unsaidMs: A_MINUTE_MS, wholeSeconds: { min: 1 } },
  /** Vercel: `X-RateLimit-Reset` (epoch seconds) once `X-RateLimit-Remaining` is 0. https://vercel.com/docs/rest-api/errors */
  vercel: { reset: "x-ratelimit-reset", remaining: "x-ratelimit-remaining", unsaidMs: A_MINUTE_MS }
};

// ../../packages/api/dist/toolkit/retry-after.js
var DELAY_SECONDS = /^\d+$/;
var FRACTIONAL_SECONDS = /^\d+(\.\d+)?$/;
function parseRetryAfter(value, nowMs, rules) {
  const text = value?.trim();
  if (!text)
    return void 0;
  if ((rules.fractionalSeconds ? FRACTIONAL_SECONDS : DELAY_SECONDS).test(text))
    return Math.round(Number(text) * 1e3);
  if (!/[a-z]/i.test(text))
    return void 0;
  const at = Date.parse(text);
  return Number.isNaN(at) ? void 0 : Math.max(0, at - nowMs);
}

// ../../packages/api/dist/errors.js
var KeyturnError = class extends Error {
  name = "KeyturnError";
};
var OptionError = class extends KeyturnError {
  name = "OptionError";
  /** The option's path as the caller wrote it, e.g. `baseUrl` or `retries.maxRetries`. */
  option;
  constructor(option, message) {
    super(message);
    this.option = option;
  }
};
var ApiError = class extends KeyturnError {
  name = "ApiError";
  method;
  path;
  status;
  code;
  requestId;
  /** Wait the server asked for (`Retry-After`), when it sent one. */
  retryAfterMs;
  /** A later retry may succeed: 408, 423, 429, 5xx, a connection failure or a timeout. */
  transient;
  /**
   * The request may have changed state on the platform although it failed: a request other than
   * GET or HEAD whose answer was lost, timed out or cut short by the caller's signal in flight,
   * was 408 or 5xx other than 503, or was a 2xx whose body could not be read. Check before
   * repeating it.
   */
  mayHaveTakenEffect;
  /** Attempts made before this error was thrown (retries included). */
  attempts = 1;
  constructor(message, init) {
    super(message, init.cause === void 0 ? void 0 : { cause: init.cause });
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.transient = init.transient ?? isTransientStatus(init.status);
    this.mayHaveTakenEffect = init.mayHaveTakenEffect ?? (changesState(init.method) && statusMayHaveTakenEffect(init.status));
  }
  /** Builds the error subclass that matches an HTTP error response. */
  static generate(response) {
    const { method, path, status } = response;
    const body = asErrorBody(response.body);
    const secrets = response.secrets ?? [];
    const rawRequestId = body.request_id ?? response.headers?.get("x-request-id") ?? void 0;
    const requestId = rawRequestId === void 0 ? void 0 : safeExcerpt(rawRequestId, secrets, 100);
    const retryAfterMs = parseRetryAfter(response.headers?.get("retry-after"), response.now ?? Date.now(), RATE_LIMIT_RULES.platform);
    const code = body.code === void 0 ? void 0 : safeExcerpt(body.code, secrets, 60);
    const init = { method, path, status, code, requestId, retryAfterMs };
    const said = body.message ? `: ${safeExcerpt(body.message, secrets).replace(/\.$/, "")}` : "";
    const head = `${method} ${path} failed with HTTP ${status}${code ? ` ${code}` : ""}${said}.`;
    const tail = requestId ? ` (request id ${requestId})` : "";
    const [ErrorClass, advice] = classify(status, method, path, retryAfterMs, said !== "");
    return new ErrorClass(`${head} ${advice}${tail}`, init);
  }
  /** The safe fields, so JSON logs of an error never carry more than the message says. */
  toJSON() {
    return {
      name: this.name,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      code: this.code,
      requestId: this.requestId,
      retryAfterMs: this.retryAfterMs,
      transient: this.transient,
      mayHaveTakenEffect: this.mayHaveTakenEffect,
      attempts: this.attempts
    };
  }
};
function changesState(method) {
  return method !== "GET" && method !== "HEAD";
}
function isTransientStatus(status) {
  return status !== void 0 && (status === 408 || status === 423 || status === 429 || status >= 500);
}
function statusMayHaveTakenEffect(status) {
  return status !== void 0 && (status === 408 || status >= 500 && status !== 503);
}
var InvalidRequestError = class extends ApiError {
  name = "InvalidRequestError";
};
var AuthenticationError = class extends ApiError {
  name = "AuthenticationError";
};
var PermissionDeniedError = class extends ApiError {
  name = "PermissionDeniedError";
};
var NotFoundError = class extends ApiError {
  name = "NotFoundError";
};
var ConflictError = class extends ApiError {
  name = "ConflictError";
};
var LockedError = class extends ConflictError {
  name = "LockedError";
};
var RateLimitError = class extends ApiError {
  name = "RateLimitError";
};
var ServerError = class extends ApiError {
  name = "ServerError";
};
var RedirectRefusedError = class extends ApiError {
  name = "RedirectRefusedError";
};
var ConnectionError = class extends ApiError {
  name = "ConnectionError";
  constructor(message, init) {
    super(message, {
      ...init,
      transient: init.transient ?? true,
      mayHaveTakenEffect: init.mayHaveTakenEffect ?? changesState(init.method)
    });
  }
};
var TimeoutError = class extends ConnectionError {
  name = "TimeoutError";
};
var RequestAbortedError = class extends ApiError {
  name = "RequestAbortedError";
  constructor(message, init) {
    super(message, { ...init, transient: false, mayHaveTakenEffect: init.mayHaveTakenEffect ?? false });
  }
};
var ResponseShapeError = class extends ApiError {
  name = "ResponseShapeError";
  constructor(message, init) {
    super(message, { ...init, transient: false, mayHaveTakenEffect: init.mayHaveTakenEffect ?? changesState(init.method) });
  }
};
var MAY_HAVE_TAKEN_EFFECT = "The request may have taken effect: check before repeating it.";
var NEW_KEY = "make a new key in the console (Account settings > API keys) and store it where this tool reads it.";
function classify(status, method, path, retryAfterMs, said = false) {
  const wait = retryAfterMs === void 0 ? "" : ` (the platform asks to wait ${Math.ceil(retryAfterMs / 1e3)} s)`;
  switch (status) {
    case 400:
    case 422:
      return [InvalidRequestError, "The platform rejected the request as invalid: check its parameters."];
    case 401:
      return [
        AuthenticationError,
        said ? `${NEW_KEY[0].toUpperCase()}${NEW_KEY.slice(1)}` : `The API key is missing, invalid or revoked: ${NEW_KEY}`
      ];
    case 403:
      return [PermissionDeniedError, forbiddenAdvice(path)];
    case 404:
      return [NotFoundError, "Check the ids in the path: they do not exist, or belong to another account."];
    case 409:
      return [ConflictError, "The request conflicts with the current state of the resource: retry once it settles."];
    case 423:
      return [LockedError, `Another operation is running on the project: wait for it to finish (operations.wait) and retry${wait}.`];
    case 429:
      return [
        RateLimitError,
        `Rate limited: the platform allows about 700 requests a minute and 40 a second per route; slow down and retry later${wait}.`
      ];
  }
  if (status === 503)
    return [ServerError, `The platform is unavailable and the request did not take effect: retry later${wait}.`];
  if (status >= 500) {
    const effect = method === "GET" ? "" : ` ${MAY_HAVE_TAKEN_EFFECT}`;
    return [ServerError, `The platform failed to handle the request: retry later.${effect}`];
  }
  return [ApiError, "This status is not expected from the platform API: check baseUrl and the request."];
}
function forbiddenAdvice(path) {
  if (/^\/organizations\/[^/]+\/api_keys(\/|$)/.test(path)) {
    return "The API key may not manage this organization's keys: an organization-wide key needs an organization admin's personal key (or an organization key), a project-scoped key any member's; a project-scoped key manages no keys.";
  }
  return "The API key is not allowed to do this: check that its account owns the resource.";
}
function asErrorBody(body) {
  if (typeof body !== "object" || body === null)
    return {};
  const { code, message, request_id } = body;
  return {
    code: typeof code === "string" && code !== "" ? code : void 0,
    message: typeof message === "string" && message !== "" ? message : void 0,
    request_id: typeof request_id === "string" && request_id !== "" ? request_id : void 0
  };
}

// ../../packages/api/dist/version.js
var VERSION = "0.0.0";

// ../../packages/api/dist/options.js
var DEFAULT_BASE_URL = "https://console.neon.tech/api/v2";
var DEFAULT_TIMEOUT_MS = 3e4;
var DEFAULT_USER_AGENT = `keyturn/${VERSION}`;

// ../../packages/api/dist/toolkit/credential-shapes.js
var GITHUB_TOKEN = /^(?:gh[pousr]_[A-Za-z0-9_]{16,}|github_pat_[A-Za-z0-9_]{16,}|[0-9a-f]{40})$/;
function platformKeyProblem(value) {
  if (!GITHUB_TOKEN.test(value))
    return void 0;
  return "is shaped like a GitHub token, not a platform API key, so it was not sent to the platform: pass the key from the secret being rotated";
}

// ../../packages/api/dist/toolkit/runtime.js
var SleepAborted = class extends KeyturnError {
  name = "SleepAborted";
};
function abortableSleep(ms, signal, clock = Date.now) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new SleepAborted("sleep aborted"));
      return;
    }
    const until = clock() + ms;
    let timer;
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SleepAborted("sleep aborted"));
    };
    const wake = () => {
      const early = until - clock();
      if (early > 0) {
        timer = setTimeout(wake, early);
        return;
      }
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    timer = setTimeout(wake, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
function abortAfter(ms, reason) {
  const controller = new AbortController();
  if (ms <= 0) {
    controller.abort(reason);
    return { signal: controller.signal, dispose: () => void 0 };
  }
  const timer = setTimeout(() => controller.abort(reason), ms);
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}
var systemRuntime = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: abortableSleep,
  abortAfter
};

// ../../packages/api/dist/internal/loopback-host.js
function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host === "::1")
    return true;
  const octets = host.split(".");
  return octets.length === 4 && octets[0] === "127" && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

// ../../packages/api/dist/internal/origin.js
function parseBaseUrl(value, context) {
  if (typeof value !== "string" || value.trim() === "") {
    throw new OptionError("baseUrl", `${context}: baseUrl must be a non-empty string such as ${DEFAULT_BASE_URL}`);
  }
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new OptionError("baseUrl", `${context}: baseUrl is not a valid absolute URL (expected e.g. ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new OptionError("baseUrl", `${context}: baseUrl must use https: (got ${url.protocol})`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new OptionError("baseUrl", `${context}: baseUrl must not contain credentials; pass the key as apiKey`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new OptionError("baseUrl", `${context}: baseUrl must use https: for ${url.host}; plain http: is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost), so the key never crosses a network in clear text`);
  }
  if (url.search !== "" || url.hash !== "") {
    throw new OptionError("baseUrl", `${context}: baseUrl must not have a query or a fragment (expected e.g. ${DEFAULT_BASE_URL})`);
  }
  const pathname = url.pathname.replace(/\/+$/, "");
  return { origin: url.origin, pathname, href: `${url.origin}${pathname}` };
}
function encodePathSegment(value) {
  const text = String(value);
  if (text === "" || text === "." || text === "..") {
    throw new OptionError("id", `an id in an API path must not be empty, "." or ".." (got "${text}")`);
  }
  return encodeURIComponent(text);
}
function apiPath(strings, ...segments) {
  return strings.reduce((path, part, i) => path + part + (i < segments.length ? encodePathSegment(segments[i]) : ""), "");
}
function buildRequestUrl(base, path, query) {
  if (!path.startsWith("/") || path.startsWith("//"))
    throw new Error(`internal: API path must be relative: ${path}`);
  const url = new URL(`${base.origin}${base.pathname}${path}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== void 0)
      url.searchParams.set(name, String(value));
  }
  assertSameOrigin(url, base);
  return url;
}
function assertSameOrigin(url, base) {
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname}/`)) {
    throw new Error(`internal: refusing to send the API key outside ${base.href}`);
  }
}
function redirectTarget(location, requestUrl) {
  if (!location)
    return "an unspecified location";
  try {
    return new URL(location, requestUrl).host;
  } catch {
    return "an invalid location";
  }
}

// ../../packages/api/dist/internal/validate.js
var MAX_TIMER_MS = 2147483647;
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var WHOLE_OPTIONS = "options";
function requireOptionsObject(value, context) {
  if (value === void 0)
    return {};
  if (!isPlainObject(value))
    throw new OptionError(WHOLE_OPTIONS, `${context}: options must be an object`);
  return value;
}
function rejectUnknownKeys(value, allowed, context, parent) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key) && value[key] !== void 0) {
      const where = parent === void 0 ? context : `${context}: ${parent}`;
      const option = parent === void 0 ? key : `${parent}.${key}`;
      throw new OptionError(option, `${where}: unknown option "${key}" (allowed: ${allowed.join(", ")})`);
    }
  }
}
function requireNumber(value, name, context, rule = {}) {
  const { min = 0, exclusiveMin = false, max = MAX_TIMER_MS, integer = false, unit = "" } = rule;
  const kind = integer ? "an integer" : "a number";
  const bounds = `${exclusiveMin ? ">" : ">="} ${min}${max === Number.POSITIVE_INFINITY ? "" : ` and <= ${max}`}`;
  const ok = typeof value === "number" && Number.isFinite(value) && (!integer || Number.isInteger(value)) && (exclusiveMin ? value > min : value >= min) && value <= max;
  if (!ok) {
    const got = typeof value === "number" ? String(value) : typeof value;
    throw new OptionError(name, `${context}: ${name} must be ${kind}${unit ? ` of ${unit}` : ""} ${bounds} (got ${got})`);
  }
  return value;
}
function requireNonEmptyString(value, name, context) {
  if (typeof value !== "string" || value.length === 0) {
    throw new OptionError(name, `${context}: ${name} must be a non-empty string`);
  }
  return value;
}
function requireFunction(value, name, context) {
  if (value === void 0)
    return void 0;
  if (typeof value !== "function")
    throw new OptionError(name, `${context}: ${name} must be a function`);
  return value;
}
function requireSignal(value, name, context) {
  if (value === void 0)
    return void 0;
  const looksLikeSignal = isPlainObjectLike(value) && typeof value.aborted === "boolean" && typeof value.addEventListener === "function";
  if (!looksLikeSignal)
    throw new OptionError(name, `${context}: ${name} must be an AbortSignal`);
  return value;
}
function isPlainObjectLike(value) {
  return typeof value === "object" && value !== null;
}

// ../../packages/api/dist/internal/retry.js
var DEFAULT_RETRY_POLICY = Object.freeze({
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8e3,
  deadlineMs: 6e4,
  maxRetryAfterMs: 6e4
});
var RETRY_KEYS = Object.keys(DEFAULT_RETRY_POLICY);
function resolveRetryPolicy(retries, context) {
  if (retries === void 0)
    return { ...DEFAULT_RETRY_POLICY };
  if (typeof retries === "number") {
    const maxRetries = requireNumber(retries, "retries", context, { integer: true, max: 100 });
    return { ...DEFAULT_RETRY_POLICY, maxRetries };
  }
  if (!isPlainObject(retries))
    throw new OptionError("retries", `${context}: retries must be a number or an object of RetryOptions`);
  rejectUnknownKeys(retries, RETRY_KEYS, context, "retries");
  const policy = { ...DEFAULT_RETRY_POLICY };
  for (const key of RETRY_KEYS) {
    if (retries[key] === void 0)
      continue;
    const rule = key === "maxRetries" ? { integer: true, max: 100 } : { unit: "milliseconds" };
    policy[key] = requireNumber(retries[key], `retries.${key}`, context, rule);
  }
  return policy;
}
function isRetryableFailure(error2) {
  const { method } = error2;
  const idempotent = method === "GET" || method === "HEAD" || method === "PUT" || method === "DELETE";
  return error2.transient && (idempotent || !error2.mayHaveTakenEffect);
}
function backoffDelayMs(retryIndex, policy, random) {
  const ceiling = Math.min(policy.baseDelayMs * 2 ** retryIndex, policy.maxDelayMs);
  return Math.floor(ceiling * random());
}
function decideRetry(input) {
  const { error: error2, attempts, elapsedMs, policy, random } = input;
  if (!isRetryableFailure(error2))
    return { retry: false };
  if (attempts > policy.maxRetries) {
    const why = policy.maxRetries === 0 ? void 0 : `Gave up after ${attempts} attempts (retries.maxRetries = ${policy.maxRetries}).`;
    return { retry: false, why };
  }
  const { retryAfterMs } = error2;
  if (retryAfterMs !== void 0 && retryAfterMs > policy.maxRetryAfterMs) {
    return {
      retry: false,
      why: `The platform asks to retry in ${Math.ceil(retryAfterMs / 1e3)} s, longer than retries.maxRetryAfterMs (${policy.maxRetryAfterMs} ms).`
    };
  }
  const delayMs = retryAfterMs ?? backoffDelayMs(attempts - 1, policy, random);
  if (elapsedMs + delayMs > policy.deadlineMs) {
    return {
      retry: false,
      why: `Gave up after ${attempts} attempts: the next retry would start after retries.deadlineMs (${policy.deadlineMs} ms).`
    };
  }
  return { retry: true, delayMs };
}

// ../../packages/api/dist/internal/settings.js
var OPTION_KEYS = [
  "apiKey",
  "baseUrl",
  "fetch",
  "timeoutMs",
  "retries",
  "userAgent",
  "signal",
  "onRequest",
  "runtime"
];
function resolveClientOptions(options, context = "createClient") {
  if (options === void 0)
    throw new OptionError(WHOLE_OPTIONS, `${context}: options are required, with at least apiKey`);
  const given = requireOptionsObject(options, context);
  rejectUnknownKeys(given, OPTION_KEYS, context);
  const fetchImpl = requireFunction(given.fetch, "fetch", context) ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") {
    throw new OptionError("fetch", `${context}: no global fetch; pass options.fetch (Node >= 20 has one)`);
  }
  return {
    apiKey: checkApiKey(given.apiKey, context),
    base: parseBaseUrl(given.baseUrl ?? DEFAULT_BASE_URL, context),
    fetch: fetchImpl,
    timeoutMs: given.timeoutMs === void 0 ? DEFAULT_TIMEOUT_MS : requireNumber(given.timeoutMs, "timeoutMs", context, { exclusiveMin: true, unit: "milliseconds" }),
    retry: resolveRetryPolicy(given.retries, context),
    userAgent: userAgentFor(given.userAgent, context),
    signal: requireSignal(given.signal, "signal", context),
    onRequest: requireFunction(given.onRequest, "onRequest", context),
    runtime: checkRuntime(given.runtime, context)
  };
}
function checkApiKey(value, context) {
  if (value === void 0 || value === null || value === "") {
    throw new OptionError("apiKey", `${context}: apiKey is required: pass the platform API key (for example from the NEON_API_KEY secret)`);
  }
  if (typeof value !== "string")
    throw new OptionError("apiKey", `${context}: apiKey must be a string`);
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new OptionError("apiKey", `${context}: apiKey must be printable ASCII without spaces or line breaks; check the stored secret for a trailing newline`);
  }
  const problem = platformKeyProblem(value);
  if (problem !== void 0)
    throw new OptionError("apiKey", `${context}: apiKey ${problem}`);
  return value;
}
function userAgentFor(value, context) {
  if (value === void 0)
    return DEFAULT_USER_AGENT;
  if (typeof value !== "string" || !/^[\x20-\x7e]+$/.test(value) || value.trim() === "") {
    throw new OptionError("userAgent", `${context}: userAgent must be a non-empty single line of printable ASCII`);
  }
  return `${value.trim()} ${DEFAULT_USER_AGENT}`;
}
var RUNTIME_METHODS = ["now", "random", "sleep", "abortAfter"];
function checkRuntime(value, context) {
  if (value === void 0)
    return systemRuntime;
  const complete = isPlainObject(value) && RUNTIME_METHODS.every((name) => typeof value[name] === "function");
  if (!complete) {
    throw new OptionError("runtime", `${context}: runtime must be an object with ${RUNTIME_METHODS.join(", ")} (see systemRuntime)`);
  }
  return value;
}

// ../../packages/api/dist/toolkit/attempts.js
async function runAttempts(rules) {
  for (let attempt = 1; ; attempt++) {
    const sent = rules.send(attempt);
    let verdict;
    try {
      verdict = rules.answered(await sent, attempt);
    } catch (error2) {
      verdict = rules.failed(error2, attempt);
    }
    if ("done" in verdict)
      return verdict.done;
    if ("fail" in verdict)
      throw verdict.fail;
    await rules.wait(verdict.retryInMs);
  }
}

// ../../packages/api/dist/toolkit/notify-hook.js
function notifyHook(hook, event) {
  if (hook === void 0)
    return;
  try {
    const result2 = hook(event);
    if (typeof result2?.then === "function") {
      result2.then(void 0, () => void 0);
    }
  } catch {
  }
}

// ../../packages/api/dist/toolkit/signals.js
var DeadlinePassed = class extends KeyturnError {
  name = "DeadlinePassed";
};
function linkSignals(signals, timeoutMs) {
  const controller = new AbortController();
  const sources = signals.filter((s) => s !== void 0);
  let callerAborted = false;
  let timedOut = false;
  const abortWith = (reason) => {
    if (!timedOut)
      callerAborted = true;
    controller.abort(reason);
  };
  const onAbort = (event) => abortWith(event.target.reason);
  for (const source of sources) {
    if (source.aborted)
      abortWith(source.reason);
    else
      source.addEventListener("abort", onAbort, { once: true });
  }
  const timer = timeoutMs === void 0 ? void 0 : setTimeout(() => {
    if (!callerAborted)
      timedOut = true;
    controller.abort();
  }, timeoutMs);
  return {
    signal: controller.signal,
    callerAborted: () => callerAborted,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== void 0)
        clearTimeout(timer);
      for (const source of sources)
        source.removeEventListener("abort", onAbort);
    }
  };
}

// ../../packages/api/dist/internal/attempt.js
async function sendAttempt(settings, spec, callSignal, now) {
  const url = buildRequestUrl(settings.base, spec.path, spec.query);
  const at = { method: spec.method, path: spec.path };
  const link = linkSignals([settings.signal, callSignal], settings.timeoutMs);
  try {
    if (link.callerAborted())
      throw abortedError(at, link.signal.reason);
    const headers = {
      authorization: `Bearer ${settings.apiKey}`,
      accept: "application/json",
      "user-agent": settings.userAgent
    };
    if (spec.body !== void 0)
      headers["content-type"] = "application/json";
    let response;
    try {
      response = await settings.fetch(url, {
        method: spec.method,
        headers,
        body: spec.body === void 0 ? void 0 : JSON.stringify(spec.body),
        signal: link.signal,
        // A redirect would carry the key elsewhere (fetch drops Authorization only cross-origin).
        redirect: "manual"
      });
    } catch (error2) {
      throw unansweredError(error2, at, link, settings);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => void 0);
      throw redirectError(response, url, at);
    }
    let text;
    try {
      text = await response.text();
    } catch (error2) {
      throw unansweredError(error2, at, link, settings);
    }
    const data = parseJson(text);
    if (!response.ok) {
      throw ApiError.generate({
        ...at,
        status: response.status,
        body: data === NOT_JSON ? void 0 : data,
        headers: response.headers,
        now: now(),
        secrets: [settings.apiKey]
      });
    }
    if (data === NOT_JSON) {
      throw new ResponseShapeError(`${at.method} ${at.path} answered HTTP ${response.status} with a body that is not JSON. Check baseUrl: it should be the API root, such as ${DEFAULT_BASE_URL}.`, { ...at, status: response.status, requestId: response.headers.get("x-request-id") ?? void 0 });
    }
    return { status: response.status, data };
  } finally {
    link.dispose();
  }
}
var NOT_JSON = /* @__PURE__ */ Symbol("not JSON");
function parseJson(text) {
  if (text.trim() === "")
    return void 0;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
function abortedError(at, reason, mayHaveBeenSent = false) {
  const init = { ...at, mayHaveTakenEffect: mayHaveBeenSent && changesState(at.method) };
  if (reason instanceof DeadlinePassed) {
    return new RequestAbortedError(`${at.method} ${at.path} was cut short: ${reason.message}`, init);
  }
  return new RequestAbortedError(`${at.method} ${at.path} was aborted by the caller's signal.`, init);
}
function unansweredError(error2, at, link, settings) {
  if (link.callerAborted())
    return abortedError(at, link.signal.reason, true);
  if (link.timedOut()) {
    const advice2 = unansweredAdvice(at.method, "Raise timeoutMs if the platform is slow, or check the network.");
    return new TimeoutError(`${at.method} ${at.path} got no complete answer within ${settings.timeoutMs} ms. ${advice2}`, at);
  }
  const reason = safeExcerpt(describeNetworkError(error2), [settings.apiKey], 200);
  const cause = Object.assign(new Error(reason), { name: "NetworkError", code: networkErrorCode(error2) });
  const advice = unansweredAdvice(at.method, "Check the network and baseUrl.");
  return new ConnectionError(`${at.method} ${at.path} could not reach ${settings.base.origin}: ${reason}. ${advice}`, {
    ...at,
    cause
  });
}
function unansweredAdvice(method, advice) {
  return method === "POST" ? `${advice} ${MAY_HAVE_TAKEN_EFFECT}` : advice;
}
function redirectError(response, url, at) {
  const target = redirectTarget(response.headers.get("location"), url);
  return new RedirectRefusedError(`${at.method} ${at.path} was redirected (HTTP ${response.status}) to ${target}; redirects are refused so the API key never goes anywhere else. Check baseUrl: it should be the API root itself, such as ${DEFAULT_BASE_URL}.`, { ...at, status: response.status });
}
function describeNetworkError(error2) {
  const parts = [];
  let current = error2;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current.message && !parts.includes(current.message))
      parts.push(current.message);
    current = current.cause;
  }
  return parts.length > 0 ? parts.join(": ") : "network error";
}
function networkErrorCode(error2) {
  let current = error2;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = current.code;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{0,40}$/.test(code))
      return code;
    current = current.cause;
  }
  return void 0;
}

// ../../packages/api/dist/internal/shape.js
var ShapeError = class extends KeyturnError {
  name = "ShapeError";
};
function expectObject(data, what) {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new ShapeError(`${what} is not an object`);
  return data;
}
function expectArray(data, what) {
  if (!Array.isArray(data))
    throw new ShapeError(`${what} is not an array`);
  return data;
}
function expectFields(data, what, fields) {
  const object = expectObject(data, what);
  for (const [field, type] of Object.entries(fields)) {
    if (typeof object[field] !== type)
      throw new ShapeError(`${what}.${field} is not a ${type}`);
  }
  return object;
}
function expectList(data, field, itemFields) {
  const list = expectArray(expectObject(data, "the body")[field], field);
  return list.map((item, i) => expectFields(item, `${field}[${i}]`, itemFields));
}
function paginationCursor(data) {
  const pagination = expectObject(data, "the body").pagination;
  if (typeof pagination !== "object" || pagination === null)
    return void 0;
  const { cursor } = pagination;
  return typeof cursor === "string" && cursor !== "" ? cursor : void 0;
}

// ../../packages/api/dist/internal/transport.js
var Transport = class {
  #settings;
  constructor(settings) {
    this.#settings = settings;
  }
  get baseUrl() {
    return this.#settings.base.href;
  }
  get runtime() {
    return this.#settings.runtime;
  }
  /** The client-wide signal, for waits that are not requests. */
  get signal() {
    return this.#settings.signal;
  }
  request(spec, call = {}) {
    const { now, random } = this.#settings.runtime;
    const settings = this.#settings;
    const started = now();
    let attemptStarted = started;
    let unanswered = false;
    return runAttempts({
      send: () => {
        const aborted = [settings.signal, call.signal].find((signal) => signal?.aborted);
        if (aborted)
          throw abortedError(spec, aborted.reason);
        attemptStarted = now();
        call.onAttempt?.();
        return sendAttempt(settings, spec, call.signal, now);
      },
      answered: (result2, attempts) => {
        const value = parseBody(spec, result2.status, result2.data);
        this.#emit({ ...eventBase(spec, attempts, now() - attemptStarted), status: result2.status, outcome: "ok" });
        return { done: value };
      },
      failed: (error2, attempts) => {
        if (!(error2 instanceof ApiError))
          return { fail: error2 };
        const base = { ...eventBase(spec, attempts, now() - attemptStarted), status: error2.status };
        const decision = decideRetry({ error: error2, attempts, elapsedMs: now() - started, policy: settings.retry, random });
        if (!decision.retry) {
          noteGaveUp(error2, attempts, decision.why ?? earlierEffectNote(spec, error2, unanswered), unanswered);
          this.#emit({ ...base, outcome: "error", error: error2.message });
          return { fail: error2 };
        }
        unanswered ||= error2 instanceof ConnectionError;
        this.#emit({ ...base, outcome: "retry", error: error2.message, retryInMs: decision.delayMs });
        return { retryInMs: decision.delayMs };
      },
      wait: (ms) => this.#pause(ms, spec, call.signal, unanswered)
    });
  }
  /** Sleeps between attempts; the caller's signal ends the sleep with RequestAbortedError. */
  async #pause(ms, at, callSignal, unanswered) {
    const link = linkSignals([this.#settings.signal, callSignal]);
    try {
      await this.#settings.runtime.sleep(ms, link.signal);
    } catch (error2) {
      if (error2 instanceof SleepAborted)
        throw abortedError(at, link.signal.reason, unanswered);
      throw error2;
    } finally {
      link.dispose();
    }
  }
  /** The hook is the caller's logger: whatever it throws must never change a request's result. */
  #emit(event) {
    notifyHook(this.#settings.onRequest, event);
  }
};
function noteGaveUp(error2, attempts, why, unanswered) {
  error2.attempts = attempts;
  if (why)
    error2.message = `${error2.message} ${why}`;
  if (unanswered && changesState(error2.method)) {
    error2.mayHaveTakenEffect = true;
  }
}
function eventBase(spec, attempt, durationMs) {
  return { method: spec.method, path: spec.path, attempt, durationMs };
}
function earlierEffectNote(spec, error2, unanswered) {
  if (!(unanswered && spec.method === "DELETE" && error2 instanceof NotFoundError))
    return void 0;
  return "An earlier attempt got no answer and may have deleted it already.";
}
function parseBody(spec, status, data) {
  try {
    return spec.parse(data);
  } catch (error2) {
    if (!(error2 instanceof ShapeError))
      throw error2;
    throw new ResponseShapeError(`${spec.method} ${spec.path} answered HTTP ${status} with an unexpected body (${error2.message}). Check baseUrl: it should be the platform API root.`, { method: spec.method, path: spec.path, status });
  }
}

// ../../packages/api/dist/pagination.js
var CursorPage = class _CursorPage {
  data;
  #next;
  #keys;
  #read;
  #keyOf;
  constructor(fetched, askedCursor, previousKeys, read, keyOf) {
    this.data = fetched.items.filter((item) => !previousKeys.has(keyOf(item)));
    const moved = fetched.cursor !== void 0 && fetched.cursor !== askedCursor;
    this.#next = this.data.length > 0 && moved ? fetched.cursor : void 0;
    this.#keys = new Set(fetched.items.map(keyOf));
    this.#read = read;
    this.#keyOf = keyOf;
  }
  hasNextPage() {
    return this.#next !== void 0;
  }
  async getNextPage() {
    const cursor = this.#next;
    if (cursor === void 0)
      throw new KeyturnError("getNextPage: there is no next page; check hasNextPage() first");
    return new _CursorPage(await this.#read(cursor), cursor, this.#keys, this.#read, this.#keyOf);
  }
};
function wholeListReader(read) {
  return async () => ({ items: await read(), cursor: void 0 });
}
var PagePromise = class {
  #read;
  #keyOf;
  #firstPage;
  /** @internal Resources make these; `keyOf` tells items apart across a page boundary. */
  constructor(read, keyOf) {
    this.#read = read;
    this.#keyOf = keyOf;
  }
  #walkStart() {
    return this.#read(void 0).then((fetched) => new CursorPage(fetched, void 0, /* @__PURE__ */ new Set(), this.#read, this.#keyOf));
  }
  // biome-ignore lint/suspicious/noThenProperty: awaitable by design, as openai-node's PagePromise.
  then(onfulfilled, onrejected) {
    this.#firstPage ??= this.#walkStart();
    return this.#firstPage.then(onfulfilled, onrejected);
  }
  catch(onrejected) {
    return this.then(void 0, onrejected);
  }
  finally(onfinally) {
    return this.then().finally(onfinally);
  }
  /** Every page, from the first, fetched as you iterate. */
  async *pages() {
    let page = await this.#walkStart();
    for (; ; ) {
      yield page;
      if (!page.hasNextPage())
        return;
      page = await page.getNextPage();
    }
  }
  async *[Symbol.asyncIterator]() {
    for await (const page of this.pages())
      yield* page.data;
  }
  /** Every item in one array. For short lists; iterate long ones instead. */
  async toArray() {
    const all = [];
    for await (const page of this.pages())
      all.push(...page.data);
    return all;
  }
};

// ../../packages/api/dist/resources/request-options.js
function toCallOptions(options, context) {
  const given = requireOptionsObject(options, context);
  rejectUnknownKeys(given, ["signal"], context);
  return { signal: requireSignal(given.signal, "signal", context) };
}
var MAX_PAGE_LIMIT = 1e3;
function checkLimit(limit, context, max = MAX_PAGE_LIMIT) {
  if (limit === void 0)
    return void 0;
  return requireNumber(limit, "limit", context, { integer: true, min: 1, max });
}
function checkId(value, name, context) {
  return requireNonEmptyString(value, name, context);
}

// ../../packages/api/dist/resources/api-key-wire.js
var MAX_KEY_NAME = 64;
var KEY_FIELDS = { id: "number", name: "string" };
function checkKeyParams(params, context) {
  if (!isPlainObject(params))
    throw new OptionError("params", `${context}: params must be an object such as { key_name: 'ci-2025' }`);
  const name = params.key_name;
  const length = typeof name === "string" ? [...name].length : 0;
  if (typeof name !== "string" || length === 0 || length > MAX_KEY_NAME) {
    throw new OptionError("key_name", `${context}: key_name must be a string of 1 to ${MAX_KEY_NAME} characters (got ${length})`);
  }
  return params;
}
function checkKeyId(keyId, context) {
  return requireNumber(keyId, "keyId", context, { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER });
}
function parseCreatedKey(data) {
  return expectFields(data, "the body", { id: "number", key: "string" });
}
function parseKeyList(data) {
  return expectArray(data, "the body").map((k, i) => expectFields(k, `the body[${i}]`, KEY_FIELDS));
}
function parseRevokedKey(data) {
  return expectFields(data, "the body", KEY_FIELDS);
}
function listKeys(transport, path, options, context) {
  const read = () => transport.request({ method: "GET", path: path(), parse: parseKeyList }, toCallOptions(options, context));
  return new PagePromise(wholeListReader(read), (key) => String(key.id));
}
function revokeKey(transport, path, options, context) {
  return transport.request({ method: "DELETE", path, parse: parseRevokedKey }, toCallOptions(options, context));
}

// ../../packages/api/dist/resources/api-keys.js
var ApiKeys = class {
  #transport;
  /** @internal The client makes it. */
  constructor(transport) {
    this.#transport = transport;
  }
  /**
   * Creates a key; the response is the only time its value is shown. Not retried after a
   * connection error, timeout or 5xx other than 503: it may have taken effect, so list the keys
   * to find out instead of repeating it.
   */
  async create(params, options) {
    const context = "apiKeys.create";
    return this.#transport.request({
      method: "POST",
      path: "/api_keys",
      body: checkKeyParams(params, context),
      parse: parseCreatedKey
    }, toCallOptions(options, context));
  }
  /**
   * The account's live keys, as every `list`: await it for the page (`data`), or `for await` over
   * it, or `toArray()`. The endpoint is not paginated (a JSON array), so there is one page.
   */
  list(options) {
    return listKeys(this.#transport, () => "/api_keys", options, "apiKeys.list");
  }
  /** Revokes a key, at once and for good. A key that is missing or already revoked: NotFoundError. */
  async revoke(keyId, options) {
    const context = "apiKeys.revoke";
    return revokeKey(this.#transport, apiPath`/api_keys/${checkKeyId(keyId, context)}`, options, context);
  }
};

// ../../packages/api/dist/resources/auth.js
var Auth = class {
  #transport;
  /** @internal The client makes it. */
  constructor(transport) {
    this.#transport = transport;
  }
  /**
   * The account the client's key belongs to (`account_id`) and how it authenticated
   * (`auth_method`: `api_key_user` for a personal key, `api_key_org` for an organization's key,
   * project-scoped ones included). Both are required by the published description; `auth_data`
   * and any field it adds later are kept as sent.
   */
  async getDetails(options) {
    return this.#transport.request({
      method: "GET",
      path: "/auth",
      parse: (data) => expectFields(data, "the body", { account_id: "string", auth_method: "string" })
    }, toCallOptions(options, "auth.getDetails"));
  }
};

// ../../packages/api/dist/resources/operations/requests.js
var OPERATION_FIELDS = { id: "string", status: "string" };
function fetchOperationsPage(transport, projectId, params, call) {
  return transport.request({
    method: "GET",
    path: apiPath`/projects/${projectId}/operations`,
    query: { limit: params.limit, cursor: params.cursor },
    parse: (data) => {
      expectList(data, "operations", OPERATION_FIELDS);
      return data;
    }
  }, call);
}
function fetchOperation(transport, projectId, operationId, call) {
  return transport.request({
    method: "GET",
    path: apiPath`/projects/${projectId}/operations/${operationId}`,
    parse: (data) => {
      const body = expectFields(data, "the body", {});
      return expectFields(body.operation, "operation", OPERATION_FIELDS);
    }
  }, call);
}
function listOperations(transport, args) {
  return new PagePromise(async (cursor) => {
    const { projectId, limit, cursor: start, call } = args();
    const page = await fetchOperationsPage(transport, projectId, { limit, cursor: cursor ?? start }, call);
    return { items: page.operations, cursor: paginationCursor(page) };
  }, (op) => op.id);
}

// ../../packages/api/dist/waiter/status.js
var SUCCESS_STATUSES = /* @__PURE__ */ new Set(["finished", "skipped"]);
var FAILURE_STATUSES = /* @__PURE__ */ new Set(["failed", "error", "cancelled"]);
function isSuccessStatus(status) {
  return SUCCESS_STATUSES.has(status);
}
function isFailureStatus(status) {
  return FAILURE_STATUSES.has(status);
}
function isFinalStatus(status) {
  return isSuccessStatus(status) || isFailureStatus(status);
}

// ../../packages/api/dist/waiter/poll-round.js
var MAX_PAGES_PER_ROUND = 2;
var HEADROOM = 10;
var FIRST_WINDOW = 100;
function firstPageLimit(deepestPosition, pendingInWindow) {
  const needed = deepestPosition === void 0 ? Math.max(FIRST_WINDOW, Math.ceil(pendingInWindow * 1.25)) : Math.ceil((deepestPosition + 1) * 1.25);
  return Math.min(MAX_PAGE_LIMIT, Math.max(needed, 1) + HEADROOM);
}
var PollState = class {
  awaited;
  /** Latest state of each awaited operation, by id. */
  latest = /* @__PURE__ */ new Map();
  /** Awaited ids not found in the list window: fetched by id. */
  deep = /* @__PURE__ */ new Set();
  /** List position (0 = newest) of the deepest pending operation seen in the window last round. */
  deepestPosition;
  constructor(awaited) {
    this.awaited = awaited;
  }
  pendingIds() {
    return this.awaited.filter((id) => {
      const op = this.latest.get(id);
      return op === void 0 || !isFinalStatus(op.status);
    });
  }
};
async function pollRound(state, context) {
  const pending = state.pendingIds();
  const wanted = new Set(pending.filter((id) => !state.deep.has(id)));
  if (wanted.size > 0)
    await readWindow(state, context, wanted);
  for (const id of pending) {
    if (wanted.has(id) || state.deep.has(id)) {
      state.deep.add(id);
      state.latest.set(id, await fetchAwaited(context, id));
    }
  }
}
async function readWindow(state, context, wanted) {
  const { transport, projectId, call } = context;
  let limit = firstPageLimit(state.deepestPosition, wanted.size);
  let cursor;
  let position = 0;
  let deepest;
  for (let pages = 0; pages < MAX_PAGES_PER_ROUND && wanted.size > 0; pages++) {
    const page = await fetchOperationsPage(transport, projectId, { limit, cursor }, call);
    for (const op of page.operations) {
      if (wanted.delete(op.id)) {
        state.latest.set(op.id, op);
        if (!isFinalStatus(op.status))
          deepest = position;
      }
      position++;
    }
    const next = paginationCursor(page);
    const last = page.operations.at(-1);
    const listEnded = page.operations.length < limit || next === void 0 || next === cursor || last === void 0;
    if (listEnded || !couldBeFurther(state, wanted, last))
      break;
    cursor = next;
    limit = MAX_PAGE_LIMIT;
  }
  state.deepestPosition = deepest;
}
function couldBeFurther(state, wanted, last) {
  const lastCreated = Date.parse(last.created_at);
  for (const id of wanted) {
    const created = Date.parse(state.latest.get(id)?.created_at ?? "");
    if (!Number.isFinite(created) || !Number.isFinite(lastCreated) || created <= lastCreated)
      return true;
  }
  return false;
}
async function fetchAwaited(context, id) {
  try {
    return await fetchOperation(context.transport, context.projectId, id, context.call);
  } catch (error2) {
    if (!(error2 instanceof NotFoundError))
      throw error2;
    const path = apiPath`/projects/${context.projectId}/operations/${id}`;
    throw new NotFoundError(`operations.wait: operation ${id} does not exist in project ${context.projectId} (GET ${path} answered 404). Check the operation ids and the project id: pass the ids from the response that started the operations.`, { method: "GET", path, status: 404, code: error2.code, requestId: error2.requestId });
  }
}

// ../../packages/api/dist/waiter/pending-scan.js
var QUIET_PAGES_TO_STOP = 2;
var SCAN_PAGE_LIMIT = MAX_PAGE_LIMIT;
var PendingScan = class {
  /** Every operation found pending by any scan so far, with its latest state, newest first. */
  #found = /* @__PURE__ */ new Map();
  #deepestPosition;
  /** One scan from the head of the list. A scan cut short by an error keeps what it found. */
  async run(context) {
    const { transport, projectId, call } = context;
    let position = 0;
    let quietPages = 0;
    let deepest;
    const list = listOperations(transport, () => ({ projectId, limit: SCAN_PAGE_LIMIT, cursor: void 0, call }));
    for await (const page of list.pages()) {
      let pendingHere = false;
      for (const op of page.data) {
        const pending = !isFinalStatus(op.status);
        if (pending || this.#found.has(op.id))
          this.#found.set(op.id, op);
        if (pending) {
          pendingHere = true;
          deepest = position;
        }
        position++;
      }
      quietPages = pendingHere ? 0 : quietPages + 1;
      if (quietPages >= QUIET_PAGES_TO_STOP)
        break;
    }
    this.#deepestPosition = deepest;
  }
  /** The awaited operations: what the scan found (so far, if no scan completed). */
  toPollState() {
    const state = new PollState([...this.#found.keys()]);
    for (const op of this.#found.values())
      state.latest.set(op.id, op);
    state.deepestPosition = this.#deepestPosition;
    return state;
  }
};

// ../../packages/api/dist/waiter/poll-schedule.js
var DELAY_GROWTH = 0.2;
var DELAY_JITTER = 0.2;
var DEFAULT_MIN_INTERVAL_MS = 1e3;
var PollSchedule = class {
  #limits;
  #random;
  /** After a transient failure or a rate limit, the platform is not asked faster than the ceiling again. */
  #backedOff = false;
  constructor(limits, random) {
    this.#limits = limits;
    this.#random = random;
  }
  /**
   * Time from the start of the round that began `elapsedMs` into the wait to the start of the next:
   * min(max(minInterval, GROWTH \u00d7 elapsed), maxInterval); between the two, shortened by the jitter
   * but never below the minimum.
   */
  delayAfter(elapsedMs) {
    const { minIntervalMs, maxIntervalMs } = this.#limits;
    if (this.#backedOff)
      return maxIntervalMs;
    const ceiling = Math.min(maxIntervalMs, Math.max(minIntervalMs, DELAY_GROWTH * elapsedMs));
    if (ceiling <= minIntervalMs || ceiling >= maxIntervalMs)
      return ceiling;
    return Math.max(minIntervalMs, Math.floor(ceiling * (1 - DELAY_JITTER * this.#random())));
  }
  /** A round failed (5xx, 429, 423, connection lost): from now on, rounds start a full interval apart. */
  backOff() {
    this.#backedOff = true;
  }
};

// ../../packages/api/dist/waiter/wait-deadline.js
var WaitDeadline = class {
  /** When the wait's time is up, on the runtime's clock. */
  at;
  #timer;
  #link;
  #callerSignals;
  constructor(runtime, timeoutMs, callerSignals) {
    this.at = runtime.now() + timeoutMs;
    this.#timer = runtime.abortAfter(timeoutMs, new DeadlinePassed(`the wait's timeout (timeoutMs ${timeoutMs}) ran out.`));
    this.#callerSignals = callerSignals;
    this.#link = linkSignals([...callerSignals, this.#timer.signal]);
  }
  /** For the wait's requests and sleeps: aborts at the deadline or on the caller's abort. */
  get signal() {
    return this.#link.signal;
  }
  /** A signal of the caller (client-wide or the wait's own) fired: that wins over the deadline. */
  callerAborted() {
    return this.#callerSignals.some((signal) => signal?.aborted === true);
  }
  /** Time is up, and the caller did not abort. */
  passed() {
    return this.#timer.signal.aborted && !this.callerAborted();
  }
  dispose() {
    this.#link.dispose();
    this.#timer.dispose();
  }
};

// ../../packages/api/dist/waiter/wait-options.js
var WAIT_CONTEXT = "operations.wait";
var OPTION_KEYS2 = ["ids", "intervalMs", "minIntervalMs", "timeoutMs", "signal", "onPoll"];
var MILLISECONDS = { exclusiveMin: true, unit: "milliseconds" };
function checkWait(projectId, options) {
  const given = requireOptionsObject(options, WAIT_CONTEXT);
  rejectUnknownKeys(given, OPTION_KEYS2, WAIT_CONTEXT);
  const ids = given.ids === void 0 ? "pending" : given.ids;
  if (ids !== "pending" && !Array.isArray(ids)) {
    throw new OptionError("ids", `${WAIT_CONTEXT}: ids must be an array of operation ids, or 'pending' to await every pending operation`);
  }
  const intervalMs = given.intervalMs === void 0 ? 5e3 : requireNumber(given.intervalMs, "intervalMs", WAIT_CONTEXT, MILLISECONDS);
  return {
    projectId: requireNonEmptyString(projectId, "projectId", WAIT_CONTEXT),
    ids: ids === "pending" ? void 0 : [...new Set(ids.map((id, i) => requireNonEmptyString(id, `ids[${i}]`, WAIT_CONTEXT)))],
    intervalMs,
    minIntervalMs: checkMinInterval(given.minIntervalMs, intervalMs),
    timeoutMs: given.timeoutMs === void 0 ? 6e5 : requireNumber(given.timeoutMs, "timeoutMs", WAIT_CONTEXT, { ...MILLISECONDS, max: MAX_TIMER_MS }),
    signal: requireSignal(given.signal, "signal", WAIT_CONTEXT),
    onPoll: requireFunction(given.onPoll, "onPoll", WAIT_CONTEXT)
  };
}
function checkMinInterval(value, intervalMs) {
  if (value === void 0)
    return Math.min(DEFAULT_MIN_INTERVAL_MS, intervalMs);
  const minIntervalMs = requireNumber(value, "minIntervalMs", WAIT_CONTEXT, MILLISECONDS);
  if (minIntervalMs > intervalMs) {
    throw new OptionError("minIntervalMs", `${WAIT_CONTEXT}: minIntervalMs (${minIntervalMs}) must not exceed intervalMs (${intervalMs}): set intervalMs to the longest delay you accept, minIntervalMs to the first`);
  }
  return minIntervalMs;
}

// ../../packages/api/dist/waiter/wait.js
async function waitForOperations(transport, projectId, options) {
  const wait = checkWait(projectId, options);
  if (wait.ids?.length === 0)
    return result(new PollState([]), { rounds: 0, requests: 0, elapsedMs: 0, complete: true });
  const deadline = new WaitDeadline(transport.runtime, wait.timeoutMs, [transport.signal, wait.signal]);
  try {
    return await pollUntilDone(transport, wait, deadline);
  } finally {
    deadline.dispose();
  }
}
async function pollUntilDone(transport, wait, deadline) {
  const { now } = transport.runtime;
  const started = now();
  const counts = { round: 0, total: 0 };
  const context = {
    transport,
    projectId: wait.projectId,
    call: { signal: deadline.signal, onAttempt: () => counts.round++ }
  };
  const awaited = awaitedOperations(wait.ids);
  const schedule = new PollSchedule({ minIntervalMs: wait.minIntervalMs, maxIntervalMs: wait.intervalMs }, transport.runtime.random);
  let rounds = 0;
  for (let lastRound = false; ; ) {
    const roundStarted = now();
    rounds++;
    const outcome = await runRound(deadline, () => awaited.poll(context));
    counts.total += counts.round;
    const error2 = outcome.kind === "transient" ? outcome.error : void 0;
    wait.onPoll?.(pollEvent(awaited.state(), rounds, now() - started, counts, error2));
    counts.round = 0;
    if (outcome.kind === "deadline" || lastRound || awaited.known() && awaited.state().pendingIds().length === 0)
      break;
    if (error2)
      schedule.backOff();
    const roundMs = now() - roundStarted;
    const untilLatestStart = deadline.at - roundMs - now();
    if (untilLatestStart <= 0)
      break;
    const retryAfterMs = error2?.retryAfterMs ?? 0;
    if (retryAfterMs > untilLatestStart) {
      await pause(transport, deadline.at - now(), wait, deadline);
      break;
    }
    const untilNextStart = Math.max(0, schedule.delayAfter(roundStarted - started) - roundMs, retryAfterMs);
    lastRound = untilLatestStart <= untilNextStart;
    if (!await pause(transport, Math.min(untilNextStart, untilLatestStart), wait, deadline))
      break;
  }
  return result(awaited.state(), { rounds, requests: counts.total, elapsedMs: now() - started, complete: awaited.known() });
}
function awaitedOperations(ids) {
  if (ids !== void 0) {
    const state = new PollState(ids);
    return { poll: (context) => pollRound(state, context), state: () => state, known: () => true };
  }
  const scan = new PendingScan();
  let found;
  return {
    poll: async (context) => {
      if (found)
        return pollRound(found, context);
      await scan.run(context);
      found = scan.toPollState();
    },
    state: () => found ?? scan.toPollState(),
    known: () => found !== void 0
  };
}
async function runRound(deadline, round) {
  try {
    await round();
    return { kind: "done" };
  } catch (error2) {
    if (deadline.callerAborted() || !(error2 instanceof ApiError))
      throw error2;
    const { transient } = error2;
    if (deadline.passed() && (transient || error2 instanceof RequestAbortedError))
      return { kind: "deadline" };
    if (transient)
      return { kind: "transient", error: error2 };
    throw error2;
  }
}
async function pause(transport, ms, wait, deadline) {
  try {
    await transport.runtime.sleep(ms, deadline.signal);
    return true;
  } catch (error2) {
    if (!(error2 instanceof SleepAborted))
      throw error2;
    if (!deadline.callerAborted())
      return false;
    throw new RequestAbortedError(`${WAIT_CONTEXT}: waiting for the operations of project ${wait.projectId} was aborted by the caller's signal.`, { method: "GET", path: apiPath`/projects/${wait.projectId}/operations` });
  }
}
function pollEvent(state, round, elapsedMs, counts, error2) {
  const ops = [...state.latest.values()];
  const event = {
    round,
    elapsedMs,
    awaited: state.awaited.length,
    pending: state.pendingIds().length,
    succeeded: ops.filter((op) => isSuccessStatus(op.status)).length,
    failed: ops.filter((op) => isFailureStatus(op.status)).length,
    requests: counts.round,
    totalRequests: counts.total
  };
  if (error2)
    event.error = error2;
  return event;
}
function result(state, summary2) {
  const operations = [];
  const unknownIds = [];
  for (const id of state.awaited) {
    const op = state.latest.get(id);
    if (op)
      operations.push(op);
    else
      unknownIds.push(id);
  }
  const failed = operations.filter((op) => isFailureStatus(op.status));
  const pending = operations.filter((op) => !isFinalStatus(op.status));
  const unfinished = pending.length > 0 || unknownIds.length > 0 || !summary2.complete;
  const status = failed.length > 0 ? "failed" : unfinished ? "timed-out" : "finished";
  const { rounds, requests, elapsedMs } = summary2;
  return { status, operations, failed, pending, unknownIds, pendingUnknown: !summary2.complete, rounds, requests, elapsedMs };
}

// ../../packages/api/dist/resources/operations/operations.js
var Operations = class {
  #transport;
  /** @internal The client makes it. */
  constructor(transport) {
    this.#transport = transport;
  }
  /**
   * The project's operations, newest first: await it for the first page, or `for await` over it
   * for every operation, fetched page by page as you iterate. Argument mistakes reject.
   */
  list(projectId, params, options) {
    const context = "operations.list";
    return listOperations(this.#transport, () => {
      const id = checkId(projectId, "projectId", context);
      const given = requireOptionsObject(params, context);
      rejectUnknownKeys(given, ["limit", "cursor"], context);
      const cursor = given.cursor === void 0 ? void 0 : requireNonEmptyString(given.cursor, "cursor", context);
      const limit = checkLimit(given.limit, context) ?? MAX_PAGE_LIMIT;
      return { projectId: id, limit, cursor, call: toCallOptions(options, context) };
    });
  }
  /** One operation, by id. */
  async get(projectId, operationId, options) {
    const context = "operations.get";
    const project = checkId(projectId, "projectId", context);
    const operation = checkId(operationId, "operationId", context);
    return fetchOperation(this.#transport, project, operation, toCallOptions(options, context));
  }
  /**
   * Waits until every awaited operation is final, or the timeout (then `timed-out`, with the last
   * known states; the timeout also aborts requests in flight). A transient failure is passed to
   * `onPoll` and the wait goes on; other API errors throw. See WaitOptions for the polling rules.
   *
   * `ids: 'pending'` (the default): every operation of the project not final at call time, found
   * by reading the list newest first in pages of 1000 until two pages in a row hold no pending
   * operation (or the list ends). An operation pending below that is not awaited: pass its id.
   */
  async wait(projectId, options) {
    return waitForOperations(this.#transport, projectId, options);
  }
};

// ../../packages/api/dist/resources/organization-api-keys.js
var OrganizationApiKeys = class {
  #transport;
  /** @internal The client makes it. */
  constructor(transport) {
    this.#transport = transport;
  }
  /**
   * Creates an organization key, or with `project_id` a project-scoped key; the response is the
   * only time its value is shown. An organization key needs an admin's personal key (or an
   * organization key); a project-scoped key, any member's. Retried as `apiKeys.create`: not after a
   * connection error, timeout or 5xx other than 503, since it may have taken effect (list to find out).
   * Unknown fields in `params` are refused: a misspelled `project_id` would make an organization-wide key.
   */
  async create(orgId, params, options) {
    const context = "organizations.apiKeys.create";
    const org = checkId(orgId, "orgId", context);
    const checked = checkKeyParams(params, context);
    rejectUnknownKeys(checked, ["key_name", "project_id"], context);
    const { key_name, project_id } = checked;
    const project = project_id === void 0 ? void 0 : checkId(project_id, "project_id", context);
    return this.#transport.request({
      method: "POST",
      path: apiPath`/organizations/${org}/api_keys`,
      body: project === void 0 ? { key_name } : { key_name, project_id: project },
      parse: parseCreatedKey
    }, toCallOptions(options, context));
  }
  /**
   * The organization's live keys, both kinds (`project_id` on project-scoped ones), as every
   * `list`: await it for the page, `for await` over it, or `toArray()`. Not paginated: one page.
   * Argument mistakes reject.
   */
  list(orgId, options) {
    const context = "organizations.apiKeys.list";
    const path = () => apiPath`/organizations/${checkId(orgId, "orgId", context)}/api_keys`;
    return listKeys(this.#transport, path, options, context);
  }
  /**
   * Revokes a key of the organization, at once and for good. A key that is missing, already
   * revoked or not the organization's: NotFoundError (after a retry whose first answer was lost,
   * its message says an earlier attempt may have revoked it: whether that is success is yours to decide).
   */
  async revoke(orgId, keyId, options) {
    const context = "organizations.apiKeys.revoke";
    const org = checkId(orgId, "orgId", context);
    const id = checkKeyId(keyId, context);
    return revokeKey(this.#transport, apiPath`/organizations/${org}/api_keys/${id}`, options, context);
  }
};

// ../../packages/api/dist/resources/organizations.js
var Organizations = class {
  /** `/organizations/{org_id}/api_keys`: create, list and revoke organization and project-scoped keys. */
  apiKeys;
  /** @internal The client makes it. */
  constructor(transport) {
    this.apiKeys = new OrganizationApiKeys(transport);
  }
};

// ../../packages/api/dist/resources/projects.js
var MAX_PROJECTS_PAGE_LIMIT = 400;
var Projects = class {
  #transport;
  /** @internal The client makes it. */
  constructor(transport) {
    this.#transport = transport;
  }
  /**
   * The account's projects: await it for the first page, `for await` over it (or `toArray()`) for
   * every project, fetched page by page. Argument mistakes reject.
   */
  list(params, options) {
    const context = "projects.list";
    return new PagePromise(async (cursor) => {
      const given = requireOptionsObject(params, context);
      rejectUnknownKeys(given, ["limit"], context);
      const limit = checkLimit(given.limit, context, MAX_PROJECTS_PAGE_LIMIT);
      return this.#transport.request({
        method: "GET",
        path: "/projects",
        query: { limit, cursor },
        parse: (data) => ({ items: expectList(data, "projects", { id: "string" }), cursor: paginationCursor(data) })
      }, toCallOptions(options, context));
    }, (project) => project.id);
  }
};

// ../../packages/api/dist/resources/raw-request.js
var METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
var CONTEXT = "request";
function rawRequest(transport, method, path, options) {
  const given = requireOptionsObject(options, CONTEXT);
  rejectUnknownKeys(given, ["body", "query", "signal"], CONTEXT);
  const spec = {
    method: checkMethod(method),
    path: checkPath(path),
    query: checkQuery(given.query),
    body: given.body,
    parse: (data) => data
  };
  return transport.request(spec, toCallOptions({ signal: given.signal }, CONTEXT));
}
function checkMethod(value) {
  if (!METHODS.includes(value)) {
    throw new OptionError("method", `${CONTEXT}: method must be one of ${METHODS.join(", ")}`);
  }
  return value;
}
function checkPath(value) {
  const ok = typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !/[?#\s]/.test(value);
  if (!ok) {
    throw new OptionError("path", `${CONTEXT}: path must start with / and be relative to the API root, without a query (pass it as query) or spaces, e.g. /projects`);
  }
  return value;
}
function checkQuery(value) {
  if (value === void 0)
    return void 0;
  const primitive = (v) => v === void 0 || ["string", "number", "boolean"].includes(typeof v);
  if (!isPlainObject(value) || !Object.values(value).every(primitive)) {
    throw new OptionError("query", `${CONTEXT}: query must be an object of strings, numbers and booleans`);
  }
  return value;
}

// ../../packages/api/dist/client.js
function createClient(options) {
  return new Client(options, "createClient");
}
var Client = class _Client {
  #options;
  #transport;
  apiKeys;
  organizations;
  auth;
  projects;
  operations;
  constructor(options, context) {
    this.#transport = new Transport(resolveClientOptions(options, context));
    this.#options = { ...options };
    this.apiKeys = new ApiKeys(this.#transport);
    this.organizations = new Organizations(this.#transport);
    this.auth = new Auth(this.#transport);
    this.projects = new Projects(this.#transport);
    this.operations = new Operations(this.#transport);
  }
  get baseUrl() {
    return this.#transport.baseUrl;
  }
  withOptions(options) {
    return new _Client({ ...this.#options, ...options }, "withOptions");
  }
  withApiKey(apiKey) {
    return new _Client({ ...this.#options, apiKey }, "withApiKey");
  }
  async request(method, path, options) {
    return rawRequest(this.#transport, method, path, options);
  }
};

// ../../packages/api/dist/toolkit/count-noun.js
function countNoun(count, singular, plural = `${singular}s`) {
  return `${count} ${count === 1 ? singular : plural}`;
}

// ../../packages/api/dist/waiter/describe.js
function describeOperationFailure(op) {
  const failures = op.failures_count > 0 ? ` after ${op.failures_count} failure${op.failures_count === 1 ? "" : "s"}` : "";
  const error2 = typeof op.error === "string" && op.error.trim() !== "" ? `: ${op.error.trim()}` : "";
  return `operation ${op.id} (${op.action}) ${op.status}${failures}${error2}`;
}
function describeUnfinishedOperations(result2) {
  return [
    ...result2.pending.map((op) => `operation ${op.id} (${op.action}) still ${op.status}`),
    ...result2.unknownIds.map((id) => `operation ${id}: no answer from the platform before the deadline`)
  ];
}

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/command.js
import * as os from "os";

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/utils.js
function toCommandValue(input) {
  if (input === null || input === void 0) {
    return "";
  } else if (typeof input === "string" || input instanceof String) {
    return input;
  }
  return JSON.stringify(input);
}
function toCommandProperties(annotationProperties) {
  if (!Object.keys(annotationProperties).length) {
    return {};
  }
  return {
    title: annotationProperties.title,
    file: annotationProperties.file,
    line: annotationProperties.startLine,
    endLine: annotationProperties.endLine,
    col: annotationProperties.startColumn,
    endColumn: annotationProperties.endColumn
  };
}

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/command.js
function issueCommand(command, properties, message) {
  const cmd = new Command(command, properties, message);
  process.stdout.write(cmd.toString() + os.EOL);
}
function issue(name, message = "") {
  issueCommand(name, {}, message);
}
var CMD_STRING = "::";
var Command = class {
  constructor(command, properties, message) {
    if (!command) {
      command = "missing.command";
    }
    this.command = command;
    this.properties = properties;
    this.message = message;
  }
  toString() {
    let cmdStr = CMD_STRING + this.command;
    if (this.properties && Object.keys(this.properties).length > 0) {
      cmdStr += " ";
      let first = true;
      for (const key in this.properties) {
        if (this.properties.hasOwnProperty(key)) {
          const val = this.properties[key];
          if (val) {
            if (first) {
              first = false;
            } else {
              cmdStr += ",";
            }
            cmdStr += `${key}=${escapeProperty(val)}`;
          }
        }
      }
    }
    cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
    return cmdStr;
  }
};
function escapeData(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C");
}

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/file-command.js
import * as crypto from "crypto";
import * as fs from "fs";
import * as os2 from "os";
function issueFileCommand(command, message) {
  const filePath = process.env[`GITHUB_${command}`];
  if (!filePath) {
    throw new Error(`Unable to find environment variable for file command ${command}`);
  }
  if (!fs.existsSync(filePath)) {
    throw new Error(`Missing file at path: ${filePath}`);
  }
  fs.appendFileSync(filePath, `${toCommandValue(message)}${os2.EOL}`, {
    encoding: "utf8"
  });
}
function prepareKeyValueMessage(key, value) {
  const delimiter = `ghadelimiter_${crypto.randomUUID()}`;
  const convertedValue = toCommandValue(value);
  if (key.includes(delimiter)) {
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  }
  if (convertedValue.includes(delimiter)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  }
  return `${key}<<${delimiter}${os2.EOL}${convertedValue}${os2.EOL}${delimiter}`;
}

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/core.js
import * as os4 from "os";

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/summary.js
import { EOL as EOL3 } from "os";
import { constants, promises } from "fs";
var __awaiter = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve) {
      resolve(value);
    });
  }
  return new (P || (P = Promise))(function(resolve, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result2) {
      result2.done ? resolve(result2.value) : adopt(result2.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var { access, appendFile, writeFile } = promises;
var SUMMARY_ENV_VAR = "GITHUB_STEP_SUMMARY";
var Summary = class {
  constructor() {
    this._buffer = "";
  }
  /**
   * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
   * Also checks r/w permissions.
   *
   * @returns step summary file path
   */
  filePath() {
    return __awaiter(this, void 0, void 0, function* () {
      if (this._filePath) {
        return this._filePath;
      }
      const pathFromEnv = process.env[SUMMARY_ENV_VAR];
      if (!pathFromEnv) {
        throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
      }
      try {
        yield access(pathFromEnv, constants.R_OK | constants.W_OK);
      } catch (_a) {
        throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
      }
      this._filePath = pathFromEnv;
      return this._filePath;
    });
  }
  /**
   * Wraps content in an HTML tag, adding any HTML attributes
   *
   * @param {string} tag HTML tag to wrap
   * @param {string | null} content content within the tag
   * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
   *
   * @returns {string} content wrapped in HTML element
   */
  wrap(tag, content, attrs = {}) {
    const htmlAttrs = Object.entries(attrs).map(([key, value]) => ` ${key}="${value}"`).join("");
    if (!content) {
      return `<${tag}${htmlAttrs}>`;
    }
    return `<${tag}${htmlAttrs}>${content}</${tag}>`;
  }
  /**
   * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
   *
   * @param {SummaryWriteOptions} [options] (optional) options for write operation
   *
   * @returns {Promise<Summary>} summary instance
   */
  write(options) {
    return __awaiter(this, void 0, void 0, function* () {
      const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
      const filePath = yield this.filePath();
      const writeFunc = overwrite ? writeFile : appendFile;
      yield writeFunc(filePath, this._buffer, { encoding: "utf8" });
      return this.emptyBuffer();
    });
  }
  /**
   * Clears the summary buffer and wipes the summary file
   *
   * @returns {Summary} summary instance
   */
  clear() {
    return __awaiter(this, void 0, void 0, function* () {
      return this.emptyBuffer().write({ overwrite: true });
    });
  }
  /**
   * Returns the current summary buffer as a string
   *
   * @returns {string} string of summary buffer
   */
  stringify() {
    return this._buffer;
  }
  /**
   * If the summary buffer is empty
   *
   * @returns {boolen} true if the buffer is empty
   */
  isEmptyBuffer() {
    return this._buffer.length === 0;
  }
  /**
   * Resets the summary buffer without writing to summary file
   *
   * @returns {Summary} summary instance
   */
  emptyBuffer() {
    this._buffer = "";
    return this;
  }
  /**
   * Adds raw text to the summary buffer
   *
   * @param {string} text content to add
   * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
   *
   * @returns {Summary} summary instance
   */
  addRaw(text, addEOL = false) {
    this._buffer += text;
    return addEOL ? this.addEOL() : this;
  }
  /**
   * Adds the operating system-specific end-of-line marker to the buffer
   *
   * @returns {Summary} summary instance
   */
  addEOL() {
    return this.addRaw(EOL3);
  }
  /**
   * Adds an HTML codeblock to the summary buffer
   *
   * @param {string} code content to render within fenced code block
   * @param {string} lang (optional) language to syntax highlight code
   *
   * @returns {Summary} summary instance
   */
  addCodeBlock(code, lang) {
    const attrs = Object.assign({}, lang && { lang });
    const element = this.wrap("pre", this.wrap("code", code), attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML list to the summary buffer
   *
   * @param {string[]} items list of items to render
   * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
   *
   * @returns {Summary} summary instance
   */
  addList(items, ordered = false) {
    const tag = ordered ? "ol" : "ul";
    const listItems = items.map((item) => this.wrap("li", item)).join("");
    const element = this.wrap(tag, listItems);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML table to the summary buffer
   *
   * @param {SummaryTableCell[]} rows table rows
   *
   * @returns {Summary} summary instance
   */
  addTable(rows) {
    const tableBody = rows.map((row) => {
      const cells = row.map((cell) => {
        if (typeof cell === "string") {
          return this.wrap("td", cell);
        }
        const { header, data, colspan, rowspan } = cell;
        const tag = header ? "th" : "td";
        const attrs = Object.assign(Object.assign({}, colspan && { colspan }), rowspan && { rowspan });
        return this.wrap(tag, data, attrs);
      }).join("");
      return this.wrap("tr", cells);
    }).join("");
    const element = this.wrap("table", tableBody);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds a collapsable HTML details element to the summary buffer
   *
   * @param {string} label text for the closed state
   * @param {string} content collapsable content
   *
   * @returns {Summary} summary instance
   */
  addDetails(label, content) {
    const element = this.wrap("details", this.wrap("summary", label) + content);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML image tag to the summary buffer
   *
   * @param {string} src path to the image you to embed
   * @param {string} alt text description of the image
   * @param {SummaryImageOptions} options (optional) addition image attributes
   *
   * @returns {Summary} summary instance
   */
  addImage(src, alt, options) {
    const { width, height } = options || {};
    const attrs = Object.assign(Object.assign({}, width && { width }), height && { height });
    const element = this.wrap("img", null, Object.assign({ src, alt }, attrs));
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML section heading element
   *
   * @param {string} text heading text
   * @param {number | string} [level=1] (optional) the heading level, default: 1
   *
   * @returns {Summary} summary instance
   */
  addHeading(text, level) {
    const tag = `h${level}`;
    const allowedTag = ["h1", "h2", "h3", "h4", "h5", "h6"].includes(tag) ? tag : "h1";
    const element = this.wrap(allowedTag, text);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML thematic break (<hr>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addSeparator() {
    const element = this.wrap("hr", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML line break (<br>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addBreak() {
    const element = this.wrap("br", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML blockquote to the summary buffer
   *
   * @param {string} text quote text
   * @param {string} cite (optional) citation url
   *
   * @returns {Summary} summary instance
   */
  addQuote(text, cite) {
    const attrs = Object.assign({}, cite && { cite });
    const element = this.wrap("blockquote", text, attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML anchor tag to the summary buffer
   *
   * @param {string} text link text/content
   * @param {string} href hyperlink
   *
   * @returns {Summary} summary instance
   */
  addLink(text, href) {
    const element = this.wrap("a", text, { href });
    return this.addRaw(element).addEOL();
  }
};
var _summary = new Summary();
var summary = _summary;

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/platform.js
import os3 from "os";

// ../../node_modules/.pnpm/@actions+io@3.0.2/node_modules/@actions/io/lib/io-util.js
import * as fs2 from "fs";
var { chmod, copyFile, lstat, mkdir, open, readdir, rename, rm, rmdir, stat, symlink, unlink } = fs2.promises;
var IS_WINDOWS = process.platform === "win32";
var READONLY = fs2.constants.O_RDONLY;

// ../../node_modules/.pnpm/@actions+exec@3.0.0/node_modules/@actions/exec/lib/toolrunner.js
var IS_WINDOWS2 = process.platform === "win32";

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/platform.js
var platform = os3.platform();
var arch = os3.arch();

// ../../node_modules/.pnpm/@actions+core@3.0.1/node_modules/@actions/core/lib/core.js
var ExitCode;
(function(ExitCode2) {
  ExitCode2[ExitCode2["Success"] = 0] = "Success";
  ExitCode2[ExitCode2["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
function setSecret(secret) {
  issueCommand("add-mask", {}, secret);
}
function getInput(name, options) {
  const val = process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] || "";
  if (options && options.required && !val) {
    throw new Error(`Input required and not supplied: ${name}`);
  }
  if (options && options.trimWhitespace === false) {
    return val;
  }
  return val.trim();
}
function setOutput(name, value) {
  const filePath = process.env["GITHUB_OUTPUT"] || "";
  if (filePath) {
    return issueFileCommand("OUTPUT", prepareKeyValueMessage(name, value));
  }
  process.stdout.write(os4.EOL);
  issueCommand("set-output", { name }, toCommandValue(value));
}
function setFailed(message) {
  process.exitCode = ExitCode.Failure;
  error(message);
}
function error(message, properties = {}) {
  issueCommand("error", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function warning(message, properties = {}) {
  issueCommand("warning", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function info(message) {
  process.stdout.write(message + os4.EOL);
}
function startGroup(name) {
  issue("group", name);
}
function endGroup() {
  issue("endgroup");
}

// ../../packages/api/dist/values/input-error.js
var InputError = class extends KeyturnError {
  input;
  problem;
  name = "InputError";
  constructor(input, problem) {
    super(`Input '${input}' ${problem}`);
    this.input = input;
    this.problem = problem;
  }
};

// ../../packages/api/dist/values/refused-values.js
var MAX_QUOTED_LENGTH = 20;
function rejectedValue(value) {
  if (looksLikeCredential(value))
    return `a ${value.length}-character value that looks like a key or token`;
  if (value.length > MAX_QUOTED_LENGTH)
    return `a ${value.length}-character value`;
  return `'${value}'`;
}
function withoutEchoes(message, text) {
  return message.replace(/[A-Za-z0-9_+/=.~-]+/g, (run2) => text.includes(run2) && (run2.length > MAX_QUOTED_LENGTH || looksLikeCredential(run2)) ? `[${run2.length} characters]` : run2);
}

// ../../packages/api/dist/values/values.js
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
var DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i;
function parseDuration(name, text, bounds = {}) {
  const match = DURATION.exec(text);
  if (!match) {
    throw new InputError(name, `is ${rejectedValue(text)}, not a duration: write seconds (90) or a number with a unit (500ms, 90s, 10m, 1h)`);
  }
  const unit = match[2]?.toLowerCase() ?? "s";
  const ms = Math.round(Number(match[1]) * UNIT_MS[unit]);
  const minMs = bounds.minMs ?? 1;
  const maxMs = bounds.maxMs ?? UNIT_MS.h * 24;
  if (ms < minMs || ms > maxMs) {
    throw new InputError(name, `is ${rejectedValue(text)}; it must be between ${formatMs(minMs)} and ${formatMs(maxMs)}`);
  }
  return ms;
}
function formatMs(ms) {
  for (const unit of ["h", "m", "s"]) {
    if (ms >= UNIT_MS[unit] && ms % UNIT_MS[unit] === 0)
      return `${ms / UNIT_MS[unit]}${unit}`;
  }
  return `${ms}ms`;
}
function splitList(text) {
  return text.split(/[\n,]/).map((item) => item.trim()).filter((item) => item !== "");
}
function unique(values) {
  return [...new Set(values)];
}

// ../../packages/api/dist/values/ids.js
var PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
function parseProjectId(name, text) {
  if (!PROJECT_ID.test(text) || looksLikeCredential(text)) {
    throw new InputError(name, `is ${rejectedValue(text)}, not a project id: ids hold letters, digits, '-' and '_' (e.g. purple-shape-411361)`);
  }
  return text;
}
var OPERATION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
var MAX_OPERATION_IDS = 1e3;
var FORMS = 'give ids one per line or comma-separated, a JSON array of ids or of operations, or a JSON response holding "operations"';
function parseOperationIds(name, text) {
  if (text === "")
    return void 0;
  const items = text.startsWith("[") || text.startsWith("{") ? idsFromJson(name, text) : splitList(text);
  if (items.length > MAX_OPERATION_IDS) {
    throw new InputError(name, `lists ${items.length} operations; at most ${MAX_OPERATION_IDS} are accepted`);
  }
  for (const id of items) {
    if (!OPERATION_ID.test(id) || looksLikeCredential(id)) {
      throw new InputError(name, `holds ${rejectedValue(id)}, not an operation id; ${FORMS}`);
    }
  }
  return unique(items);
}
function idsFromJson(name, text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error2) {
    const problem = withoutEchoes(error2.message, text);
    throw new InputError(name, `starts like JSON but does not parse (${problem}); ${FORMS}`);
  }
  const list = Array.isArray(value) ? value : isPlainObject(value) ? value.operations : void 0;
  if (!Array.isArray(list)) {
    throw new InputError(name, `is a JSON object without an "operations" array; ${FORMS}`);
  }
  return list.map((item, index) => {
    const id = isPlainObject(item) ? item.id : item;
    if (typeof id !== "string") {
      throw new InputError(name, `has an item ${index} that is neither an id string nor an object with a string "id"`);
    }
    return id;
  });
}

// ../../packages/api/dist/values/option-mistake.js
function optionMistake(input, mistake, text = "") {
  const own = new RegExp(`^\`${escaped(mistake.option)}(\\.\\w+)?\` `).exec(mistake.message)?.[0];
  if (own) {
    const rest = mistake.message.slice(own.length);
    return new InputError(input, text ? withoutEchoes(rest, text) : rest);
  }
  const problem = mistake.message.replace(/^[\w.]+: /, "");
  const name = mistake.option.split(".").pop() ?? "";
  const item = /^(.*)\[(\d+)\]$/.exec(name);
  const written = new RegExp(`^(?:${escaped(mistake.option)}|${escaped(name)})(\\.\\w+)* `).exec(problem)?.[0];
  const subject = item ? `${item[1]}[${item[2]}] ` : written ?? `${name} `;
  const worded = problem.startsWith(subject) ? `${item ? `item ${Number(item[2]) + 1}` : "it"} ${problem.slice(subject.length)}` : problem;
  const what = looksLikeCredential(text) ? rejectedValue(text) : "invalid";
  return new InputError(input, `is ${what}: ${text ? withoutEchoes(worded, text) : worded}`);
}
function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// ../common/src/inputs/read.ts
var InvalidInputsError = class extends Error {
  constructor(errors) {
    super(
      errors.length === 1 ? `${errors[0].message}. Nothing was done.` : `${errors.length} inputs are invalid; nothing was done:
${errors.map((e) => `- ${e.message}`).join("\n")}`
    );
    this.errors = errors;
  }
  errors;
  name = "InvalidInputsError";
};
var DEFAULT_MAX_LENGTH = 1e3;
var DEFAULT_MAX_MULTILINE_LENGTH = 1e5;
var FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/u;
var FORBIDDEN_MULTILINE = /[^\n\t\P{Cc}]|[\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/u;
function checkInputText(name, raw, options = {}) {
  const text = raw.replace(/\r\n?/g, "\n").trim();
  if (text === "") {
    if (options.required) {
      throw new InputError(name, `is required but empty${options.hint ? `: ${options.hint}` : ""}`);
    }
    return "";
  }
  const maxLength = options.maxLength ?? (options.multiline ? DEFAULT_MAX_MULTILINE_LENGTH : DEFAULT_MAX_LENGTH);
  if (text.length > maxLength) {
    throw new InputError(name, `is ${text.length} characters long; at most ${maxLength} are accepted`);
  }
  const match = (options.multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).exec(text);
  if (match) {
    const code = match[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
    const what = match[0] === "\n" ? "a line break (it takes a single line)" : `a control character (U+${code})`;
    throw new InputError(name, `contains ${what} at position ${match.index + 1}; remove it`);
  }
  return text;
}
function readInputText(name, options = {}) {
  return checkInputText(name, getInput(name, { trimWhitespace: false }), options);
}
function readInput(name, parse, options = {}) {
  return parse(name, readInputText(name, options) || options.default || "");
}
function collectInputs(readers) {
  const values = {};
  const errors = [];
  for (const [key, read] of Object.entries(readers)) {
    try {
      values[key] = read();
    } catch (error2) {
      if (!(error2 instanceof InputError)) throw error2;
      errors.push(error2);
    }
  }
  if (errors.length > 0) throw new InvalidInputsError(errors);
  return values;
}
function maskSecretInputs(names) {
  for (const name of names) maskValue(getInput(name));
}
function maskValue(value) {
  if (value !== "") setSecret(value);
}

// ../common/src/failure.ts
var COMMON_HINTS = {
  AuthenticationError: 'Put a live key in the secret passed as api-key, then re-run (see the README, "When the key no longer works").',
  ConnectionError: "Check api-url and that the runner can reach it.",
  TimeoutError: "Check api-url and that the runner can reach it.",
  RedirectRefusedError: "Check api-url: give the API base URL itself, which answers without redirects."
};
function failureAnnotation(error2, hints = {}) {
  if (error2 instanceof InvalidInputsError) return error2.message;
  if (error2 instanceof ApiError) {
    const hint = hints[error2.name] ?? COMMON_HINTS[error2.name];
    return hint ? `${error2.message} ${hint}` : error2.message;
  }
  if (error2 instanceof Error) return error2.message;
  return String(error2);
}

// ../common/src/log.ts
function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "unknown";
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 6e4) return `${(ms / 1e3).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1e3);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}
async function inLogGroup(title, step) {
  startGroup(title);
  try {
    return await step();
  } finally {
    endGroup();
  }
}
function formatRequestEvent(event) {
  const result2 = event.status !== void 0 ? String(event.status) : event.error ?? "no response";
  const attempt = event.attempt > 1 || event.outcome === "retry" ? ` (attempt ${event.attempt})` : "";
  let line = `${event.method} ${event.path} -> ${result2} in ${formatDuration(event.durationMs)}${attempt}`;
  if (event.outcome === "retry") {
    line += event.retryInMs !== void 0 ? `, retrying in ${formatDuration(event.retryInMs)}` : ", retrying";
  }
  return line;
}
function logRequestEvent(event) {
  info(formatRequestEvent(event));
}

// ../common/src/proxy/runner-proxy.ts
var PROXY_VARIABLES = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"];
async function runnerProxyFetch(options) {
  if (!PROXY_VARIABLES.some((name) => process.env[name])) return void 0;
  const { createProxyFetch } = await import("./proxy-fetch.js");
  return createProxyFetch(options);
}

// ../common/src/summary.ts
import { accessSync, appendFileSync as appendFileSync2, constants as constants3 } from "node:fs";
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
async function publishResult(outputs, summary2) {
  for (const [name, value] of Object.entries(outputs)) setOutput(name, value);
  await writeJobSummary(summary2);
}
async function writeJobSummary(summary2) {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  summary.addHeading(escapeHtml(summary2.title), 2).addTable([
    // core.summary leaves an empty cell unclosed (`<th>`): give empty cells some content.
    summary2.headers.map((header) => ({ data: escapeHtml(header) || "&#160;", header: true })),
    ...summary2.rows.map((row) => row.map((cell) => escapeHtml(cell) || "-"))
  ]);
  for (const note of summary2.notes ?? []) summary.addRaw(`<p>${escapeHtml(note)}</p>`, true);
  try {
    accessSync(file, constants3.R_OK | constants3.W_OK);
    appendFileSync2(file, summary.stringify(), "utf8");
    summary.emptyBuffer();
  } catch (error2) {
    warning(`The job summary could not be written: ${error2.message}`);
  }
}

// src/option-inputs.ts
var INPUT_OF_OPTION = {
  apiKey: "api-key",
  baseUrl: "api-url",
  projectId: "project-id",
  ids: "operation-ids",
  timeoutMs: "timeout",
  intervalMs: "interval"
};
function inInputTerms(error2, texts) {
  if (!(error2 instanceof OptionError)) return error2;
  const input = INPUT_OF_OPTION[error2.option.replace(/\[\d+\]$/, "")];
  if (input === void 0) return error2;
  return optionMistake(input, error2, texts[input]);
}

// src/inputs.ts
var DEFAULTS = {
  "api-url": DEFAULT_BASE_URL,
  timeout: "600",
  interval: "5"
};
var SECRET_INPUTS = ["api-key"];
var asText = (_name, text) => text;
function readWaitInputs() {
  return collectInputs({
    client: () => {
      const texts = {
        "api-key": readInput("api-key", asText, { required: true, hint: `pass the key, e.g. api-key: \${{ secrets.NEON_API_KEY }}` }),
        "api-url": readInput("api-url", asText, { default: DEFAULTS["api-url"] })
      };
      try {
        return createClient({
          apiKey: texts["api-key"],
          baseUrl: texts["api-url"],
          userAgent: "keyturn-wait-for-operation",
          onRequest: logRequestEvent
        });
      } catch (error2) {
        throw inInputTerms(error2, texts);
      }
    },
    projectId: () => readInput("project-id", parseProjectId, { required: true }),
    // Empty means every pending operation: the wait's explicit 'pending'.
    operationIds: () => readInput("operation-ids", parseOperationIds, { multiline: true }) ?? "pending",
    timeoutMs: () => readInput("timeout", (name, text) => parseDuration(name, text), { default: DEFAULTS.timeout }),
    intervalMs: () => readInput("interval", (name, text) => parseDuration(name, text, { minMs: 100, maxMs: 36e5 }), {
      default: DEFAULTS.interval
    })
  });
}

// src/report.ts
function operationDurationMs(operation) {
  if (!isFinalStatus(operation.status)) return null;
  if (Number.isFinite(operation.total_duration_ms)) return operation.total_duration_ms;
  const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}
function operationOutput(operation) {
  return {
    id: operation.id,
    action: operation.action,
    status: operation.status,
    failures_count: operation.failures_count,
    duration: operationDurationMs(operation)
  };
}
function waitOutputs(result2) {
  return {
    status: result2.status,
    operations: JSON.stringify(result2.operations.map(operationOutput)),
    "failed-operation-ids": JSON.stringify(result2.failed.map((operation) => operation.id))
  };
}
function errorOutputs() {
  return { status: "failed", operations: "[]", "failed-operation-ids": "[]" };
}
function errorSummary(projectId, message) {
  return {
    title: projectId ? `Operations of project ${projectId}: failed` : "Waiting for operations: failed",
    headers: ["", "Result"],
    rows: [
      ["Project", projectId ?? ""],
      ["Status", "failed: the wait stopped on an error"]
    ],
    notes: [`Error: ${message}`]
  };
}
function waitSummary(projectId, result2) {
  const notes = [
    `${countNoun(awaitedCount(result2), "operation")}, ${result2.status} after ${formatDuration(result2.elapsedMs)} (${countNoun(result2.rounds, "poll")}, ${countNoun(result2.requests, "request")}).`,
    ...result2.failed.map(describeOperationFailure),
    ...describeUnfinishedOperations({ pending: [], unknownIds: result2.unknownIds })
  ];
  return {
    title: `Operations of project ${projectId}: ${result2.status}`,
    headers: ["Operation", "Action", "Status", "Failures", "Duration"],
    rows: [
      ...result2.operations.map((operation) => {
        const duration = operationDurationMs(operation);
        return [
          operation.id,
          operation.action,
          operation.status,
          String(operation.failures_count),
          duration === null ? "" : formatDuration(duration)
        ];
      }),
      ...result2.unknownIds.map((id) => [id, "", "no answer", "", ""])
    ],
    notes
  };
}
var LISTED = 10;
function listFirst(descriptions) {
  const more = descriptions.length > LISTED ? ` and ${descriptions.length - LISTED} more` : "";
  return `${descriptions.slice(0, LISTED).join("; ")}${more}`;
}
function awaitedCount(result2) {
  return result2.operations.length + result2.unknownIds.length;
}
function waitFailureMessage(result2, timeoutMs) {
  if (result2.status === "failed") {
    return `${result2.failed.length} of ${countNoun(awaitedCount(result2), "operation")} failed: ${listFirst(result2.failed.map(describeOperationFailure))}. See the project's system operations in the console for the cause, fix it, then re-run this job.`;
  }
  if (result2.status === "timed-out") {
    const unfinished = describeUnfinishedOperations(result2);
    const unanswered = "(see the poll lines above): check its status page and api-url, then re-run.";
    if (unfinished.length === 0)
      return `The wait timed out after ${formatDuration(timeoutMs)} before the platform listed the project's operations ${unanswered}`;
    const advice = result2.unknownIds.length > 0 ? `The platform did not answer in time ${unanswered}` : "Raise the timeout input if they usually take longer, or check the project in the console (a locked project delays its operations).";
    return `${countNoun(unfinished.length, "operation")} still pending after ${formatDuration(timeoutMs)}: ${listFirst(unfinished)}. ${advice}`;
  }
  return void 0;
}
function formatPollEvent(event) {
  const head = `Poll ${event.round} after ${formatDuration(event.elapsedMs)}`;
  const counts = `${event.succeeded} finished, ${event.failed} failed, ${event.pending} pending of ${event.awaited}`;
  if (event.error) return `${head} got no answer, polling again: ${event.error.message} Last known: ${counts}`;
  return `${head}: ${counts}`;
}

// src/main.ts
var FAILURE_HINTS = {
  NotFoundError: "Check project-id and operation-ids: they must belong to the account of api-key."
};
async function run() {
  let projectId;
  try {
    maskSecretInputs(SECRET_INPUTS);
    const inputs = readWaitInputs();
    projectId = inputs.projectId;
    const result2 = await waitForOperations2(inputs);
    await publishResult(waitOutputs(result2), waitSummary(inputs.projectId, result2));
    const failure = waitFailureMessage(result2, inputs.timeoutMs);
    if (failure) setFailed(failure);
    else info(`Done: ${countNoun(result2.operations.length, "operation")} finished in ${formatDuration(result2.elapsedMs)}.`);
  } catch (error2) {
    const message = failureAnnotation(inInputTerms(error2, {}), FAILURE_HINTS);
    await publishResult(errorOutputs(), errorSummary(projectId, message));
    setFailed(message);
  }
}
async function waitForOperations2(inputs) {
  const fetch = await runnerProxyFetch({ origins: [inputs.client.baseUrl], log: info, mask: maskValue });
  const client = inputs.client.withOptions({ fetch });
  const ids = inputs.operationIds;
  const what = ids === "pending" ? "every pending operation" : countNoun(ids.length, "operation");
  return inLogGroup(
    `Waiting for ${what} of project ${inputs.projectId}`,
    () => client.operations.wait(inputs.projectId, {
      ids,
      intervalMs: inputs.intervalMs,
      timeoutMs: inputs.timeoutMs,
      onPoll: (event) => info(formatPollEvent(event))
    })
  );
}

// src/index.ts
if (isEntryPoint(import.meta.url)) await run();
export {
  run
};
