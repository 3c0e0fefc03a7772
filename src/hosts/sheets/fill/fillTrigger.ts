/**
 * Who runs the background filler, and when:
 * - the open sidebar calls `fillTick` every few seconds while cells wait;
 * - with the sidebar closed, an installable edit trigger (made when the seller saves a key or
 *   opens the sidebar): a fill-down is an edit, so the trigger starts with it and keeps
 *   filling for up to ~5 of its 6 minutes;
 * - if cells still wait when that time is up, a one-off clock trigger continues: it only makes
 *   waiting cells run again (a clock trigger has no document cache), as many as the quota
 *   allows. Google documents an add-on's clock triggers "at most once an hour": until one was
 *   seen to start on time and hand over, a trigger run ends with its last word (waiting cells
 *   that still name a time run once more and say who goes on: an edit, the owner's sidebar).
 * Trigger minutes are a daily quota (90 on consumer accounts): past the day's budget
 * (stores/triggerDay.ts) a run spends the minute's quota it has and hands over to a clock
 * trigger instead of sleeping for the next minute's.
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
import { rerunCells } from "./rerunCells";
import { scanSheets } from "../sheet/sheetScan";
import { setFillerOwner } from "../cells/liveCalls";
import { openSession, closeSession } from "../cells/session";
import { ownerTag, readQueue } from "./waitingCells";
import { formatFormulaCells } from "./formatCells";
import { ourTriggers } from "../stores/triggerList";
import { isTimedWaitingText } from "../cells/cellTexts";
import { dayEndsAt, TRIGGER_DAY_PROPERTY, TriggerRun } from "../stores/triggerDay";
import { relay as relayRun, takeOver, type Relay } from "./relay";

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
/** When the clock trigger now waiting was asked for (ms): its run measures how late it is. */
const ASKED_PROPERTY = "mkt.fillLaterAsked";
/**
 * "1" once a clock trigger's run started on time and could make the next clock trigger; "0"
 * once one could not be made (from an edit trigger's run or a clock run) or started more than
 * LATE_MS late. Google documents add-on clock triggers "at most once an hour", one per user per
 * document, and none for a run with no document open: until a continuation was seen to work,
 * waiting texts promise nothing past the trigger run now filling.
 */
const CHAIN_PROPERTY = "mkt.fillChain";
const LATE_MS = 10 * 60_000;
/**
 * The end of a trigger run that no continuation is known to follow: waiting cells whose text
 * still names a time are run once more so that each says who goes on (an edit, the sidebar).
 */
const LAST_WORD_MS = 30_000;

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

/**
 * A trigger run's one read of user properties (chain and the day's trigger minutes), and its
 * share of the day's trigger time; null when properties cannot be read.
 */
