/**
 * The formula-cell filler as a background client (background.ts): where the document is open
 * (the edit trigger's run) it fetches what waiting cells need into the document cache and makes
 * exactly those cells run again (filler.ts); in a clock trigger's run (no document cache) it
 * makes waiting cells run again and each asks for itself (rerunWaiting.ts).
 */
import type { BackgroundClient, BackgroundDoc } from "./background";
import { fillPass, type FillerDeps, type FillReport } from "./filler";
import { gas, type CacheLike, type SpreadsheetLike } from "../stores/gas";
import { formatFormulaCells } from "./formatCells";
import { userSettings } from "../cells/session";
import type { TriggerRun } from "../stores/triggerDay";
import { rerunWaiting, SCAN_EVERY_MS, scriptCache } from "./rerunWaiting";

/**
 * How long one pass may wait for quota. Short, so that a pass does not sleep for the next
 * minute's quota with only the cells it knew: the loop sleeps instead and scans again, and the
 * cells that registered meanwhile share the next minute's requests.
 */
export const PASS_MS = 15_000;
/**
 * A run stops filling after this long with no waiting and no loading cell, once it has seen
 * some; an edit that started no formula cells at all ends it after a couple of scans
 * (installable triggers' daily run time is limited: 90 min for consumer accounts).
 */
const IDLE_MS = 45_000;
const NOTHING_MS = 6000;

/** The filler's dependencies for an open spreadsheet (`run`: a trigger run's budgets). */
export function depsOf(
  book: SpreadsheetLike,
  cache: CacheLike,
  chain?: boolean,
  run?: TriggerRun | null,
): FillerDeps {
  const marks = scriptCache();
  return {
    ...(chain === undefined ? {} : { chain }),
    ...(run ? { settings: userSettings() } : {}),
    sheets: () => book.getSheets(),
    format: (sheet, cells) => formatFormulaCells(book, sheet, cells),
    cache,
    docId: book.getId(),
    ...(marks ? { markCaches: [marks] } : {}),
    ...(run ? { rerunsLeft: () => run.rerunsLeft(), countReruns: (n) => run.countReruns(n) } : {}),
    lock: () => gas().LockService.getScriptLock(),
    flush: () => gas().SpreadsheetApp.flush(),
    now: () => Date.now(),
  };
}

/** Fill an open spreadsheet until `until`; true when no cell waits any more. */
function fillOpen(doc: BackgroundDoc, cache: CacheLike, until: number): boolean {
  const run = doc.run;
  const deps: FillerDeps = {
    ...depsOf(doc.book, cache, doc.continued, run),
    runEndsAt: until,
    ...(run ? { shortFrom: run.shortFrom } : {}),
  };
  const sleep = (ms: number): void => (doc.relay ?? gas().Utilities).sleep(Math.max(100, ms));
  const start = Date.now();
  let idleSince = start;
  let seen = false;
  let last: FillReport | null = null;
  while (Date.now() < until - PASS_MS) {
    last = fillPass(deps, Math.min(until, Date.now() + PASS_MS));
    if (doc.relay?.over(last.queue.cells > 0)) return false;
    const now = Date.now();
    if (last.waiting + last.loading > 0) {
      idleSince = now;
      seen = true;
    } else if (now - idleSince > (seen ? IDLE_MS : NOTHING_MS)) break;
    const readyAt = last.queue.readyAt;
    // Past the day's budget the run does not sleep for the next minute's quota: a clock
    // trigger goes on (a run costs the seconds it fetches, not the minute it would wait).
    const quotaSpent = last.quotaLeft === 0 || (readyAt !== null && readyAt - now > SCAN_EVERY_MS);
    if (run?.spent(now) && last.queue.cells > 0 && quotaSpent) break;
    // Sleep until quota frees (rescanning meanwhile while cells are still loading).
    const wait =
      readyAt !== null && readyAt > now
        ? Math.min(readyAt - now, last.loading > 0 ? SCAN_EVERY_MS : 30_000)
        : SCAN_EVERY_MS;
    sleep(Math.min(wait, until - Date.now()));
  }
  return !last || last.queue.cells === 0;
}

export const fillerClient: BackgroundClient = {
  name: "formula cells",
  run: (doc, until) =>
    doc.cache
      ? fillOpen(doc, doc.cache, until)
      : rerunWaiting(doc.id, doc.book.getSheets(), until, { run: doc.run, relay: doc.relay }),
};
