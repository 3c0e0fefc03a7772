/**
 * Who runs the background filler, and when:
 * - the open sidebar calls `fillTick` every few seconds while cells wait;
 * - with the sidebar closed, an installable edit trigger (made when the seller saves a key or
 *   opens the sidebar): a fill-down is an edit, so the trigger starts with it and keeps
 *   filling for up to ~5 of its 6 minutes;
 * - if cells still wait when that time is up, a one-off clock trigger continues. Google runs
 *   an add-on's time-driven triggers at most hourly, so that one fires after about an hour
 *   (the next edit, or opening the sidebar, is sooner) and only makes waiting cells run
 *   again (a clock trigger has no document cache), as many as the quota allows.
 * Installable triggers run as the user who made them, with that user's key: the filler then
 * helps only cells that read that key's cache (the owner's, for custom functions).
 * Only one filler per key works at a time (a claim in the document cache, under the script
 * lock); a collaborator's filler with another key never blocks the owner's.
 */
import { messageOf } from "../../../core/errors";
import {
  fillPass,
  needsFilling,
  RUNNING_CELLS_CAP,
  type FillerDeps,
  type FillReport,
} from "./filler";
import { gas, type CacheLike, type SheetLike, type SpreadsheetLike } from "../stores/gas";
import { executionsPerRerun, rerunCells } from "./rerunCells";
import { scanSheets } from "../sheet/sheetScan";
import { setFillerOwner } from "../cells/liveCalls";
import { openSession, closeSession } from "../cells/session";
import { ownerTag, readQueue } from "./waitingCells";
import { formatFormulaCells } from "./formatCells";

/** Top-level handler names (Stubs.js declares them; none ends in _). */
export const FILL_ON_EDIT = "fillWaitingCellsOnEdit";
export const FILL_LATER = "fillWaitingCellsLater";

/**
 * One filler at a time PER KEY: a filler fills only the cells that read its key's cache, so a
 * collaborator's trigger (another key) must not keep the owner's from filling the owner's cells.
 */
function claimKey(): string | null {
  try {
    const session = openSession();
    closeSession(session);
    return `mkt:filler:${ownerTag(session.env)}`;
  } catch {
    return null; // no key: nothing this user's filler could fill
  }
}
/**
 * A trigger's filling stops here, 15 s short of its 6 minutes (the last pass and its reruns fit
 * in that; if Apps Script stopped it anyway, the cells would simply still wait).
 */
const TRIGGER_BUDGET_MS = 5 * 60_000 + 45_000;
/**
 * How long one pass may wait for quota. Short, so that a pass does not sleep for the next
 * minute's quota with only the cells it knew: the loop sleeps instead and scans again, and the
 * cells that registered meanwhile share the next minute's requests.
 */
const PASS_MS = 15_000;
const SIDEBAR_PASS_MS = 15_000;
const SCAN_EVERY_MS = 3000;
/**
 * A trigger stops after this long with no waiting and no loading cell, once it has seen some;
 * an edit that started no formula cells at all ends it after a couple of scans (installable
 * triggers' daily run time is limited: 90 min for consumer accounts).
 */
const IDLE_MS = 45_000;
const NOTHING_MS = 6000;
const LATER_MS = 60_000;
const DOCS_PROPERTY = "mkt.fillDocs";
/**
 * "0" once a clock trigger's run could not make the next clock trigger, "1" once it could.
 * Google documents one clock trigger per user per document and none for a run with no
 * document open, so a continuation from a clock run may be refused: then waiting texts must not
 * promise more than an edit trigger's run and one clock run can fill.
 */
const CHAIN_PROPERTY = "mkt.fillChain";

function claim(cache: CacheLike, key: string, until: number, now: number): boolean {
  const lock = gas().LockService.getScriptLock();
  if (!lock.tryLock(10_000)) return false;
  try {
    if (Number(cache.get(key) ?? 0) > now) return false;
    cache.put(key, String(until), Math.max(1, Math.ceil((until - now) / 1000)));
    return true;
  } finally {
    lock.releaseLock();
  }
}

