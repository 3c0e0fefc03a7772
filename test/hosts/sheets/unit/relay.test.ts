/**
 * The trigger hand-over (src/hosts/sheets/fill/relay.ts) over a user cache shared by two runs
 * of one user, on a clock that only Utilities.sleep moves: a run asks for its continuation
 * 4 minutes before its end (not sooner, once), ends when the continuation has started, and the
 * continuation waits for the run's mark to go (at most a minute).
 */
import { relay, takeOver } from "../../../../src/hosts/sheets/fill/relay";

let now = 0;
const store = new Map<string, string>();
const cache = {
  // Each read takes a moment (Apps Script's service calls do).
  get: (k: string) => ((now += 700), store.get(k) ?? null),
  put: (k: string, v: string) => void store.set(k, v),
  remove: (k: string) => void store.delete(k),
};
const sleeps: number[] = [];

beforeEach(() => {
  now = 1_000_000;
  store.clear();
  sleeps.length = 0;
  jest.spyOn(Date, "now").mockImplementation(() => now);
  Object.assign(globalThis, {
    CacheService: { getUserCache: () => cache },
    Utilities: {
      sleep: (ms: number) => {
        if (!(ms >= 0)) throw new Error("Invalid argument: milliseconds");
        sleeps.push(ms);
        now += ms;
      },
    },
  });
});

afterEach(() => jest.restoreAllMocks());

test("a run asks once, 4 minutes before its end, and ends once the continuation started", () => {
  let asks = 0;
  const run = relay(now + 5 * 60_000, () => ++asks > 0);
  expect(run.over(true)).toBe(false);
  now += 59_000; // 4 min 1 s left
  expect(run.over(true)).toBe(false);
  expect(asks).toBe(0);
  now += 2000;
  expect(run.over(true)).toBe(false);
  expect(run.over(true)).toBe(false);
  expect(asks).toBe(1);
  // The continuation starts 1.5 min later (after(60 s) plus jitter): the run's sleep ends early.
  now += 90_000;
  cache.put("mkt:fill:taken", String(now));
  run.sleep(30_000);
  expect(sleeps.reduce((a, b) => a + b, 0)).toBe(0);
  expect(run.over(false)).toBe(true);
});

test("no cells waiting: no continuation asked for, and none taken over", () => {
  let asks = 0;
  const run = relay(now + 5 * 60_000, () => ++asks > 0);
  now += 4 * 60_000;
  cache.put("mkt:fill:taken", String(now));
  expect(run.over(false)).toBe(false);
  expect(asks).toBe(0);
});

test("a continuation waits for the run before it to end, at most a minute", () => {
  const run = relay(now + 5 * 60_000, () => true);
  now += 1000;
  const start = now;
  takeOver();
  // The run's mark stayed (it never looked): the continuation gave up waiting after a minute.
  expect(now - start).toBeGreaterThanOrEqual(60_000);
  expect(now - start).toBeLessThan(63_000);
  run.end();
  expect(store.has("mkt:fill:run")).toBe(false);
  sleeps.length = 0;
  takeOver(); // nothing running: at once
  expect(sleeps).toEqual([]);
});

test("a refused continuation: the run never hands over", () => {
  const run = relay(now + 5 * 60_000, () => false);
  now += 2 * 60_000;
  expect(run.over(true)).toBe(false);
  cache.put("mkt:fill:taken", String(now + 1));
  expect(run.over(true)).toBe(false);
});

test("a sleep whose last look at the cache ends past its time never sleeps a negative time", () => {
  const run = relay(now + 4 * 60_000, () => true);
  expect(run.over(true)).toBe(false); // asked: from now on each look reads the cache
  run.sleep(6000); // a read, 5 s, 0.3 s left, a read of 0.7 s: past the time
  expect(sleeps.every((ms) => ms >= 0)).toBe(true);
});
