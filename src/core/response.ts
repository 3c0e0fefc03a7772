/**
 * Reading an HTTP response: unwrap the success envelope (spec 2.2) or map the failure to a
 * typed ApiError with a message a seller can act on (error envelope: docs/contract-notes.md).
 */
import { ApiError, shorten } from "./errors";

/** A response as any transport returns it. Status 0 means no response (network failure). */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The connection ended before the whole body came (a transport that can tell says so). */
  readonly cutOff?: boolean;
  /** The body was longer than MAX_ANSWER_BYTES: the transport stopped reading it. */
  readonly tooLarge?: boolean;
  /** The API answered with a redirect, which is not followed (the key would go along). */
  readonly redirected?: boolean;
}

/**
 * The most of one answer read. A 500-row A11 page of the reference server is 0.6 MB (names of
 * 1,000 characters, the most allowed, add 0.5 MB); a far longer body is a wrong address or a
 * broken server, and reading it whole holds hundreds of MB (a 50 MB body: +336 MB in Node).
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

interface Envelope {
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly message?: unknown;
  readonly data?: unknown;
  readonly errors?: unknown;
}

/** Message for a rejected key (401). */
export const AUTH_MESSAGE =
  "API key rejected (invalid, revoked or expired): create a new key in Settings > API keys and enter it in the add-on settings";

/** The `data` of a successful response; throws an ApiError for every failure. */
export function parseResponse<T = unknown>(res: HttpResponse, nowMs: number = Date.now()): T {
  if (res.redirected) throw redirectError(res.status);
  if (res.status === 0) {
    throw new ApiError(
      "NETWORK",
      "Could not reach the API: check your connection and the base URL in Settings, then refresh the cells with errors from the add-in's menu or pane",
    );
  }
  if (res.cutOff) throw cutOffError(res.status);
  if (res.tooLarge) throw tooLargeError(res.status);
  const envelope = parseJson(res.body);
  if (res.status >= 200 && res.status < 300) {
    if (envelope === undefined) throw unreadableAnswerError(res);
    if (envelope.status === "SUCCESS") return (envelope.data ?? null) as T;
    // A 2xx that says it failed: map it by the status code it carries.
    const inner = typeof envelope.statusCode === "number" ? envelope.statusCode : 0;
    if (envelope.status === "ERROR" && inner >= 400)
      throw errorFor(inner, res.headers, envelope, nowMs);
    throw new ApiError(
      "BAD_RESPONSE",
      "The API answered without a SUCCESS status: check the base URL in Settings",
      { status: res.status },
    );
  }
  throw errorFor(res.status, res.headers, envelope, nowMs);
}

