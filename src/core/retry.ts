/**
 * Backoff with full jitter for retryable failures (429, 5xx, network, timeout), honouring
 * Retry-After and never sleeping past the caller's deadline (a Sheets cell has 30 s).
 */
import type { RandomSource } from "./clock";
import type { ApiError } from "./errors";

export interface RetryPolicy {
  /** Tries in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
};

/** What to do after a failed try. */
export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number }
  | { readonly retry: false; readonly error: ApiError };

/**
 * Delay before retry number `attempt` (1 = first retry): full jitter over an exponential
 * cap, but never shorter than the server's Retry-After.
 */
export function backoffDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: RandomSource,
  retryAfterSec?: number,
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const jitter = Math.floor(random() * cap);
  return retryAfterSec !== undefined ? Math.max(retryAfterSec * 1000, jitter) : jitter;
}

/** Decide whether try number `attempt` (1-based) that failed with `error` is retried. */
export function decideRetry(
  error: ApiError,
  attempt: number,
  nowMs: number,
  deadlineMs: number,
  policy: RetryPolicy,
  random: RandomSource,
): RetryDecision {
  if (!error.retryable || attempt >= policy.maxAttempts) return { retry: false, error };
  const delayMs = backoffDelayMs(attempt, policy, random, error.retryAfterSec);
  if (nowMs + delayMs > deadlineMs) return { retry: false, error };
  return { retry: true, delayMs };
}
