/**
 * The scheduler's status as the sidebar shows it, and the refresh hooks an async host may
 * give its bridge (Excel: the functions runtime; the web demo has no formula cells yet).
 */
import type { SchedulerStatus } from "../../core/schedule/scheduler";
import type { QueueView, RefreshScope } from "../../ui/bridge";

/** Refresh and live-call switches of a host with formula cells. */
export interface HostRefresher {
  readonly scopes: readonly RefreshScope[];
  /** Re-run the cells of a scope with fresh answers; resolves with how many. */
  refresh(scope: RefreshScope): Promise<number>;
  setLiveCalls(on: boolean): Promise<void>;
  liveCalls(): Promise<boolean>;
  /** The cells' scheduler, when it is not the bridge's own (Excel: the functions runtime's). */
  status?(): Promise<SchedulerStatus | null>;
}

/** The queue line of the sidebar from a scheduler's status (none yet: an empty queue). */
export function queueViewOf(
  status: SchedulerStatus | null,
  now: number,
  liveCalls: boolean,
): QueueView {
  const quota = status?.quota ?? null;
  const breaker = status?.breaker ?? null;
  const down = breaker !== null && breaker.state !== "closed";
  return {
    cellsQueued: status?.queuedCalls ?? 0,
    secondsToDone: Math.ceil((status?.etaMs ?? 0) / 1000),
    pausedForSeconds: Math.max(0, Math.ceil(((quota?.pausedUntil ?? now) - now) / 1000)),
    unreachableForSeconds: down
      ? Math.max(0, Math.ceil(((breaker.retryAt ?? now) - now) / 1000))
      : null,
    liveCalls,
  };
}
