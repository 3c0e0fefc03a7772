import { ManualClock, seededRandom } from "../../src/core/clock";
import { ApiError } from "../../src/core/errors";
import {
  backoffDelayMs,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  retryAsync,
  retrySync,
} from "../../src/core/retry";

const policy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 8000 };

describe("backoff", () => {
  it("uses full jitter under an exponential cap", () => {
    const random = seededRandom(42);
    for (let attempt = 1; attempt <= 8; attempt++) {
      const cap = Math.min(8000, 500 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const d = backoffDelayMs(attempt, policy, random);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(cap);
      }
    }
    expect(backoffDelayMs(1, policy, () => 0.999)).toBe(499);
  });

  it("never waits less than Retry-After", () => {
    expect(backoffDelayMs(1, policy, () => 0.5, 12)).toBe(12_000);
    expect(backoffDelayMs(6, policy, () => 0.99, 1)).toBeGreaterThan(1000);
  });

  it("does not retry non-retryable errors or past the attempt cap", () => {
    const auth = new ApiError("AUTH", "no");
    expect(decideRetry(auth, 1, 0, 1e9, policy, Math.random)).toEqual({
      retry: false,
      error: auth,
    });
    const server = new ApiError("SERVER", "s");
    expect(decideRetry(server, 5, 0, 1e9, policy, Math.random).retry).toBe(false);
    expect(decideRetry(server, 4, 0, 1e9, policy, Math.random).retry).toBe(true);
  });

  it("gives up when the wait would cross the deadline, with the error as it came", () => {
    const limited = new ApiError("RATE_LIMITED", "Rate limit reached", {
      status: 429,
      retryAfterSec: 40,
    });
    const d = decideRetry(limited, 1, 1000, 30_000, policy, () => 0);
    expect(d.retry).toBe(false);
    if (d.retry) return;
    expect(d.error.code).toBe("RATE_LIMITED");
    expect(d.error.message).not.toMatch(/recalculate/);
    expect(d.error.status).toBe(429);
  });
});

describe("retrySync / retryAsync", () => {
  it("retries a flaky call, honouring Retry-After, then succeeds", () => {
    const clock = new ManualClock(0);
    const failures = [
      new ApiError("RATE_LIMITED", "r", { retryAfterSec: 3 }),
      new ApiError("SERVER", "s"),
    ];
    const retried: number[] = [];
    const value = retrySync(
      () => {
        const next = failures.shift();
        if (next) throw next;
        return "done";
      },
      clock,
      { deadlineMs: 30_000, policy, random: () => 0.5, onRetry: (_e, ms) => retried.push(ms) },
    );
    expect(value).toBe("done");
    expect(clock.sleeps).toEqual([3000, 500]);
    expect(retried).toEqual([3000, 500]);
  });

  it("never sleeps past the deadline: gives up with the last error", () => {
    const clock = new ManualClock(0);
    let calls = 0;
    const run = () =>
      retrySync(
        () => {
          calls++;
          throw new ApiError("RATE_LIMITED", "r", { retryAfterSec: 10 });
        },
        clock,
        { deadlineMs: 25_000, policy: { ...policy, maxAttempts: 100 }, random: () => 0 },
      );
    expect(run).toThrow(/^r$/);
    // 0 -> 10 s -> 20 s; the next 10 s wait would end at 30 s > 25 s.
    expect(calls).toBe(3);
    expect(clock.now()).toBe(20_000);
    expect(clock.now()).toBeLessThanOrEqual(25_000);
  });

  it("wraps non-ApiErrors as NETWORK and retries them (async)", async () => {
    let now = 0;
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    let calls = 0;
    const value = await retryAsync(
      async () => {
        calls++;
        if (calls < 3) throw new Error("socket hang up");
        return 7;
      },
      clock,
      { deadlineMs: 60_000, random: seededRandom(1) },
    );
    expect(value).toBe(7);
    expect(calls).toBe(3);
    await expect(
      retryAsync(async () => Promise.reject(new ApiError("NOT_FOUND", "nf")), clock, {
        deadlineMs: 1e9,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(DEFAULT_RETRY_POLICY.maxAttempts).toBeGreaterThan(1);
  });
});
