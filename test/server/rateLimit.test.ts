import { RateLimiter } from "../../src/server/rateLimit";

describe("RateLimiter (sliding window of 60 s)", () => {
  it("refuses the 61st request inside any 60 s, whatever the spacing", () => {
    let now = 0;
    const limiter = new RateLimiter(60, () => now);
    // 30 requests at t=0 s, 30 at t=40 s: all allowed.
    for (let i = 0; i < 30; i++) expect(limiter.take("k").allowed).toBe(true);
    now = 40_000;
    for (let i = 0; i < 30; i++) expect(limiter.take("k").allowed).toBe(true);
    // t=59 s: still 60 in the window.
    now = 59_000;
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // t=60 s: the first 30 left the window.
    now = 60_000;
    for (let i = 0; i < 30; i++) expect(limiter.take("k").allowed).toBe(true);
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.take("other")).toEqual({ allowed: true, remaining: 59 });
  });

  it("does not count refused requests", () => {
    let now = 0;
    const limiter = new RateLimiter(2, () => now);
    limiter.take("k");
    limiter.take("k");
    for (let i = 0; i < 10; i++) expect(limiter.take("k").allowed).toBe(false);
    now = 60_000;
    expect(limiter.take("k")).toEqual({ allowed: true, remaining: 1 });
  });

  it("rejects a limit that is not a positive whole number", () => {
    expect(() => new RateLimiter(0)).toThrow(RangeError);
  });

  it("survives the wall clock stepping back: a key is never locked out for longer than a minute", () => {
    let now = 10_000_000;
    const limiter = new RateLimiter(2, () => now);
    limiter.take("k");
    limiter.take("k");
    // NTP steps the clock back an hour: the two requests now look an hour in the future.
    now -= 3_600_000;
    const refused = limiter.take("k");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now += 60_000;
    expect(limiter.take("k")).toEqual({ allowed: true, remaining: 1 });
  });
});
