import { ManualClock } from "../../../src/core/clock";
import { Breaker } from "../../../src/core/schedule/breaker";
import { MemoryStore } from "../../../src/core/store";

const KEY = "mkta_pat_breaker";
const URL = "http://127.0.0.1:9";

function setup() {
  const clock = new ManualClock(0);
  const store = new MemoryStore({ clock });
  return { clock, store, breaker: new Breaker({ store, clock }) };
}

describe("Breaker", () => {
  it("opens after three connection failures in a row; an answer in between resets the count", () => {
    const { breaker } = setup();
    expect(breaker.failure(KEY, URL)).toBe(false);
    expect(breaker.failure(KEY, URL)).toBe(false);
    breaker.success(KEY, URL);
    expect(breaker.failure(KEY, URL)).toBe(false);
    expect(breaker.failure(KEY, URL)).toBe(false);
    expect(breaker.failure(KEY, URL)).toBe(true);
    expect(breaker.status(KEY, URL)).toMatchObject({ state: "open", failures: 3 });
  });

  it("fails every call at once while open, saying the API cannot be reached (never 'rate limit')", () => {
    const { breaker } = setup();
    for (let i = 0; i < 3; i++) breaker.failure(KEY, URL);
    const d = breaker.check(KEY, URL);
    expect(d.go).toBe(false);
    if (d.go) return;
    expect(d.error.code).toBe("NETWORK");
    expect(d.error.message).toMatch(/^Could not reach the API at http:\/\/127\.0\.0\.1:9: /);
    expect(d.error.message).not.toMatch(/rate limit/i);
    expect(d.retryAt).toBe(5000);
  });

  it("lets exactly one probe through when due; success closes, failure re-opens for twice as long", () => {
    const { breaker, clock, store } = setup();
    for (let i = 0; i < 3; i++) breaker.failure(KEY, URL);
    clock.advance(5000);
    const other = new Breaker({ store, clock }); // another execution sharing the state
    expect(breaker.check(KEY, URL)).toEqual({ go: true, probe: true });
    expect(other.check(KEY, URL).go).toBe(false);
    expect(breaker.status(KEY, URL).state).toBe("probing");
    breaker.failure(KEY, URL);
    expect(breaker.status(KEY, URL)).toMatchObject({ state: "open", retryAt: 15_000 });
    clock.advance(10_000);
    expect(other.check(KEY, URL)).toEqual({ go: true, probe: true });
    other.success(KEY, URL);
    expect(breaker.status(KEY, URL)).toEqual({ state: "closed", failures: 0, retryAt: null });
    expect(breaker.check(KEY, URL)).toEqual({ go: true, probe: false });
  });

  it("frees the way for another probe when the first never reports back", () => {
    const { breaker, clock } = setup();
    for (let i = 0; i < 3; i++) breaker.failure(KEY, URL);
    clock.advance(5000);
    expect(breaker.check(KEY, URL).go).toBe(true);
    clock.advance(29_000);
    expect(breaker.check(KEY, URL).go).toBe(false);
    clock.advance(1000);
    expect(breaker.check(KEY, URL)).toEqual({ go: true, probe: true });
  });

  it("keeps keys and servers apart, and never stores the key or a password of the URL", () => {
    const { breaker, store } = setup();
    for (let i = 0; i < 3; i++) breaker.failure(KEY, "http://user:secret@10.0.0.1");
    expect(breaker.check(KEY, URL).go).toBe(true);
    expect(breaker.check("other", "http://user:secret@10.0.0.1").go).toBe(true);
    const d = breaker.check(KEY, "http://user:secret@10.0.0.1");
    expect(!d.go && d.error.message).toMatch(/at http:\/\/10\.0\.0\.1:/);
    expect(JSON.stringify(store.snapshot())).not.toMatch(/secret|mkta_pat/);
  });
});
