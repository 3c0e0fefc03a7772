/**
 * The Sheets sidebar's part of the request scheduler: its status line, refresh and live-call
 * switches, and the background filler's loop. While the sidebar is open it asks every couple
 * of seconds (QueueSection's tick); while cells wait each ask runs one fill pass on the server
 * (fetch what waiting cells need under the quota, make the answered cells run again), one at a
 * time; otherwise it only reads the status, with a fill pass now and then for cells that
 * started waiting since.
 */
import { refreshScopeWords } from "../../../sidebar/refreshLog";
import type { HostBridge, QuotaView, RefreshScope } from "../../../ui/bridge";
import type { Remote, SheetsServer } from "./serverProxy";

type Server = Remote<SheetsServer>;

/** The server's refresh: a scope and which of its cells. */
const SCOPES: Record<RefreshScope, Parameters<Server["refreshFromSidebar"]>> = {
  selection: ["selection", "all"],
  sheet: ["sheet", "all"],
  workbook: ["workbook", "all"],
  errors: ["workbook", "errors"],
  stale: ["workbook", "old"],
};

/** A fill pass at least this often while the sidebar is open, waiting cells or not. */
const FILL_EVERY_MS = 15_000;

/**
 * How a refresh's requests are counted: Sheets re-runs the cells after the refresh returned,
 * each in its own execution, so the page reads the key's request count (the quota's, shared by
 * every execution) every `pollMs` until it stood still with no cell waiting `still` times in a
 * row, or after `polls` reads; then it writes the refresh log's row with the difference.
 */
export interface RefreshCounting {
  readonly pollMs: number;
  readonly still: number;
  readonly polls: number;
  /** The page's timer (a test's simulated clock). */
  readonly wait: (ms: number) => Promise<unknown>;
}
const COUNTING: RefreshCounting = {
  pollMs: 2000,
  still: 3,
  polls: 45,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Count the requests since `before` as the refreshed cells recalculate, then log the refresh. */
async function logWhenSettled(
  server: Server,
  words: string,
  cells: number,
  before: number,
  how: RefreshCounting,
): Promise<void> {
  let still = 0;
  let last = before;
  let waiting = 0;
  for (let poll = 0; still < how.still && poll < how.polls; poll++) {
    await how.wait(how.pollMs);
    const v = await server.getScheduler();
    waiting = v.queue?.cellsQueued ?? 0;
    still = v.requestsSent === last && waiting === 0 ? still + 1 : 0;
    last = v.requestsSent;
  }
  // The count restarts when the key sat idle past the quota's keeping time: all are this refresh's.
  const requests = last >= before ? last - before : last;
  await server.sidebarLogFormulaRefresh(words, cells, { requests, waiting });
}

export function sheetsQueue(
  server: Server,
  counting: RefreshCounting = COUNTING,
): Pick<HostBridge, "getQuota" | "refreshScopes" | "refresh" | "setLiveCalls"> & {
  /** The last refresh's log row written (tests wait for it). */
  logged(): Promise<void>;
} {
  let logging: Promise<void> = Promise.resolve();
  let last: QuotaView | null = null;
  let lastFill = 0;
  let filling: Promise<QuotaView> | null = null;
  const ask = async (name: "getScheduler" | "fillWaitingCells"): Promise<QuotaView> => {
    const v = await server[name]();
    last = {
      requestsLastMinute: v.requestsLastMinute,
      limitPerMinute: v.limitPerMinute,
      cacheHitRate: v.cacheHitRate,
      keyRejected: v.keyRejected,
      queue: v.queue,
    };
    return last;
  };
  return {
    async getQuota() {
      if (filling) return last ?? filling;
      const waiting = (last?.queue?.cellsQueued ?? 0) > 0;
      if (!waiting && Date.now() - lastFill < FILL_EVERY_MS) return ask("getScheduler");
      lastFill = Date.now();
      filling = ask("fillWaitingCells").finally(() => {
        filling = null;
      });
      return filling;
    },
    refreshScopes: ["selection", "sheet", "workbook", "errors", "stale"],
    async refresh(scope) {
      const [where, which] = SCOPES[scope];
      const before = (await server.getScheduler()).requestsSent;
      const done = await server.refreshFromSidebar(where, which, true);
      lastFill = 0; // refreshed cells may wait: fill at the next tick
      // The log is a nicety: counting goes on in the background and never fails the refresh.
      logging = logWhenSettled(
        server,
        refreshScopeWords(where, which),
        done.refreshed,
        before,
        counting,
      ).catch(() => undefined);
      return { cells: done.refreshed };
    },
    logged: () => logging,
    async setLiveCalls(on) {
      await server.setLiveCallsFromSidebar(!on);
      return ask("getScheduler");
    },
  };
}
