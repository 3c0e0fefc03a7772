/**
 * The core rate limiter over CacheService, its read-modify-write under LockService. The lock
 * wait is short: a cell that cannot get it soon says "busy" rather than spend its 30 s.
 */
import { ApiError, RateLimiter, type KeyValueStore, type SyncClock } from "../../core";
import type { LockLike } from "./gas";

/** Longest wait for the shared lock, ms. */
export const LOCK_WAIT_MS = 3000;

/** A limiter of 60 requests a minute per key, shared by every execution through the cache. */
export function sheetsRateLimiter(
  store: KeyValueStore,
  lock: () => LockLike,
  clock: SyncClock,
): RateLimiter {
  return new RateLimiter({
    store,
    clock,
    limit: 60,
    windowMs: 60_000,
    withLock: <T>(fn: () => T): T => {
      const held = lock();
      if (!held.tryLock(LOCK_WAIT_MS)) {
        throw new ApiError(
          "RATE_LIMITED",
          "Busy: many cells are recalculating at once; this cell will retry on the next recalculation",
          {
            retryable: false,
          },
        );
      }
      try {
        return fn();
      } finally {
        held.releaseLock();
      }
    },
  });
}
