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
  /** Cells showing last good figures while the API fails, said for the pane; null: none. */
  staleNote?(): Promise<string | null>;
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
    inFlight: status?.inFlight ?? 0,
  };
}

/**
 * queueViewOf whose "done in about" only falls while no more cells are queued: the scheduler's
 * estimate moves with each request's slot (62 s, 78 s, 66 s...), which reads as a clock going
 * backwards. While cells wait it says at least 1 s (never "31 cells queued, done in about 0 s").
 */
export function steadyQueueView(): typeof queueViewOf {
  let last: { doneAt: number; queued: number } | null = null;
  return (status, now, liveCalls) => {
    const view = queueViewOf(status, now, liveCalls);
    if (view.cellsQueued === 0) {
      last = null;
      return view;
    }
    let doneAt = now + view.secondsToDone * 1000;
    if (last && view.cellsQueued <= last.queued) doneAt = Math.min(doneAt, last.doneAt);
    last = { doneAt, queued: view.cellsQueued };
    return { ...view, secondsToDone: Math.max(1, Math.ceil((doneAt - now) / 1000)) };
  };
}
