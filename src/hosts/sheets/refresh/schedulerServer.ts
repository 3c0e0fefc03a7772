/**
 * The scheduler's menu items, sidebar calls and trigger handlers (each has a top-level
 * wrapper in Stubs.js): refresh scopes, pause/resume live calls, clear cache, the sidebar's
 * fill loop and its status line, and the triggers that fill waiting cells.
 */
import type { QueueView } from "../../../ui/bridge";
import { hitRateOf, readCacheCounts } from "../stores/cacheStats";
import { closeSession, openSession, messageOf, userSettings } from "../cells/session";
import { fillLater, fillOnEdit, fillTick, installFiller } from "../fill/fillTrigger";
import type { FillReport } from "../fill/filler";
import { gas } from "../stores/gas";
import { liveCallsPaused } from "../cells/liveCalls";
import { refreshCellsCounted, refreshCellsLogged, type RequestCount } from "./loggedRefresh";
import {
  refreshCells,
  setLiveCalls,
  type RefreshResult,
  type RefreshScope,
  type RefreshWhich,
} from "./refresh";
import { readQueue } from "../fill/waitingCells";

/**
 * The scheduler at a glance, as the sidebar's QuotaView/QueueView want it (durations in
 * seconds, computed here on the server's clock; no Date objects cross google.script.run).
 */
export interface SchedulerView {
  readonly requestsLastMinute: number;
  readonly limitPerMinute: number;
  readonly cacheHitRate: number | null;
  readonly queue: QueueView;
  /** The API rejected the saved key since it was saved. */
  readonly keyRejected: boolean;
  /** Who fills waiting cells now. */
  readonly filler: "sidebar" | "trigger" | "none";
  /** Waiting cells that read another key's cache (the spreadsheet owner's). */
  readonly otherKeyCells: number;
  /** Cells this call made run again. */
  readonly rerun: number;
  /** Requests granted on the saved key so far (the quota's count): a refresh's are the change. */
  readonly requestsSent: number;
}

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

function view(report: FillReport | null, filler: SchedulerView["filler"]): SchedulerView {
  const session = openSession();
  try {
    const now = session.clock.now();
    const quota = session.env.quota?.status(session.apiKey);
    const breaker = session.env.breaker?.status(session.apiKey, session.env.baseUrl);
    const cache = gas().CacheService.getDocumentCache();
    const queue = report?.queue ?? (cache ? readQueue(cache) : null);
    const cells = queue && queue.at > now - 10 * 60_000 ? queue.cells : 0;
    const first = Math.max(0, (queue?.readyAt ?? now) - now);
    const other = report?.otherKey ?? 0;
    return {
      requestsLastMinute: quota?.used ?? 0,
      limitPerMinute: quota?.limit ?? 60,
      cacheHitRate: hitRateOf(readCacheCounts(session.store)),
      keyRejected: userSettings().keyRejected(),
      queue: {
        cellsQueued: cells,
        secondsToDone:
          cells === 0
            ? 0
            : seconds(first + Math.max(0, Math.ceil((queue?.requests ?? 0) / 60) - 1) * 61_000),
        pausedForSeconds: seconds((quota?.pausedUntil ?? now) - now),
        unreachableForSeconds:
          breaker && breaker.state !== "closed" ? seconds((breaker.retryAt ?? now) - now) : null,
        liveCalls: !liveCallsPaused(),
        ...(other > 0
          ? {
              note: `${other} waiting cell${other === 1 ? "" : "s"} use the spreadsheet owner's key: only the owner's sidebar (or an edit, with the owner's add-on installed) fills them.`,
            }
          : {}),
      },
      filler,
      otherKeyCells: other,
      rerun: report?.rerun ?? 0,
      requestsSent: quota?.sent ?? 0,
    };
  } finally {
    closeSession(session);
  }
}

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw new Error(messageOf(err, null));
  }
}

function toast(text: string): void {
  gas().SpreadsheetApp.getActiveSpreadsheet()?.toast(text, "Marketplace Profit", 5);
}