/** Map an HTTP failure status to an ApiError. */
function errorFor(
  status: number,
  headers: Readonly<Record<string, string>>,
  envelope: Envelope | undefined,
  nowMs: number,
): ApiError {
  const problem = firstProblem(envelope);
  const serverMessage = typeof envelope?.message === "string" ? shorten(envelope.message, 120) : "";
  const options = { status, ...(problem?.field ? { field: problem.field } : {}) };
  // A failure not in the API's error envelope (an HTML or text page) came from something else
  // at that address: a proxy, a firewall, a web server without this API. Never blame key or ids.
  const foreign = !isErrorEnvelope(envelope);
  if (status === 403 && foreign) return refusedOnTheWayError();
  if (status === 401 || status === 403) return new ApiError("AUTH", AUTH_MESSAGE, options);
  if (status === 429 && !foreign && headerValue(headers, "www-authenticate") !== undefined)
    return keyThrottledError(envelope, options);
  if (status === 404 && (foreign || problem?.field === "path")) return noEndpointError(status);
  if (status === 404) {
    return new ApiError(
      "NOT_FOUND",
      "Not found: check the shop, region and ids (your key's account cannot see them)",
      options,
    );
  }
  if (foreign && status >= 400 && status < 500 && status !== 429 && status !== 413)
    return unexpectedStatusError(status);
  if (status === 422) {
    const detail = serverMessage || "the target cannot be reached";
    return new ApiError(
      "UNREACHABLE",
      `Target not reachable: ${detail}. Try a lower target`,
      options,
    );
  }
  if (status === 429) {
    // The scheduler pauses the key for Retry-After and sends the request again: a cell only
    // sees this when the API keeps refusing (another app or sheet spending the same key).
    const retryAfterSec = retryAfterSeconds(headers, nowMs);
    const wait =
      retryAfterSec !== undefined
        ? `the API asked to wait ${retryAfterSec} s`
        : "the API asked to wait";
    return new ApiError(
      "RATE_LIMITED",
      `Rate limit reached (60 requests/minute per key): ${wait}`,
      { ...options, ...(retryAfterSec !== undefined ? { retryAfterSec } : {}) },
    );
  }
  if (status >= 500) {
    return new ApiError(
      "SERVER",
      `API server error (HTTP ${status}): in a minute, refresh the cells with errors from the add-in's menu or pane`,
      options,
    );
  }
  if (status >= 400) {
    const what = problem
      ? // Long enough for a problem's example (C's unknown category was cut before it), still
        // bounded: Excel's hover shows 250 characters in all.
        `${problem.field}: ${shorten(problem.problem, 200)}`
      : serverMessage || `HTTP ${status}`;
    const advice = status === 413 ? "ask for fewer ids at once" : "check the arguments";
    return new ApiError("BAD_REQUEST", `Request refused (${what}): ${advice}`, options);
  }
  return new ApiError(
    "BAD_RESPONSE",
    `Unexpected answer from the API (HTTP ${status}): check the base URL in Settings`,
    options,
  );
}

/**
 * A 429 that asks for other credentials (WWW-Authenticate, RFC 9110 11.6.1): the key was not
 * accepted and has failed too often from here (contract-notes: failed authentications). Not
 * the key's rate limit: nothing waits for it, and no other app is to blame. The API's own
 * sentence says what happened and when to retry; it is shown as written.
 */
function keyThrottledError(
  envelope: Envelope | undefined,
  options: { status: number; field?: string },
): ApiError {
  const said = typeof envelope?.message === "string" ? shorten(envelope.message, 250) : "";
  return new ApiError("AUTH", said || AUTH_MESSAGE, { ...options, retryable: false });
}

/** The API's error envelope (contract-notes): status ERROR, statusCode, message, errors. */
function isErrorEnvelope(envelope: Envelope | undefined): boolean {
  if (envelope === undefined) return false;
  return (
    envelope.status === "ERROR" ||
    typeof envelope.statusCode === "number" ||
    Array.isArray(envelope.errors)
  );
}

/** The address has no such endpoint: the base URL is wrong, not the ids or the key. */
export function noEndpointError(status: number): ApiError {
  return new ApiError(
    "CONFIG",
    `The API address answered that it has no such endpoint (HTTP ${status}): check the base URL in Settings (the address of the Marketplace Profit Analytics API, without a path after it)`,
    { status, field: "baseUrl", retryable: false },
  );
}

/** A 403 not in the API's envelope: refused before it reached the API; the key is not at fault. */
function refusedOnTheWayError(): ApiError {
  // Not NETWORK: the breaker would read it as "could not reach" and hide the reason.
  return new ApiError(
    "CONFIG",
    "The request was refused by something between you and the API (a proxy or firewall, HTTP 403), not by the API: check the base URL in Settings and your network; your key was not rejected",
    { status: 403, field: "baseUrl", retryable: false },
  );
}

/** A 4xx the API does not send, without its envelope: another server answered at that address. */
function unexpectedStatusError(status: number): ApiError {
  return new ApiError(
    "CONFIG",
    `The API address answered with an unexpected status (HTTP ${status}) and not in the API's format: check the base URL in Settings`,
    { status, field: "baseUrl", retryable: false },
  );
}

/**
 * A 2xx whose body holds no envelope: empty, malformed, or not JSON at all. "Cut off" is only
 * for a body the transport saw end early (`cutOff`); a body that arrived whole and stops
 * inside its JSON is malformed: the API sent it so, and asking again gets the same.
 */
