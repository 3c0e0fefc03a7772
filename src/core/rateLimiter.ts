/**
 * Client-side rate limit: at most `limit` requests in any rolling `windowMs` per API key
 * (the API allows 60 a minute). A plain token bucket would let a full bucket plus a
 * window's refill through in one minute (up to 2x), so we keep the grant times of the last
 * window instead: exact, and at most `limit` numbers of state. The state lives in a
 * KeyValueStore under a hash of the key, so parallel Sheets executions share it (with the
 * host's lock), and the key itself is never stored.
 */
import { sha256Hex } from "./hash";
import type { KeyValueStore } from "./store";

export interface RateLimiterOptions {
  readonly store: KeyValueStore;
  readonly clock: { now(): number };
  /** Grants per window; default 60. */
  readonly limit?: number;
  /** Window length; default 60,000 ms. */
  readonly windowMs?: number;
  /** Run a read-modify-write under a host lock (Sheets: LockService). */
  readonly withLock?: <T>(fn: () => T) => T;
}

/** Either go now, or wait this long and ask again. */
export type Acquisition =
  { readonly granted: true } | { readonly granted: false; readonly waitMs: number };

/** Rolling-window request limiter shared through a KeyValueStore. */
export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly store: KeyValueStore;
  private readonly clock: { now(): number };
  private readonly withLock: <T>(fn: () => T) => T;
  private lastKey: { apiKey: string; storeKey: string } | undefined;

  constructor(options: RateLimiterOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.limit = options.limit ?? 60;
    this.windowMs = options.windowMs ?? 60_000;
    this.withLock = options.withLock ?? ((fn) => fn());
    if (!(this.limit >= 1) || !(this.windowMs >= 1))
      throw new Error("RateLimiter needs limit >= 1 and windowMs >= 1");
  }

  /** Take one request slot for this key, or learn how long to wait for one. */
  acquire(apiKey: string): Acquisition {
    const key = this.storeKey(apiKey);
    return this.withLock(() => {
      const now = this.clock.now();
      const grants = this.read(key)
        .filter((t) => t > now - this.windowMs && t <= now)
        .sort((a, b) => a - b);
      if (grants.length >= this.limit) {
        const oldest = grants[grants.length - this.limit] ?? now;
        return { granted: false as const, waitMs: Math.max(1, oldest + this.windowMs - now) };
      }
      grants.push(now);
      this.write(key, grants);
      return { granted: true as const };
    });
  }

  /** Slots left now for this key (the sidebar shows it). */
  remaining(apiKey: string): number {
    const now = this.clock.now();
    const recent = this.read(this.storeKey(apiKey)).filter((t) => t > now - this.windowMs);
    return Math.max(0, this.limit - recent.length);
  }

  private storeKey(apiKey: string): string {
    if (this.lastKey?.apiKey !== apiKey) {
      this.lastKey = { apiKey, storeKey: `rl1:${sha256Hex(`rate-limit\n${apiKey}`).slice(0, 40)}` };
    }
    return this.lastKey.storeKey;
  }

  private read(key: string): number[] {
    let raw: string | null;
    try {
      raw = this.store.get(key);
    } catch {
      // Fail open: the server still enforces its limit with 429 + Retry-After.
      return [];
    }
    if (!raw) return [];
    // Stored as a base time plus base-36 offsets: compact enough for 60 entries anywhere.
    const [base, ...offsets] = raw.split(",");
    const start = Number(base);
    if (!Number.isFinite(start)) return [];
    return offsets.map((o) => start + parseInt(o, 36)).filter((t) => Number.isFinite(t));
  }

  private write(key: string, grants: readonly number[]): void {
    const kept = grants.slice(-this.limit);
    const start = kept[0] ?? 0;
    const text = [String(start), ...kept.map((t) => (t - start).toString(36))].join(",");
    try {
      this.store.put(key, text, Math.ceil(this.windowMs / 1000) + 1);
    } catch {
      // Fail open, as in read().
    }
  }
}