function startRun(): { run: TriggerRun; get: (key: string) => string | null } | null {
  try {
    const props = gas().PropertiesService.getUserProperties();
    const all = props.getProperties?.();
    const get = (key: string): string | null => (all ? (all[key] ?? null) : props.getProperty(key));
    const now = Date.now();
    let zone = "Etc/UTC";
    try {
      zone = gas().Session?.getScriptTimeZone() ?? zone;
    } catch {
      // The UTC day then.
    }
    const endsAt = dayEndsAt(now, zone, (d, z, p) => gas().Utilities.formatDate(d, z, p));
    return { run: TriggerRun.start(props, get(TRIGGER_DAY_PROPERTY), now, endsAt), get };
  } catch {
    return null;
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
    if (!ourTriggers(app, book).some((t) => t.getHandlerFunction() === FILL_ON_EDIT))
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
  // One Properties read per trigger run (not per cell), one write at its end (the day's use).
  const state = startRun();
  // Unknown counts as refused until a clock run has made the next one (undocumented).
  const chain = state ? state.get(CHAIN_PROPERTY) === "1" : undefined;
  const run = state?.run ?? null;
  // Without a continuation known to come, the run keeps time for its last word.
  const fillEnd = chain === true ? end : end - LAST_WORD_MS;
  const deps = {
    ...depsOf(book, cache, chain),
    runEndsAt: fillEnd,
    ...(run ? { shortFrom: run.shortFrom } : {}),
  };
  // Its continuation is asked for before its end and takes over when it starts (relay.ts).
  const relay = relayRun(fillEnd, () => scheduleLater([book.getId()], book));
  let idleSince = start;
  let seen = false;
  let last: FillReport | null = null;
  try {
    while (Date.now() < fillEnd - PASS_MS) {
      last = fillPass(deps, Math.min(fillEnd, Date.now() + PASS_MS));
      if (relay.over(last.queue.cells > 0)) return;
      const now = Date.now();
      if (last.waiting + last.loading > 0) {
        idleSince = now;
        seen = true;
      } else if (now - idleSince > (seen ? IDLE_MS : NOTHING_MS)) break;
      const readyAt = last.queue.readyAt;
      // Past the day's budget the run does not sleep for the next minute's quota: a clock
      // trigger goes on (a run costs the seconds it fetches, not the minute it would wait).
      const quotaSpent =
        last.quotaLeft === 0 || (readyAt !== null && readyAt - now > SCAN_EVERY_MS);
      if (run?.spent(now) && last.queue.cells > 0 && quotaSpent) break;
      // Sleep until quota frees (rescanning meanwhile while cells are still loading).
      const wait =
        readyAt !== null && readyAt > now
          ? Math.min(readyAt - now, last.loading > 0 ? SCAN_EVERY_MS : 30_000)
          : SCAN_EVERY_MS;
      relay.sleep(Math.max(100, Math.min(wait, fillEnd - Date.now())));
    }
    if (!last || last.queue.cells === 0 || relay.over(false)) return;
    const later = scheduleLater([book.getId()], book);
    if (!later) recordChain(false);
    if (chain !== true && Date.now() < end - LAST_WORD_MS / 2)
      rerunWaiting(book.getSheets(), end, true);
  } finally {
    cache.remove(key);
    run?.finish(Date.now());
    relay.end();
  }
}

/** Record whether continuations work (best effort: the texts then keep their last knowledge). */
function recordChain(works: boolean): void {
  try {
    gas()
      .PropertiesService.getUserProperties()
      .setProperty(CHAIN_PROPERTY, works ? "1" : "0");
  } catch {
    // Properties quota used up: nothing to do.
  }
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

/** Add these spreadsheets to the clock trigger's list and make sure the trigger exists. */
function scheduleLater(ids: readonly string[], book: SpreadsheetLike | null = null): boolean {
  try {
    const props = gas().PropertiesService.getUserProperties();
    const docs = new Set((props.getProperty(DOCS_PROPERTY) ?? "").split(",").filter(Boolean));
    for (const id of ids) docs.add(id);
    props.setProperty(DOCS_PROPERTY, [...docs].slice(-20).join(","));
    const app = gas().ScriptApp;
    if (ourTriggers(app, book).some((t) => t.getHandlerFunction() === FILL_LATER)) return true;
    app.newTrigger(FILL_LATER).timeBased().after(LATER_MS).create();
    props.setProperty(ASKED_PROPERTY, String(Date.now()));
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
  takeOver();
  const app = gas().ScriptApp;
  for (const t of ourTriggers(app, null))
    if (t.getHandlerFunction() === FILL_LATER) app.deleteTrigger(t);
  const state = startRun();
  if (!state) return; // no properties today: no list of spreadsheets either
  const ids = (state.get(DOCS_PROPERTY) ?? "").split(",").filter(Boolean);
  const relay = relayRun(Date.now() + TRIGGER_BUDGET_MS - 30_000, () => scheduleLater(ids));
  try {
    fillListed(state.get, state.run, ids, relay);
  } finally {
    state.run.finish(Date.now());
    relay.end();
  }
}

function fillListed(
  get: (key: string) => string | null,
  run: TriggerRun,
  ids: readonly string[],
  relay: Relay,
): void {
  const props = gas().PropertiesService.getUserProperties();
  const asked = Number(get(ASKED_PROPERTY) ?? NaN);
  props.deleteProperty(DOCS_PROPERTY);
  // Apps Script documents add-on clock triggers "at most once an hour": one that starts this
  // late will not keep minutes a waiting text names.
  const late = Date.now() - asked - LATER_MS > LATE_MS;
  const end = relay.endsAt;
  const unfinished: string[] = [];
  ids.forEach((id, i) => {
    try {
      // Each spreadsheet gets its share of the time left.
      const share = Date.now() + (end - Date.now()) / (ids.length - i);
      const sheets = gas().SpreadsheetApp.openById(id).getSheets();
      if (!rerunWaiting(sheets, share, false, run, relay)) unfinished.push(id);
    } catch {
      // Deleted or no longer shared: forget it.
    }
  });
  if (relay.over(false)) return;
  if (unfinished.length === 0) {
    if (late) recordChain(false);
    return;
  }
  const chained = scheduleLater(unfinished);
  recordChain(chained && !late);
  if (chained && !late) return;
  // Nothing runs these cells again soon (an hour, or never, until an edit or the owner's
  // sidebar): run them once more so that each says so (or answers, if quota has freed).
  const lastWordEnd = Date.now() + LAST_WORD_MS - 5000;
  unfinished.forEach((id, i) => {
    try {
      const share = Date.now() + (lastWordEnd - Date.now()) / (unfinished.length - i);
      rerunWaiting(gas().SpreadsheetApp.openById(id).getSheets(), share, true);
    } catch {
      // Deleted or no longer shared.
    }
  });
}

/**
 * Re-run waiting cells until none waits (true) or `end` (false: cells still wait). The last
 * word (`lastWord`): re-run only cells whose text names a time, until none does: each then says
 * who goes on, or answers if quota has freed. Past the day's budget (`run` spent) it stops
 * (false) once the minute's quota is used and the cells it ran are over.
 */
function rerunWaiting(
  sheets: readonly SheetLike[],
  end: number,
  lastWord = false,
  run: TriggerRun | null = null,
  relay: Relay | null = null,
): boolean {
  const flush = (): void => gas().SpreadsheetApp.flush();
  const wanted = lastWord
    ? (text: string, formula: string) => formula !== "" && isTimedWaitingText(text)
    : needsFilling;
  while (Date.now() < end) {
    const session = openSession();
    const quota = session.env.quota?.status(session.apiKey);
    closeSession(session);
    const scanned = scanSheets(sheets, wanted);
    if (scanned.found.length === 0 && scanned.loading === 0) return true;
    if (relay?.over(true)) return false;
    if (lastWord && scanned.loading > 0 && scanned.found.length === 0) {
      // Cells still running from the pass before would not be found yet: wait for them.
      gas().Utilities.sleep(2000);
      continue;
    }
    // With the minute's quota used up, cells are still run (in sheet order, the order cells
    // fetch their siblings' answers in): those whose answers are cached answer at once.
    const free = quota ? Math.max(0, quota.limit - quota.used - 5) : 0;
    if (!lastWord && free === 0 && scanned.loading === 0 && run?.spent(Date.now())) return false;
    const running = Math.max(0, RUNNING_CELLS_CAP - scanned.loading);
    const room = free > 0 ? Math.min(free, running) : running;
    const cells = scanned.found.slice(0, room);
    for (const sheet of new Set(cells.map((c) => c.sheet)))
      rerunCells(
        sheet,
        cells.filter((c) => c.sheet === sheet),
        flush,
      );
    (relay ?? gas().Utilities).sleep(room > 0 ? SCAN_EVERY_MS : 10_000);
  }
  return false;
}