function unreadableAnswerError(res: HttpResponse): ApiError {
  const text = res.body.trim();
  if (endsInsideJson(text)) return malformedError(res.status);
  const empty = text === "" ? "no body" : text === "null" ? "null" : "";
  return new ApiError(
    "BAD_RESPONSE",
    empty
      ? `The API's answer was empty (HTTP ${res.status}, ${empty}): check the base URL in Settings; if it is right, tell your API provider`
      : `The API answered with something that is not JSON (HTTP ${res.status}): check the base URL in Settings`,
    { status: res.status, retryable: false },
  );
}

/** A redirect (a browser hides its code and target: status 0). */
function redirectError(status: number): ApiError {
  const code = status > 0 ? ` (HTTP ${status})` : "";
  return new ApiError(
    "BAD_RESPONSE",
    `The API sent the request on to another address${code}, which the add-in does not follow so your key goes nowhere else: check the base URL in Settings (enter the address the API moved to)`,
    { status, retryable: false },
  );
}

/** A body longer than any answer the spec allows: not read to its end, not asked again. */
function tooLargeError(status: number): ApiError {
  return new ApiError(
    "BAD_RESPONSE",
    `The API's answer was larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB (HTTP ${status}), far more than any answer of this API: check the base URL in Settings; if it is right, tell your API provider`,
    { status, retryable: false },
  );
}

/** A body that ended before its end: worth asking again (the connection dropped). */
function cutOffError(status: number): ApiError {
  return new ApiError(
    "BAD_RESPONSE",
    `The API's answer was cut off before its end (HTTP ${status}): the connection dropped on the way; refresh the cells with errors from the add-in's menu or pane, and if it keeps happening, check the base URL in Settings`,
    { status, retryable: true },
  );
}

/** A whole body whose JSON stops inside an object, a list or a text. */
function malformedError(status: number): ApiError {
  return new ApiError(
    "BAD_RESPONSE",
    `The API's answer was malformed (HTTP ${status}): it arrived whole, but its JSON stops before its end. Check the base URL in Settings; if it is right, tell your API provider`,
    { status, retryable: false },
  );
}

/** JSON that starts well but stops inside an object, a list or a text. */
function endsInsideJson(text: string): boolean {
  let depth = 0;
  let inText = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inText) {
      if (c === "\\") i++;
      else inText = c !== '"';
    } else if (c === '"') inText = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    // Not an object or list, closed before the end, or closed more than opened: not cut.
    if (depth < 1 && !inText) return false;
  }
  return depth > 0;
}

function parseJson(body: string): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Envelope)
      : undefined;
  } catch {
    return undefined;
  }
}

function firstProblem(
  envelope: Envelope | undefined,
): { field: string; problem: string } | undefined {
  if (!Array.isArray(envelope?.errors)) return undefined;
  const first: unknown = envelope.errors[0];
  if (first === null || typeof first !== "object") return undefined;
  const { field, problem } = first as { field?: unknown; problem?: unknown };
  if (typeof field !== "string") return undefined;
  return { field, problem: typeof problem === "string" ? problem : "invalid" };
}

/** Header lookup ignoring case (transports disagree on header name case). */
export function headerValue(
  headers: Readonly<Record<string, string>>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** One window of the API's 60 requests a minute. */
const MAX_WAIT_SEC = 60;

/** Retry-After as whole seconds (delta-seconds or an HTTP date), if present and sane, at most 60. */
export function retryAfterSeconds(
  headers: Readonly<Record<string, string>>,
  nowMs: number,
): number | undefined {
  const raw = headerValue(headers, "retry-after")?.trim();
  if (!raw) return undefined;
  const at = /^\d+(\.\d+)?$/.test(raw) ? nowMs + Number(raw) * 1000 : Date.parse(raw);
  if (Number.isNaN(at)) return undefined;
  // The limit is per minute: a longer wait (an hour, a date next year) would stop every cell
  // of the key with nothing the seller can do, so one window is the most we wait.
  return Math.min(MAX_WAIT_SEC, Math.max(0, Math.ceil((at - nowMs) / 1000)));
}
