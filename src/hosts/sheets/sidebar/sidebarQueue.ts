/**
 * The Sheets sidebar's part of the request scheduler: its status line, refresh and live-call
 * switches, and the background filler's loop. While the sidebar is open it asks every couple
 * of seconds (QueueSection's tick); while cells wait each ask runs one fill pass on the server
 * (fetch what waiting cells need under the quota, make the answered cells run again), one at a
 * time; otherwise it only reads the status, with a fill pass now and then for cells that
 * started waiting since.
 */
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

export function sheetsQueue(
  server: Server,
): Pick<HostBridge, "getQuota" | "refreshScopes" | "refresh" | "setLiveCalls"> {
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
      const done = await server.refreshFromSidebar(where, which);
      lastFill = 0; // refreshed cells may wait: fill at the next tick
      return { cells: done.refreshed };
    },
    async setLiveCalls(on) {
      await server.setLiveCallsFromSidebar(!on);
      return ask("getScheduler");
    },
  };
}
