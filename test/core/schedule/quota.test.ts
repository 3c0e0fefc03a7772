import { ManualClock, seededRandom } from "../../../src/core/clock";
import { MAX_REFUSED_MS, Quota } from "../../../src/core/schedule/quota";
import { MemoryStore } from "../../../src/core/store";
import { RateLimiter as ServerLimiter } from "../../../src/server/rateLimit";

const KEY = "mkta_pat_quota_test";

function quota(clock: ManualClock, extra: Partial<ConstructorParameters<typeof Quota>[0]> = {}) {
  return new Quota({ store: new MemoryStore({ clock }), clock, ...extra });
}

describe("Quota", () => {
  it("grants 60, then waits until the oldest answer is 60 s + margin old", () => {
    const clock = new ManualClock(1_000_000);
    const q = quota(clock);
    const tickets = [];
    for (let i = 0; i < 60; i++) {
      const slot = q.acquire(KEY);
      expect(slot.granted).toBe(true);
      if (slot.granted) tickets.push(slot.ticket);
    }
    clock.advance(400); // the answers come back 0.4 s later
    q.settleAll(KEY, tickets);
    expect(q.remaining(KEY)).toBe(0);
    expect(q.acquire(KEY)).toEqual({ granted: false, waitMs: 61_000, paused: false });
    clock.advance(60_999);
    expect(q.acquire(KEY)).toMatchObject({ granted: false, waitMs: 1 });
    clock.advance(1);
    expect(q.acquire(KEY).granted).toBe(true);
  });

  it("grants a group's slots under one lock, and says when the next one frees", () => {
    const clock = new ManualClock(1_000_000);
    let locks = 0;
    const q = quota(clock, {
      withLock: <T>(fn: () => T): T => {
        locks++;
        return fn();
      },
    });
    expect(q.acquire(KEY).granted).toBe(true);
    const group = q.acquireMany(KEY, 100);
    expect(group.tickets).toHaveLength(59);
    expect(group.waitMs).toBeGreaterThan(60_000);
    expect(locks).toBe(2);
    expect(q.remaining(KEY)).toBe(0);
    q.settleAll(KEY, group.tickets);
    clock.advance(61_001);
    expect(q.acquireMany(KEY, 10).tickets).toHaveLength(10);
  });

  it("counts a request in flight as sent now until it settles", () => {
    const clock = new ManualClock(0);
    const q = quota(clock, { limit: 2, windowMs: 10_000, marginMs: 0 });
    const a = q.acquire(KEY);
    expect(q.acquire(KEY).granted).toBe(true);
    clock.advance(30_000); // still in flight long after: its slot is not free
    const refused = q.acquire(KEY);
    expect(refused).toMatchObject({ granted: false });
    if (a.granted) q.settle(KEY, a.ticket);
    expect(q.status(KEY).used).toBe(2);
    expect(q.acquire(KEY).granted).toBe(false);
    // A grant never settled (its execution was killed) stops holding after openTtlMs (90 s).
    clock.advance(61_000);
    expect(q.status(KEY).used).toBe(1);
  });

  it("pauses the key for everyone sharing the store after a 429, and reports it", () => {
    const clock = new ManualClock(5_000);
    const store = new MemoryStore({ clock });
    const one = new Quota({ store, clock });
    const other = new Quota({ store, clock }); // another execution, same key
    one.pause(KEY, clock.now() + 30_000);
    expect(other.acquire(KEY)).toEqual({ granted: false, waitMs: 30_000, paused: true });
    expect(other.status(KEY)).toMatchObject({ pausedUntil: 35_000, nextSlotAt: 35_000 });
    one.pause(KEY, clock.now() + 10_000); // a shorter pause never shortens the longer one
    clock.advance(30_000);
    expect(other.acquire(KEY).granted).toBe(true);
    expect(other.status(KEY).pausedUntil).toBeNull();
  });

  it("says the key is refused once 429s in a row outlast MAX_REFUSED_MS, across executions", () => {
    const clock = new ManualClock(5_000);
    const store = new MemoryStore({ clock });
    const one = new Quota({ store, clock });
    const other = new Quota({ store, clock }); // another Sheets execution, same key
    const refusedFor = (q: Quota, sec: number) =>
      q.settleAll(KEY, [], { pauseUntil: clock.now() + sec * 1000 });
    expect(refusedFor(one, 60)).toBe(false); // the first 429: wait 60 s
    expect(other.acquire(KEY)).toEqual({ granted: false, waitMs: 60_000, paused: true });
    clock.advance(60_000);
    expect(refusedFor(other, 60)).toBe(true); // refused again after waiting: 120 s > 90 s
    expect(MAX_REFUSED_MS).toBe(90_000);
    // One request of a group got through: no storm any more (the pause still holds).
    expect(one.settleAll(KEY, [], { accepted: true, pauseUntil: clock.now() + 30_000 })).toBe(
      false,
    );
    expect(refusedFor(other, 60)).toBe(false);
    // A 429 long after the last one starts a new storm.
    clock.advance(10 * 60_000);
    expect(refusedFor(one, 60)).toBe(false);
    clock.advance(20_000);
    expect(refusedFor(one, 20)).toBe(false); // 40 s so far
    clock.advance(20_000);
    expect(refusedFor(one, 60)).toBe(true); // 100 s
  });

  it("keeps the key out of the store (a hash names the state)", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock });
    new Quota({ store, clock }).acquire(KEY);
    expect(
      store
        .snapshot()
        .map((e) => e.key + e.value)
        .join(),
    ).not.toContain(KEY);
  });

  it("fails open when the store breaks (the server still enforces its limit)", () => {
    const clock = new ManualClock(0);
    const broken = new MemoryStore({ clock });
    broken.get = () => {
      throw new Error("cache down");
    };
    expect(new Quota({ store: broken, clock }).acquire(KEY).granted).toBe(true);
  });

  it(
    "never gets a 429 from the server's own limiter, whatever the latency (the old limiter did: " +
      "it stamped grants, the server stamps arrivals)",
    () => {
      const clock = new ManualClock(0);
      const server = new ServerLimiter(60, () => clock.now());
      const q = quota(clock);
      const random = seededRandom(11);
      // Event by event: requests arrive 0-700 ms after their grant, answer 0-300 ms later.
      const arrivals: number[] = [];
      const answers: Array<{ at: number; ticket: { grantedAt: number } }> = [];
      let refused = 0;
      let sent = 0;
      while (clock.now() < 10 * 60_000) {
        let retryAt = Number.POSITIVE_INFINITY;
        for (;;) {
          const slot = q.acquire(KEY);
          if (!slot.granted) {
            retryAt = clock.now() + slot.waitMs;
            break;
          }
          const arriveAt = clock.now() + Math.floor(random() * 700);
          arrivals.push(arriveAt);
          answers.push({ at: arriveAt + Math.floor(random() * 300), ticket: slot.ticket });
          sent++;
        }
        const next = Math.min(retryAt, ...arrivals, ...answers.map((x) => x.at));
        clock.advance(next - clock.now());
        for (const t of arrivals.filter((x) => x === clock.now())) {
          arrivals.splice(arrivals.indexOf(t), 1);
          if (!server.take(KEY).allowed) refused++;
        }
        const done = answers.filter((x) => x.at === clock.now());
        q.settleAll(
          KEY,
          done.map((d) => d.ticket),
        );
        for (const d of done) answers.splice(answers.indexOf(d), 1);
      }
      expect(refused).toBe(0);
      // And it does not waste the budget: at least 58 a minute over ten minutes.
      expect(sent).toBeGreaterThanOrEqual(580);
    },
  );
});
