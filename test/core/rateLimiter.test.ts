import { ManualClock, seededRandom } from "../../src/core/clock";
import { RateLimiter } from "../../src/core/rateLimiter";
import { MemoryStore } from "../../src/core/store";

describe("RateLimiter", () => {
  it("grants 60 at once, then asks to wait until the oldest grant leaves the window", () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new RateLimiter({ store: new MemoryStore({ clock }), clock });
    for (let i = 0; i < 60; i++) expect(limiter.acquire("k").granted).toBe(true);
    expect(limiter.remaining("k")).toBe(0);
    expect(limiter.acquire("k")).toEqual({ granted: false, waitMs: 60_000 });
    clock.advance(59_999);
    expect(limiter.acquire("k")).toEqual({ granted: false, waitMs: 1 });
    clock.advance(1);
    expect(limiter.acquire("k").granted).toBe(true);
  });

  it("never grants more than 60 in any 60 s window under a storm of 1,000 calls", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock });
    // Two limiter objects over one store: two parallel executions sharing state.
    const a = new RateLimiter({ store, clock });
    const b = new RateLimiter({ store, clock });
    const random = seededRandom(7);
    const grants: number[] = [];
    let calls = 0;
    while (calls < 1000) {
      clock.advance(Math.floor(random() * 400));
      calls++;
      const limiter = random() < 0.5 ? a : b;
      const slot = limiter.acquire("key-1");
      if (slot.granted) grants.push(clock.now());
      else expect(slot.waitMs).toBeGreaterThan(0);
    }
    expect(grants.length).toBeGreaterThan(60);
    // Every window starting at a grant holds at most 60 grants (the worst windows start there).
    let start = 0;
    for (let end = 0; end < grants.length; end++) {
      while ((grants[end] ?? 0) - (grants[start] ?? 0) >= 60_000) start++;
      expect(end - start + 1).toBeLessThanOrEqual(60);
    }
  });

  it("keeps keys apart and never stores the key itself", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock });
    const limiter = new RateLimiter({ store, clock, limit: 2, windowMs: 1000 });
    expect(limiter.acquire("secret-key-A").granted).toBe(true);
    expect(limiter.acquire("secret-key-A").granted).toBe(true);
    expect(limiter.acquire("secret-key-A").granted).toBe(false);
    expect(limiter.acquire("secret-key-B").granted).toBe(true);
    for (const entry of store.snapshot()) {
      expect(entry.key).not.toContain("secret");
      expect(entry.value).not.toContain("secret");
    }
  });

  it("runs each decision under the host lock", () => {
    const clock = new ManualClock(0);
    let locked = 0;
    const limiter = new RateLimiter({
      store: new MemoryStore({ clock }),
      clock,
      withLock: (fn) => {
        locked++;
        return fn();
      },
    });
    limiter.acquire("k");
    limiter.acquire("k");
    expect(locked).toBe(2);
    expect(() => new RateLimiter({ store: new MemoryStore(), clock, limit: 0 })).toThrow();
  });

  it("fails open when its store fails (the server still enforces 429)", () => {
    const clock = new ManualClock(0);
    const broken = new MemoryStore({ clock });
    broken.get = () => {
      throw new Error("Service invoked too many times");
    };
    broken.put = () => {
      throw new Error("quota");
    };
    const limiter = new RateLimiter({ store: broken, clock, limit: 1 });
    expect(limiter.acquire("k").granted).toBe(true);
    expect(limiter.acquire("k").granted).toBe(true);
  });

  it("treats damaged state as empty", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock });
    const limiter = new RateLimiter({ store, clock, limit: 1 });
    limiter.acquire("k");
    const [entry] = store.snapshot();
    store.put(entry?.key ?? "", "garbage", 60);
    expect(limiter.acquire("k").granted).toBe(true);
  });
});