function depsOf(book: SpreadsheetLike, cache: CacheLike, chain?: boolean): FillerDeps {
  return {
    ...(chain === undefined ? {} : { chain }),
    sheets: () => book.getSheets(),
    format: (sheet, cells) => formatFormulaCells(book, sheet, cells),
    cache,
    lock: () => gas().LockService.getScriptLock(),
    flush: () => gas().SpreadsheetApp.flush(),
    now: () => Date.now(),
  };
}

/** Make sure this spreadsheet's edit trigger exists (a full-auth execution); never throws. */
export function installFiller(): { installed: boolean; note?: string } {
  try {
    const book = gas().SpreadsheetApp.getActiveSpreadsheet();
    if (!book) return { installed: false };
    const session = openSession();
    closeSession(session);
    const app = gas().ScriptApp;
    if (!app.getUserTriggers(book).some((t) => t.getHandlerFunction() === FILL_ON_EDIT))
      app.newTrigger(FILL_ON_EDIT).forSpreadsheet(book).onEdit().create();
    setFillerOwner(ownerTag(session.env));
    return { installed: true };
  } catch (err) {
    return { installed: false, note: messageOf(err) };
  }
}

/** The edit trigger: fill waiting cells for up to ~5 minutes, then hand over (see file comment). */
export function fillOnEdit(): void {
  const book = gas().SpreadsheetApp.getActiveSpreadsheet();
  const cache = gas().CacheService.getDocumentCache();
  if (!book || !cache) return;
  const start = Date.now();
  const end = start + TRIGGER_BUDGET_MS;
  const key = claimKey();
  if (!key || !claim(cache, key, end, start)) return;
  let chain: boolean | undefined;
  try {
    // One Properties read per trigger run (not per cell).
    // Unknown counts as refused until a clock run has made the next one (undocumented).
    chain = gas().PropertiesService.getUserProperties().getProperty(CHAIN_PROPERTY) === "1";
  } catch {
    chain = undefined;
  }
  const deps = depsOf(book, cache, chain);
  let idleSince = start;
  let seen = false;
  let last: FillReport | null = null;
  try {
    while (Date.now() < end - PASS_MS) {
      last = fillPass(deps, Math.min(end, Date.now() + PASS_MS));
      const now = Date.now();
      if (last.waiting + last.loading > 0) {
        idleSince = now;
        seen = true;
      } else if (now - idleSince > (seen ? IDLE_MS : NOTHING_MS)) break;
      const readyAt = last.queue.readyAt;
      // Sleep until quota frees (rescanning meanwhile while cells are still loading).
      const wait =
        readyAt !== null && readyAt > now
          ? Math.min(readyAt - now, last.loading > 0 ? SCAN_EVERY_MS : 30_000)
          : SCAN_EVERY_MS;
      gas().Utilities.sleep(Math.max(100, Math.min(wait, end - Date.now())));
    }
  } finally {
    cache.remove(key);
  }
  if (last && last.queue.cells > 0) continueLater(book);
}

/** One sidebar pass (unless a trigger is filling); the queue as it stands after it. */
export function fillTick(): { report: FillReport | null; filler: "sidebar" | "trigger" | "none" } {
  const book = gas().SpreadsheetApp.getActiveSpreadsheet();
  const cache = gas().CacheService.getDocumentCache();
  if (!book || !cache) return { report: null, filler: "none" };
  const now = Date.now();
  const key = claimKey();
  if (!key) return { report: null, filler: "none" };
  if (!claim(cache, key, now + SIDEBAR_PASS_MS + 30_000, now))
    return { report: null, filler: readQueue(cache) ? "trigger" : "none" };
  try {
    return { report: fillPass(depsOf(book, cache), now + SIDEBAR_PASS_MS), filler: "sidebar" };
  } finally {
    cache.remove(key);
  }
}

/** Ask for a one-off clock trigger to continue (one per user per document; best effort). */
function continueLater(book: SpreadsheetLike): void {
  scheduleLater([book.getId()]);
}

