/**
 * One key's burst must not hold up everyone else. Handlers compute synchronously on the one
 * event loop, and requests that arrive together are handled in arrival order: a key that sends
 * twenty costly requests at once (each within its 60 a minute) made another key's cheap request
 * wait behind all twenty (51 s in an attack run). Here a key that used more than HEAVY_MS of
 * computing in the last WINDOW_MS queues its next request, and its queued requests run one per
 * turn of the event loop: between two of them the loop reads the other sockets, so every other
 * key's request waits behind at most one of the busy key's. Nothing is refused; a key that
 * computes little (every request of this add-in's clients but the largest pages) never queues.
 */

/** Computing time in the last WINDOW_MS that makes a key's next request take its turn. */
export const HEAVY_MS = 250;
const WINDOW_MS = 1000;
/** Loop time queued requests may use before the loop reads other sockets again. */
const TURN_MS = 20;

export class LoopFairness {
  private readonly used = new Map<string, { ms: number; since: number }>();
  private readonly queue: Array<() => void> = [];
  private pumping = false;
  private turnStart = -Infinity;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Computing time this key used in the current window. */
  usedRecently(key: string): number {
    const u = this.used.get(key);
    return u && this.now() - u.since < WINDOW_MS ? u.ms : 0;
  }

  /** Resolves when `key`'s request may compute: at once, or at its turn if the key is busy. */
  turn(key: string): Promise<void> {
    if (this.usedRecently(key) < HEAVY_MS) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.queue.push(resolve);
      this.pump();
    });
  }

  /** Run a request's work for `key`, counting its time; the next queued request follows. */
  measure<T>(key: string, work: () => T): T {
    const start = this.now();
    try {
      return work();
    } finally {
      const u = this.used.get(key);
      const fresh = !u || start - u.since >= WINDOW_MS;
      this.used.set(key, {
        ms: (fresh ? 0 : (u?.ms ?? 0)) + this.now() - start,
        since: fresh ? start : (u?.since ?? start),
      });
      this.releaseNext();
    }
  }

  /**
   * Queued requests run back to back until TURN_MS of the loop's time is used, then the loop
   * reads the other sockets (setImmediate runs after the I/O phase): one request per turn made
   * a lone busy key pay a loop turn per request, for no one.
   */
  private releaseNext(): void {
    if (this.queue.length === 0) return;
    if (this.now() - this.turnStart < TURN_MS) this.queue.shift()?.();
    else this.pump();
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      this.turnStart = this.now();
      this.queue.shift()?.();
    });
  }
}
