/**
 * The core quota and breaker over CacheService, their read-modify-writes under LockService.
 * A cell that cannot get the lock in time waits in the queue like a cell short of quota (cellRun.ts).
 */
import {
  ApiError,
  Breaker,
  Quota,
  type KeyValueStore,
  type SyncClock,
  type WithLock,
} from "../../../core";
import type { LockLike } from "./gas";

/** Longest wait for the shared lock, ms (30 cells at once may queue for it). */
export const LOCK_WAIT_MS = 8000;

/** What a call gets when the lock stays busy: a cell then waits like one short of quota. */
export const LOCK_BUSY_MESSAGE =
  "Busy: many cells are using the API at once; in a moment, use Extensions > Marketplace Profit > Refresh cells with errors";

function scriptLock(lock: () => LockLike): WithLock {
  return <T>(fn: () => T): T => {
    const held = lock();
    if (!held.tryLock(LOCK_WAIT_MS)) {
      throw new ApiError("RATE_LIMITED", LOCK_BUSY_MESSAGE, { retryable: false });
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
