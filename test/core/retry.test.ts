import { seededRandom } from "../../src/core/clock";
import { ApiError } from "../../src/core/errors";
import { backoffDelayMs, decideRetry } from "../../src/core/retry";

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
