/**
 * The one error type the add-in shows. Its message lands in a cell's hover text, so it is
 * short, says what happened and what to do, and never contains the API key.
 */

/** Every failure class the add-in distinguishes. */
export type ApiErrorCode =
  | "NO_KEY"
  | "CONFIG"
  | "INVALID_ARGUMENT"
  | "BAD_REQUEST"
  | "AUTH"
  | "NOT_FOUND"
  | "UNREACHABLE"
  | "RATE_LIMITED"
  | "SERVER"
  | "NETWORK"
  | "TIMEOUT"
  | "BAD_RESPONSE"
  | "NOT_YET_ACTIVE"
  | "PAUSED";

export interface ApiErrorOptions {
  /** Defaults by code: RATE_LIMITED, SERVER, NETWORK and TIMEOUT are worth retrying. */
  readonly retryable?: boolean;
  /** HTTP status, when a response was received. */
  readonly status?: number;
  /** Seconds the server asked us to wait (Retry-After). */
  readonly retryAfterSec?: number;
  /** The argument or body field at fault. */
  readonly field?: string;
}

const RETRYABLE_CODES: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  "RATE_LIMITED",
  "SERVER",
  "NETWORK",
  "TIMEOUT",
]);

/** A failure with a code, a short actionable message and whether a retry may help. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly retryable: boolean;
  readonly status?: number;
  readonly retryAfterSec?: number;
  readonly field?: string;

  constructor(code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE_CODES.has(code);
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterSec !== undefined) this.retryAfterSec = options.retryAfterSec;
    if (options.field !== undefined) this.field = options.field;
  }

  /** A copy with another message (same code and details). */
  withMessage(message: string): ApiError {
    return new ApiError(this.code, message, this);
  }
}

/** The API's rate limit on the key (its 429 without WWW-Authenticate): worth waiting for. */
export function isRateLimit(error: ApiError): boolean {
  return error.status === 429 && error.code === "RATE_LIMITED";
}

/** A key refused after failing too often (response.ts): its message is the API's sentence. */
export function isKeyThrottled(error: ApiError): boolean {
  return error.status === 429 && error.code === "AUTH";
}

/** True for an ApiError (also across bundle copies, by shape). */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (value instanceof Error &&
      value.name === "ApiError" &&
      typeof (value as { code?: unknown }).code === "string")
  );
}

/** The message of anything thrown: an Error's message, else the value as text. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Wrap anything a transport threw as a NETWORK error (keeps ApiErrors as they are). */
export function toApiError(value: unknown): ApiError {
  if (isApiError(value)) return value;
  const detail = messageOf(value);
  return new ApiError(
    "NETWORK",
    `Could not reach the API (${shorten(detail, 80)}): check your connection and the base URL in Settings, then refresh the cells with errors from the add-in's menu or pane`,
  );
}

/** The error for a missing API key. */
export function noKeyError(): ApiError {
  return new ApiError(
    "NO_KEY",
    "No API key: paste your key under API key and settings in the add-on's sidebar",
  );
}

/** The error of a call not in the cache while the seller has paused live calls. */
export function pausedError(): ApiError {
  return new ApiError(
    "PAUSED",
    "Live calls are paused and this answer is not in the cache: resume live calls under Refresh in the add-in's pane",
  );
}

/** The error for an endpoint the spec marks "not yet active". */
export function notYetActiveError(endpointId: string, note?: string): ApiError {
  const why = note ? ` (${shorten(note, 80)})` : "";
  return new ApiError(
    "NOT_YET_ACTIVE",
    `${endpointId} is not yet active on the API${why}: use another function for now`,
  );
}

/** Replace every occurrence of the key in an error's message (defence in depth). */
export function redactKey(error: ApiError, apiKey: string | null | undefined): ApiError {
  if (!apiKey || apiKey.length < 4 || !error.message.includes(apiKey)) return error;
  return error.withMessage(error.message.split(apiKey).join("***"));
}

/** Cut a text to `max` characters with an ellipsis. */
export function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