function told(result: RefreshResult, what: string): RefreshResult {
  toast(`${result.refreshed} cell${result.refreshed === 1 ? "" : "s"} ${what}`);
  // A script's edits fire no edit trigger: with the sidebar closed nothing else would fill the
  // cells the refresh left waiting (or that Apps Script refused, past 30 at once). This menu
  // run fills like the edit trigger, and hands over to a clock trigger if its time runs out.
  if (result.refreshed > 0) fillOnEdit();
  return result;
}

/** Sidebar: one pass of the background filler (every few seconds while cells wait). */
function fillWaitingCells(): SchedulerView {
  return guarded(() => {
    const { report, filler } = fillTick();
    return view(report, filler);
  });
}

/** Sidebar: the status line only. */
function getScheduler(): SchedulerView {
  return guarded(() => view(null, "none"));
}

/**
 * Sidebar: refresh a scope ("selection" | "sheet" | "workbook"), all cells or only errors/old
 * answers. `pageLogs`: the sidebar counts the cells' requests as they recalculate and writes
 * the refresh log's row itself (sidebarQueue.ts), so none is written here.
 */
function refreshFromSidebar(
  scope: RefreshScope,
  which: RefreshWhich,
  pageLogs = false,
): RefreshResult {
  return guarded(() => (pageLogs ? refreshCells(scope, which) : refreshCellsLogged(scope, which)));
}

/** Sidebar: pause or resume live calls. */
function setLiveCallsFromSidebar(paused: boolean): RefreshResult {
  return guarded(() => setLiveCalls(paused === true));
}

/** Sidebar: make sure the background filler's edit trigger exists. */
function installBackgroundFill(): { installed: boolean; note?: string } {
  return installFiller();
}

/** The key's request count and the cells waiting, as the sidebar's status line reads them. */
function requestCount(): RequestCount {
  const v = view(null, "none");
  return { sent: v.requestsSent, waiting: v.queue.cellsQueued };
}

/** A menu refresh: told, then its log row with the requests its cells made (loggedRefresh.ts). */
const menuRefresh = (scope: RefreshScope, which: RefreshWhich, what: string): RefreshResult =>
  refreshCellsCounted(scope, which, requestCount, (r) => told(r, what));

/** Menu: refresh the selected formula cells. */
const refreshSelection = (): RefreshResult => menuRefresh("selection", "all", "refreshed");
/** Menu: refresh this sheet's formula cells. */
const refreshSheet = (): RefreshResult => menuRefresh("sheet", "all", "refreshed");
/** Menu: refresh every formula cell. */
const refreshWorkbook = (): RefreshResult => menuRefresh("workbook", "all", "refreshed");
/** Menu: refresh cells showing an error or waiting. */
const refreshErrors = (): RefreshResult =>
  menuRefresh("workbook", "errors", "with errors refreshed");
/** Menu: refresh answers older than the cache time. */
const refreshOld = (): RefreshResult =>
  menuRefresh("workbook", "old", "with old answers refreshed");
/** Menu: cells answer from the cache only. */
const pauseLiveCalls = (): RefreshResult =>
  told(setLiveCalls(true), "changed: live calls are paused (cells answer from the cache)");
/** Menu: turn live calls back on. */
const resumeLiveCalls = (): RefreshResult => told(setLiveCalls(false), "resumed");

/** Installable edit trigger: fill waiting cells in the background. */
function fillWaitingCellsOnEdit(_e?: unknown): void {
  fillOnEdit();
}

/** One-off clock trigger: continue filling waiting cells. */
function fillWaitingCellsLater(_e?: unknown): void {
  fillLater();
}

/** The scheduler's server functions: Stubs.js has a top-level wrapper for each (stubs.ts). */
export const SCHEDULER_SERVER_FUNCTIONS = {
  fillWaitingCells,
  getScheduler,
  refreshFromSidebar,
  setLiveCallsFromSidebar,
  installBackgroundFill,
  refreshSelection,
  refreshSheet,
  refreshWorkbook,
  refreshErrors,
  refreshOld,
  pauseLiveCalls,
  resumeLiveCalls,
  fillWaitingCellsOnEdit,
  fillWaitingCellsLater,
};
