/**
 * Requests per minute per API key, as a sliding window: a request is allowed when fewer than
 * `limit` requests of the same key were allowed in the 60 s before it. So the 61st request
 * inside any 60 s is refused, however the 60 before it were spread. Refused requests do not
 * count, so a client that waits `retryAfterSeconds` always gets through.
 */

export type RateDecision =
  | { readonly allowed: true; readonly remaining: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

const WINDOW_MS = 60_000;

/** Sliding-window counter keyed by an opaque key (the key's hash). */
export class RateLimiter {
  /** Times (ms) of the allowed requests of the last minute, oldest first, per key. */
  private readonly windows = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isSafeInteger(limitPerMinute) || limitPerMinute < 1) {
      throw new RangeError("The rate limit must be a whole number of at least 1 per minute.");
    }
  }

  /** Counts one request of `key` if the window has room. */
  take(key: string): RateDecision {
    const now = this.now();
    this.sweep(now);
    let times = this.windows.get(key);
    if (times === undefined) {
      times = [];
      this.windows.set(key, times);
    }
    clampToNow(times, now);
    dropOlderThan(times, now - WINDOW_MS);
    if (times.length >= this.limitPerMinute) {
      const oldest = times[0] as number;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)),
      };
    }
    times.push(now);
    return { allowed: true, remaining: this.limitPerMinute - times.length };
  }

  /** Forgets keys idle for a whole window, at most once a minute, so memory stays bounded. */
  private sweep(now: number): void {
    if (now >= this.lastSweep && now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, times] of this.windows) {
      const newest = times[times.length - 1];
      if (newest === undefined || newest <= now - WINDOW_MS) this.windows.delete(key);
    }
  }
}

/** Removes the leading entries at or before `cutoff` (the array is sorted). */
function dropOlderThan(times: number[], cutoff: number): void {
  let first = 0;
  while (first < times.length && (times[first] as number) <= cutoff) first++;
  if (first > 0) times.splice(0, first);
}

/**
 * When the wall clock steps back, requests stamped "in the future" would stay in the window
 * (locking the key out) until the clock caught up: count them as made now instead.
 */
function clampToNow(times: number[], now: number): void {
  for (let i = times.length - 1; i >= 0 && (times[i] as number) > now; i--) times[i] = now;
}