/** Add these spreadsheets to the clock trigger's list and make sure the trigger exists. */
function scheduleLater(ids: readonly string[]): boolean {
  try {
    const props = gas().PropertiesService.getUserProperties();
    const docs = new Set((props.getProperty(DOCS_PROPERTY) ?? "").split(",").filter(Boolean));
    for (const id of ids) docs.add(id);
    props.setProperty(DOCS_PROPERTY, [...docs].slice(-20).join(","));
    const app = gas().ScriptApp;
    if (app.getProjectTriggers().some((t) => t.getHandlerFunction() === FILL_LATER)) return true;
    app.newTrigger(FILL_LATER).timeBased().after(LATER_MS).create();
    return true;
  } catch {
    // Another clock trigger of this add-on (daily refresh) may hold the one allowed here, or
    // Apps Script refuses a clock trigger made from a clock trigger's run.
    return false;
  }
}

/**
 * The clock trigger: for up to ~5 minutes, run waiting (and failed) cells again in each listed
 * spreadsheet, as many at a time as quota and Apps Script's executions allow; each cell asks
 * for its own answers (a clock trigger has no document cache to fetch them into). Spreadsheets
 * whose cells still wait when its time is up get the next clock trigger: a fill of any size
 * goes on, one trigger run after another, until no cell waits.
 */
export function fillLater(): void {
  const app = gas().ScriptApp;
  for (const t of app.getProjectTriggers())
    if (t.getHandlerFunction() === FILL_LATER) app.deleteTrigger(t);
  const props = gas().PropertiesService.getUserProperties();
  const ids = (props.getProperty(DOCS_PROPERTY) ?? "").split(",").filter(Boolean);
  props.deleteProperty(DOCS_PROPERTY);
  const end = Date.now() + TRIGGER_BUDGET_MS - 30_000;
  const unfinished: string[] = [];
  ids.forEach((id, i) => {
    try {
      // Each spreadsheet gets its share of the time left.
      const share = Date.now() + (end - Date.now()) / (ids.length - i);
      if (!rerunWaiting(gas().SpreadsheetApp.openById(id).getSheets(), share)) unfinished.push(id);
    } catch {
      // Deleted or no longer shared: forget it.
    }
  });
  if (unfinished.length === 0) return;
  const chained = scheduleLater(unfinished);
  try {
    props.setProperty(CHAIN_PROPERTY, chained ? "1" : "0");
  } catch {
    return; // Best effort: the texts then keep their last knowledge.
  }
  if (chained) return;
  // Nothing runs these cells again until an edit or the owner's sidebar: run them once more
  // so that each says so (or answers, if quota has freed).
  for (const id of unfinished)
    try {
      rerunWaiting(gas().SpreadsheetApp.openById(id).getSheets(), Date.now() + 20_000, true);
    } catch {
      // Deleted or no longer shared.
    }
}

/** Re-run waiting cells until none waits (true) or `end` (false: cells still wait). */
function rerunWaiting(sheets: readonly SheetLike[], end: number, once = false): boolean {
  const flush = (): void => gas().SpreadsheetApp.flush();
  for (let pass = 0; Date.now() < end && !(once && pass > 0); pass++) {
    const session = openSession();
    const quota = session.env.quota?.status(session.apiKey);
    closeSession(session);
    const scanned = scanSheets(sheets, needsFilling);
    if (scanned.found.length === 0 && scanned.loading === 0) return true;
    if (once && scanned.loading > 0) {
      // The last pass: cells still running from the one before would not be found; wait.
      pass--;
      gas().Utilities.sleep(2000);
      continue;
    }
    // With the minute's quota used up, cells are still run (in sheet order, the order cells
    // fetch their siblings' answers in): those whose answers are cached answer at once.
    const free = quota ? Math.max(0, quota.limit - quota.used - 5) : 0;
    const running = Math.floor(
      Math.max(0, RUNNING_CELLS_CAP - scanned.loading) / executionsPerRerun(),
    );
    const room = free > 0 ? Math.min(free, running) : running;
    const cells = scanned.found.slice(0, room);
    for (const sheet of new Set(cells.map((c) => c.sheet)))
      rerunCells(
        sheet,
        cells.filter((c) => c.sheet === sheet),
        flush,
      );
    gas().Utilities.sleep(room > 0 ? SCAN_EVERY_MS : 10_000);
  }
  return false;
}
