/**
 * Backoff with full jitter for retryable failures (429, 5xx, network, timeout), honouring
 * Retry-After and never sleeping past the caller's deadline (a Sheets cell has 30 s).
 */
import type { AsyncClock, RandomSource, SyncClock } from "./clock";
import { ApiError, toApiError } from "./errors";

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

export interface RetryOptions {
  readonly deadlineMs: number;
  readonly policy?: RetryPolicy;
  readonly random?: RandomSource;
  /** Called before each retry sleep (counters, logs). */
  readonly onRetry?: (error: ApiError, delayMs: number) => void;
}

/** Run `attempt` until it succeeds, a non-retryable error, the attempt cap or the deadline. */
export function retrySync<T>(attempt: () => T, clock: SyncClock, options: RetryOptions): T {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? Math.random;
  for (let n = 1; ; n++) {
    try {
      return attempt();
    } catch (e) {
      const decision = decideRetry(
        toApiError(e),
        n,
        clock.now(),
        options.deadlineMs,
        policy,
        random,
      );
      if (!decision.retry) throw decision.error;
      options.onRetry?.(toApiError(e), decision.delayMs);
      clock.sleep(decision.delayMs);
    }
  }
}

/** Async twin of retrySync. */
export async function retryAsync<T>(
  attempt: () => Promise<T>,
  clock: AsyncClock,
  options: RetryOptions,
): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const random = options.random ?? Math.random;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      const error = toApiError(e);
      const decision = decideRetry(error, n, clock.now(), options.deadlineMs, policy, random);
      if (!decision.retry) throw decision.error;
      options.onRetry?.(error, decision.delayMs);
      await clock.sleep(decision.delayMs);
    }
  }
}
