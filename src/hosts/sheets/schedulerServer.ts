/**
 * The scheduler's menu items, sidebar calls and trigger handlers (each has a top-level
 * wrapper in Stubs.js): refresh scopes, pause/resume live calls, clear cache, the sidebar's
 * fill loop and its status line, and the triggers that fill waiting cells.
 */
import { closeSession, openSession, messageOf } from "./session";
import { fillLater, fillOnEdit, fillTick, installFiller } from "./fillTrigger";
import type { FillReport } from "./filler";
import { gas } from "./gas";
import { liveCallsPaused } from "./liveCalls";
import {
  refreshCells,
  setLiveCalls,
  type RefreshResult,
  type RefreshScope,
  type RefreshWhich,
} from "./refresh";
import { readQueue } from "./waitingCells";

/** The scheduler at a glance, for the sidebar (times are ms since the epoch; no Date objects). */
export interface SchedulerView {
  readonly requestsThisMinute: number;
  readonly limit: number;
  readonly cellsQueued: number;
  /** Estimated ms until the queue is done. */
  readonly etaMs: number;
  readonly pausedUntil: number | null;
  readonly breaker: "closed" | "open" | "probing";
  readonly breakerRetryAt: number | null;
  readonly liveCallsPaused: boolean;
  /** Who fills waiting cells now. */
  readonly filler: "sidebar" | "trigger" | "none";
  /** Waiting cells that read another key's cache (the spreadsheet owner's): only the owner can fill them. */
  readonly otherKeyCells: number;
  /** Cells this call made run again. */
  readonly rerun: number;
}

function view(report: FillReport | null, filler: SchedulerView["filler"]): SchedulerView {
  const session = openSession();
  try {
    const now = session.clock.now();
    const quota = session.env.quota?.status(session.apiKey);
    const breaker = session.env.breaker?.status(session.apiKey, session.env.baseUrl);
    const cache = gas().CacheService.getDocumentCache();
    const queue = report?.queue ?? (cache ? readQueue(cache) : null);
    const first = Math.max(0, (queue?.readyAt ?? now) - now);
    const cells = queue && queue.at > now - 10 * 60_000 ? queue.cells : 0;
    return {
      requestsThisMinute: quota?.used ?? 0,
      limit: quota?.limit ?? 60,
      cellsQueued: cells,
      etaMs:
        cells === 0 ? 0 : first + Math.max(0, Math.ceil((queue?.requests ?? 0) / 60) - 1) * 61_000,
      pausedUntil: quota?.pausedUntil ?? null,
      breaker: breaker?.state ?? "closed",
      breakerRetryAt: breaker?.retryAt ?? null,
      liveCallsPaused: liveCallsPaused(),
      filler,
      otherKeyCells: report?.otherKey ?? 0,
      rerun: report?.rerun ?? 0,
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
  return result;
}

/** Sidebar: one pass of the background filler (every few seconds while cells wait). */
export function fillWaitingCells(): SchedulerView {
  return guarded(() => {
    const { report, filler } = fillTick();
    return view(report, filler);
  });
}

/** Sidebar: the status line only. */
export function getScheduler(): SchedulerView {
  return guarded(() => view(null, "none"));
}

/** Sidebar: refresh a scope ("selection" | "sheet" | "workbook"), all cells or only errors/old answers. */
export function refreshFromSidebar(scope: RefreshScope, which: RefreshWhich): RefreshResult {
  return guarded(() => refreshCells(scope, which));
}

/** Sidebar: pause or resume live calls. */
export function setLiveCallsFromSidebar(paused: boolean): RefreshResult {
  return guarded(() => setLiveCalls(paused === true));
}

/** Sidebar: make sure the background filler's edit trigger exists. */
export function installBackgroundFill(): { installed: boolean; note?: string } {
  return installFiller();
}

export const refreshSelection = (): RefreshResult =>
  told(refreshCells("selection", "all"), "refreshed");
export const refreshSheet = (): RefreshResult => told(refreshCells("sheet", "all"), "refreshed");
export const refreshWorkbook = (): RefreshResult =>
  told(refreshCells("workbook", "all"), "refreshed");
export const refreshErrors = (): RefreshResult =>
  told(refreshCells("workbook", "errors"), "with errors refreshed");
export const refreshOld = (): RefreshResult =>
  told(refreshCells("workbook", "old"), "with old answers refreshed");
export const pauseLiveCalls = (): RefreshResult =>
  told(setLiveCalls(true), "changed: live calls are paused (cells answer from the cache)");
export const resumeLiveCalls = (): RefreshResult => told(setLiveCalls(false), "resumed");

/** Installable edit trigger: fill waiting cells in the background. */
export function fillWaitingCellsOnEdit(_e?: unknown): void {
  fillOnEdit();
}

/** One-off clock trigger: continue filling waiting cells. */
export function fillWaitingCellsLater(_e?: unknown): void {
  fillLater();
}
