/**
 * The core quota and breaker over CacheService, their read-modify-writes under LockService.
 * The lock wait is short: a cell that cannot get it soon says "busy" rather than spend its 30 s.
 */
import {
  ApiError,
  Breaker,
  Quota,
  type KeyValueStore,
  type SyncClock,
  type WithLock,
} from "../../core";
import type { LockLike } from "./gas";

/** Longest wait for the shared lock, ms. */
export const LOCK_WAIT_MS = 3000;

function scriptLock(lock: () => LockLike): WithLock {
  return <T>(fn: () => T): T => {
    const held = lock();
    if (!held.tryLock(LOCK_WAIT_MS)) {
      throw new ApiError(
        "RATE_LIMITED",
        "Busy: many cells are recalculating at once; this cell will retry on the next recalculation",
        { retryable: false },
      );
    }
    try {
      return fn();
    } finally {
      held.releaseLock();
    }
  };
}

/** 60 requests a minute per key (with the core's margin), shared by every execution through the cache. */
export function sheetsQuota(store: KeyValueStore, lock: () => LockLike, clock: SyncClock): Quota {
  return new Quota({ store, clock, limit: 60, windowMs: 60_000, withLock: scriptLock(lock) });
}

/** The key's circuit breaker, shared by every execution through the cache. */
export function sheetsBreaker(
  store: KeyValueStore,
  lock: () => LockLike,
  clock: SyncClock,
): Breaker {
  return new Breaker({ store, clock, withLock: scriptLock(lock) });
}
