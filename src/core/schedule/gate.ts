/**
 * The way out to one API (a key on a base URL): the breaker first (a server that is down
 * spends no quota), then the quota. After a request, `leave` stamps the slot with the time
 * the answer came back, tells the breaker whether the server answered at all, and turns a
 * 429's Retry-After into a pause for everyone using the key. When a 429 shows the API has
 * refused the key for too long (Quota's MAX_REFUSED_MS), `leave` returns the error every
 * waiting cell then fails with, like a server that does not answer.
 */
import type { Settled } from "../effects";
import { ApiError, isRateLimit } from "../errors";
import type { Breaker, BreakerStatus } from "./breaker";
import type { Quota, QuotaStatus, QuotaTicket } from "./quota";

/** What a request may do now. */
export type GateEntry =
  | { readonly go: true; readonly ticket: QuotaTicket | null; readonly probe: boolean }
  | { readonly go: false; readonly down: ApiError }
  | {
      readonly go: false;
      readonly down?: undefined;
      readonly waitMs: number;
      readonly paused: boolean;
    };

/** How long a key pauses after a 429 without a usable Retry-After. */
export const DEFAULT_PAUSE_MS = 30_000;

export interface GateParts {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly clock: { now(): number };
  readonly quota?: Quota | undefined;
  readonly breaker?: Breaker | undefined;
}

/**
 * The error of cells whose key the API kept refusing (429s in a row over about a minute and a
 * half, Retry-After obeyed): our own requests fit the 60 a minute, so someone else spends the
 * key. Not retryable: waiting longer is what the cell just did; the seller re-runs it.
 */
export function keyRefusedError(): ApiError {
  return new ApiError(
    "RATE_LIMITED",
    "Rate limit reached (60 requests/minute per key): the API kept refusing this key after each wait it asked for (another app, sheet or person may use it, or the API limits it); in a minute refresh the cells with errors from the add-in's menu or pane",
    { retryable: false },
  );
}

/** Failures that mean the server did not answer at all. */
export function isConnectionFailure(error: ApiError): boolean {
  return error.code === "NETWORK" || error.code === "TIMEOUT";
}

/** Breaker, then quota, for one key on one server. */
export class Gate {
  constructor(private readonly parts: GateParts) {}

  /** May one request go now? `keep`: quota slots to leave free (a job's: jobShare.ts). */
  enter(keep = 0): GateEntry {
    const { quota, breaker, apiKey, baseUrl, clock } = this.parts;
    const state = breaker?.status(apiKey, baseUrl);
    let claimed: boolean | null = null;
    if (breaker && state && state.state !== "closed") {
      // Not due yet, or the probe is out: fail at once, without touching the quota.
      if (state.state === "probing" || (state.retryAt ?? 0) > clock.now()) {
        const decision = breaker.check(apiKey, baseUrl);
        if (!decision.go) return { go: false, down: decision.error };
        claimed = decision.probe;
      }
    }
    const slot = quota ? quota.acquire(apiKey, keep) : null;
    if (slot && !slot.granted) return { go: false, waitMs: slot.waitMs, paused: slot.paused };
    const ticket = slot?.granted ? slot.ticket : null;
    if (!breaker || state?.state === "closed") return { go: true, ticket, probe: false };
    if (claimed !== null) return { go: true, ticket, probe: claimed };
    // Due: this request is the one probe, unless another execution took it first.
    const decision = breaker.check(apiKey, baseUrl);
    if (decision.go) return { go: true, ticket, probe: decision.probe };
    if (quota && ticket) quota.cancel(apiKey, ticket);
    return { go: false, down: decision.error };
  }

  /**
   * May up to `count` requests go now? With the breaker closed, their quota slots are taken
   * together (Quota.acquireMany); otherwise one at a time, as `enter` (a probe goes alone).
   * The entries that may go come first; a refusal, if any, is last.
   */
  enterMany(count: number, keep = 0): GateEntry[] {
    const { quota, breaker, apiKey, baseUrl } = this.parts;
    if (count <= 1 || (breaker && breaker.status(apiKey, baseUrl).state !== "closed"))
      return [this.enter(keep)];
    if (!quota)
      return Array.from({ length: count }, () => ({ go: true, ticket: null, probe: false }));
    const { tickets, waitMs, paused } = quota.acquireMany(apiKey, count, keep);
    const entries: GateEntry[] = tickets.map((ticket) => ({ go: true, ticket, probe: false }));
    if (tickets.length < count) entries.push({ go: false, waitMs: Math.max(1, waitMs), paused });
    return entries;
  }

  /**
   * Tickets of requests that are over, with their outcomes (same order). Returns the error
   * for every waiting call when the API has refused the key too long, else null.
   */
  leave(
    tickets: ReadonlyArray<QuotaTicket | null>,
    outcomes: ReadonlyArray<Settled<unknown>>,
  ): ApiError | null {
    const { quota, breaker, apiKey, baseUrl, clock } = this.parts;
    const held = tickets.filter((t): t is QuotaTicket => t !== null);
    let pauseUntil = 0;
    let answered = false;
    let accepted = false;
    let unreachable = 0;
    for (const outcome of outcomes) {
      if (outcome.ok || !isConnectionFailure(outcome.error)) answered = true;
      else unreachable++;
      if (!outcome.ok && isRateLimit(outcome.error)) {
        const sec = outcome.error.retryAfterSec;
        pauseUntil = Math.max(
          pauseUntil,
          clock.now() + (sec !== undefined ? sec * 1000 : DEFAULT_PAUSE_MS),
        );
      } else if (outcome.ok || outcome.error.status !== undefined) accepted = true;
    }
    const refused = quota?.settleAll(apiKey, held, { pauseUntil, accepted }) ?? false;
    if (breaker) {
      if (answered) breaker.success(apiKey, baseUrl);
      // Once open, further failures of the same group add nothing (one lock each in Apps Script).
      for (let i = 0; i < unreachable; i++) if (breaker.failure(apiKey, baseUrl)) break;
    }
    return refused ? keyRefusedError() : null;
  }

  /** Is the breaker open (or probing) now? */
  isDown(): boolean {
    const { breaker, apiKey, baseUrl } = this.parts;
    return breaker !== undefined && breaker.status(apiKey, baseUrl).state !== "closed";
  }

  /** Quota and breaker at a glance. */
  status(): { quota: QuotaStatus | null; breaker: BreakerStatus | null } {
    const { quota, breaker, apiKey, baseUrl } = this.parts;
    return {
      quota: quota ? quota.status(apiKey) : null,
      breaker: breaker ? breaker.status(apiKey, baseUrl) : null,
    };
  }
}
