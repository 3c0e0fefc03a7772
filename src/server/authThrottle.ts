/**
 * Failed authentications per remote address (issue 22): the spec's 60 a minute is per key, so
 * wrong keys were answered 401 at full speed and anyone could guess keys as fast as the server
 * answered. After FAILURES_PER_MINUTE failures within a sliding minute, every request from that
 * address is answered 429 with Retry-After until the oldest failure leaves the window, before
 * its key is even looked at (else a right guess would still show through). 30 a minute is far
 * above a seller mistyping a key (the add-in stops at the first 401) and makes guessing a key
 * of this size hopeless. A valid key's requests pay one Map lookup and never count.
 */
const WINDOW_MS = 60_000;

/** Failed authentications an address may make in any 60 s. */
export const FAILURES_PER_MINUTE = 30;

/** Addresses remembered at most (a flood from many addresses cannot grow the map for ever). */
const MAX_ADDRESSES = 100_000;

export class AuthThrottle {
  /** Failure times of the last minute, oldest first, per address. */
  private readonly failures = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    readonly limit: number = FAILURES_PER_MINUTE,
  ) {}

  /** Seconds this address must wait, or 0 when it may try (one Map lookup when it never failed). */
  waitSeconds(address: string): number {
    const times = this.failures.get(address);
    if (times === undefined || times.length < this.limit) return 0;
    const now = this.now();
    const freeAt = (times[times.length - this.limit] as number) + WINDOW_MS;
    return freeAt > now ? Math.max(1, Math.ceil((freeAt - now) / 1000)) : 0;
  }

  /** Count one failed authentication of this address. */
  failed(address: string): void {
    const now = this.now();
    this.sweep(now);
    let times = this.failures.get(address);
    if (times === undefined) {
      if (this.failures.size >= MAX_ADDRESSES) {
        const oldest = this.failures.keys().next().value;
        if (oldest !== undefined) this.failures.delete(oldest);
      }
      times = [];
      this.failures.set(address, times);
    }
    times.push(now);
    let first = 0;
    while (first < times.length && (times[first] as number) <= now - WINDOW_MS) first++;
    if (first > 0) times.splice(0, first);
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
  }

  /** Forget addresses without a failure in the last minute, at most once a minute. */
  private sweep(now: number): void {
    if (now >= this.lastSweep && now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [address, times] of this.failures)
      if ((times[times.length - 1] ?? 0) <= now - WINDOW_MS) this.failures.delete(address);
  }
}
