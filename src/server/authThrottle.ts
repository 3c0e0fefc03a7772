/**
 * Failed authentications, throttled without ever refusing a valid key (issues 22, 36). The
 * spec's 60 a minute is per key; wrong keys were answered 401 at full speed. Issue 22 counted
 * failures per address and then refused every request from it, valid keys included: 31 `<img>`
 * tags on any web page locked the seller's own add-in out, and behind one office NAT (or
 * Apps Script's shared Google addresses) one guesser locked out everyone.
 *
 * Now a valid key is looked up and answered before the throttle is asked anything; only a
 * request that failed to authenticate counts, and only such requests are refused. Failures are
 * counted twice, each in a token bucket that refills evenly over a minute:
 * - per address and presented key (its first 15 characters, the key list's prefix; "no key" is
 *   one of them): FAILURES_PER_MINUTE, far above a seller's typos (the add-in stops at the
 *   first 401), so a mistyped key from a busy office still hears "Unknown API key";
 * - per address in all: ADDRESS_FAILURES_PER_MINUTE, so a guesser changing keys is held too.
 * Guessing a key of 238 random bits is hopeless at any speed; the throttle tells a client that
 * keeps failing to stop, in words (app.ts), and bounds what such clients cost.
 */
import { LRUCache } from "lru-cache";
import { DISPLAY_PREFIX_LENGTH } from "./keys/token";

/** Failed authentications one address may make with one presented key in any minute. */
export const FAILURES_PER_MINUTE = 30;

/** How many times FAILURES_PER_MINUTE one address may fail in all, whatever keys it sends. */
const ADDRESS_FACTOR = 4;

const MINUTE_MS = 60_000;

/** The answer to a failed authentication: go on (401), or wait (429). */
export interface FailureVerdict {
  /** Seconds before this address may fail again with this key, 0 when this failure is let through. */
  readonly waitSeconds: number;
  /** Which count is used up: this presented key's, or the address's over all keys. */
  readonly scope: "key" | "address";
  /** Whether the request carried any Authorization at all. */
  readonly keySent: boolean;
  /** The count's limit per minute. */
  readonly limit: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class AuthThrottle {
  /**
   * Buckets remembered at most, least recently failed forgotten first (lru-cache, as the
   * server's other bounded caches): about 150 bytes each,
   * so 2 MB whatever a flood of addresses or keys does. An address that keeps failing touches
   * its buckets each time and stays remembered.
   */
  static readonly MAX_ENTRIES = 10_000;

  private readonly buckets = new LRUCache<string, Bucket>({ max: AuthThrottle.MAX_ENTRIES });
  readonly addressLimit: number;

  constructor(
    private readonly now: () => number = Date.now,
    readonly limit: number = FAILURES_PER_MINUTE,
  ) {
    this.addressLimit = limit * ADDRESS_FACTOR;
  }

  /** Count one failed authentication (the Authorization header as sent), or refuse it. */
  failed(address: string, authorization: string | null | undefined): FailureVerdict {
    const presented = presentedPrefix(authorization);
    const keySent = presented !== "";
    const now = this.now();
    const byKey = this.bucket(`${address}\n${presented}`, this.limit, now);
    const byAddress = this.bucket(address, this.addressLimit, now);
    const keyWait = waitMs(byKey, this.limit);
    const addressWait = waitMs(byAddress, this.addressLimit);
    if (keyWait === 0 && addressWait === 0) {
      byKey.tokens -= 1;
      byAddress.tokens -= 1;
      return { waitSeconds: 0, scope: "key", keySent, limit: this.limit };
    }
    const scope = keyWait >= addressWait ? "key" : "address";
    return {
      waitSeconds: Math.max(1, Math.ceil(Math.max(keyWait, addressWait) / 1000)),
      scope,
      keySent,
      limit: scope === "key" ? this.limit : this.addressLimit,
    };
  }

  /** Buckets held now (tests: the bound). */
  size(): number {
    return this.buckets.size;
  }

  /** The bucket under `id`, refilled to `now` and made the most recent. */
  private bucket(id: string, capacity: number, now: number): Bucket {
    let bucket = this.buckets.get(id);
    if (bucket === undefined) {
      bucket = { tokens: capacity, at: now };
      this.buckets.set(id, bucket);
    }
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(capacity, bucket.tokens + (elapsed * capacity) / MINUTE_MS);
    bucket.at = now;
    return bucket;
  }
}

/** Milliseconds until the bucket holds one failure again, 0 when it does now. */
function waitMs(bucket: Bucket, capacity: number): number {
  return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * MINUTE_MS) / capacity);
}

/** The presented key's first characters (the key list's prefix), "" when none was sent. */
function presentedPrefix(authorization: string | null | undefined): string {
  const value = (authorization ?? "").trim().replace(/^bearer\s+/i, "");
  return value.slice(0, DISPLAY_PREFIX_LENGTH);
}
