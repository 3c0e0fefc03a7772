/**
 * CacheService as Google describes it, for the simulator: the limits of the FakeCache, and
 * (strict) past 1,000 items it keeps the 900 farthest from expiry, and entries may be dropped
 * early at any time (`dropRandom`, driven by the coordinator's clock).
 */
import { FakeCache, type FakeClock } from "../fakes";

interface Entry {
  value: string;
  expiresAt: number;
}

export class SimCache extends FakeCache {
  private readonly items = new Map<string, Entry>();
  /** Entries dropped early or by the cap. */
  dropped = 0;
  constructor(
    private readonly simClock: FakeClock,
    private readonly google: boolean,
  ) {
    super(simClock);
  }
  override get(key: string): string | null {
    if (!this.google) return super.get(key);
    const e = this.items.get(key);
    if (!e || e.expiresAt <= this.simClock.now()) return null;
    return e.value;
  }
  override put(key: string, value: string, ttl?: number): void {
    if (!this.google) return super.put(key, value, ttl);
    // The base class checks the limits (and keeps its own copy, unused here).
    super.put(key, "", ttl);
    super.remove(key);
    if (Buffer.byteLength(value, "utf8") > 100 * 1024) throw new Error("Argument too large: value");
    this.items.set(key, { value, expiresAt: this.simClock.now() + (ttl ?? 600) * 1000 });
    if (this.items.size > 1000) {
      const now = this.simClock.now();
      const keep = [...this.items]
        .filter(([, e]) => e.expiresAt > now)
        .sort((a, b) => b[1].expiresAt - a[1].expiresAt)
        .slice(0, 900);
      this.dropped += this.items.size - keep.length;
      this.items.clear();
      for (const [k, e] of keep) this.items.set(k, e);
    }
  }
  override remove(key: string): void {
    if (!this.google) return super.remove(key);
    this.items.delete(key);
  }
  override keys(): string[] {
    return this.google ? [...this.items.keys()] : super.keys();
  }
  override values(): string[] {
    return this.google ? [...this.items.values()].map((e) => e.value) : super.values();
  }
  /** Drop each entry with chance `p` (Google may drop any entry before it expires). */
  dropRandom(p: number, random: () => number): void {
    if (p <= 0) return;
    for (const k of this.keys())
      if (random() < p) {
        this.remove(k);
        this.dropped++;
      }
  }
}
