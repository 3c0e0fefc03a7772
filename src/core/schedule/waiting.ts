/**
 * The sync driver's "waiting" outcome. A Sheets cell has 30 s and is never re-run by itself,
 * so when a call cannot get quota before the execution's deadline the driver neither sleeps
 * uselessly nor fails the cell with "rate limit ... recalculate": it throws this, past the
 * body, carrying the calls still needed. The Sheets host registers the cell as waiting, shows
 * a short waiting text, fetches the calls in the background and makes the cell run again.
 */
import type { ApiCall } from "../effects";

/** Thrown by the sync driver when quota runs out before the deadline (not an ApiError). */
export class WaitingForQuota extends Error {
  /** The calls of the effect not answered yet (answered ones are in the cache). */
  readonly calls: readonly ApiCall[];
  /** When the quota (or the key's 429 pause) frees the next slot, ms on the driver's clock. */
  readonly readyAt: number;
  /** True when a 429's Retry-After paused the key (not just a full minute). */
  readonly paused: boolean;

  constructor(calls: readonly ApiCall[], readyAt: number, paused: boolean) {
    super("Waiting for quota");
    this.name = "WaitingForQuota";
    this.calls = calls;
    this.readyAt = readyAt;
    this.paused = paused;
  }
}

/** True for a WaitingForQuota (also across bundle copies, by shape). */
export function isWaitingForQuota(value: unknown): value is WaitingForQuota {
  return (
    value instanceof WaitingForQuota ||
    (value instanceof Error &&
      value.name === "WaitingForQuota" &&
      Array.isArray((value as { calls?: unknown }).calls))
  );
}
