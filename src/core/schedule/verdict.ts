/**
 * What a fetch's outcome means for the needs it served, the same in both drivers: answered
 * (maybe partly, with a next page), asked again (429: after the key's pause; 5xx or a lost
 * connection: after a backoff, except a 503 whose callers all ask again in parts themselves),
 * the server is down (the breaker opened: everything pending for the key fails at once), a
 * list that could not answer (its needs go to their own endpoints), or a plain failure the
 * cells show.
 */
import type { EndpointSpec } from "../../api/types";
import type { RandomSource } from "../clock";
import type { Settled } from "../effects";
import { ApiError, isApiError, isRateLimit, toApiError } from "../errors";
import { type RetryPolicy, backoffDelayMs } from "../retry";
import { NO_ANSWER_IN_TIME, unreachableError } from "./breaker";
import type { Fetch } from "./coalesce";
import { type Delivery, deliver } from "./deliver";
import { isConnectionFailure, keyRefusedError } from "./gate";
import type { Need } from "./need";

export type Verdict =
  | { readonly kind: "answered"; readonly delivery: Delivery }
  | { readonly kind: "fallback" }
  | { readonly kind: "again"; readonly delayMs: number; readonly rateLimited: boolean }
  | { readonly kind: "down"; readonly error: ApiError }
  | { readonly kind: "failed"; readonly error: ApiError };

/** 429s in a row for one need before its cell is told (another app may spend the key). */
export const MAX_RATE_LIMITED = 8;

export interface VerdictContext {
  readonly needs: readonly Need[];
  /** Tries so far of the needs served (the most among them), this one included. */
  readonly attempt: number;
  /** 429s so far of the needs served, this one included. */
  readonly rateLimited: number;
  /** The breaker is open after this outcome. */
  readonly breakerOpen: boolean;
  readonly baseUrl: string;
  readonly policy: RetryPolicy;
  readonly random: RandomSource;
  readonly lookup: (id: string) => EndpointSpec;
  readonly now: number;
  /** No retry may wait past this (a Sheets execution); none: retries wait as long as needed. */
  readonly deadline?: number | undefined;
}

/** The verdict on one fetch's outcome (see the file comment). */
export function verdictOf(fetch: Fetch, outcome: Settled<unknown>, ctx: VerdictContext): Verdict {
  if (outcome.ok) {
    try {
      return { kind: "answered", delivery: deliver(fetch, ctx.needs, outcome.value, ctx.lookup) };
    } catch (e) {
      if (fetch.via === "list") return { kind: "fallback" };
      return { kind: "failed", error: isApiError(e) ? e : toApiError(e) };
    }
  }
  const error = outcome.error;
  if (isRateLimit(error)) {
    // The key's pause (Quota) bounds the time; this bounds the tries of short Retry-Afters.
    if (ctx.rateLimited < MAX_RATE_LIMITED) return { kind: "again", delayMs: 0, rateLimited: true };
    return { kind: "failed", error: keyRefusedError() };
  }
  if (isConnectionFailure(error)) {
    const down = unreachableError(
      ctx.baseUrl,
      error.code === "TIMEOUT" ? NO_ANSWER_IN_TIME : undefined,
    );
    if (ctx.breakerOpen) return { kind: "down", error: down };
    return again(ctx) ?? { kind: "failed", error: down };
  }
  // The server had no time for it (its 503) and every caller asks again in parts: at once.
  if (error.status === 503 && ctx.needs.length > 0 && ctx.needs.every((n) => n.callerSplits))
    return { kind: "failed", error };
  const retry = error.retryable ? again(ctx) : null;
  if (retry) return retry;
  // A list the API will not give (an error of its own): each need asks its own endpoint.
  if (fetch.via === "list") return { kind: "fallback" };
  return { kind: "failed", error };
}

/** Try again after a backoff, unless the tries are used up or the wait passes the deadline. */
function again(ctx: VerdictContext): Verdict | null {
  if (ctx.attempt >= ctx.policy.maxAttempts) return null;
  const delayMs = backoffDelayMs(ctx.attempt, ctx.policy, ctx.random);
  if (ctx.deadline !== undefined && ctx.now + delayMs > ctx.deadline) return null;
  return { kind: "again", delayMs, rateLimited: false };
}

/** The error a need gets when its answer never came (a driver bug guard). */
export function noAnswerError(): ApiError {
  return new ApiError(
    "SERVER",
    "No answer for this cell: refresh the cells with errors from the add-in's menu or pane to try again",
  );
}
