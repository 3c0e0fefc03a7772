/**
 * Who runs the background work, and when:
 * - the open sidebar calls `fillTick` every few seconds while cells wait;
 * - with the sidebar closed, an installable edit trigger (made when the seller saves a key or
 *   opens the sidebar): a fill-down is an edit, so the trigger starts with it and gives its
 *   clients (background.ts: the filler first) up to ~5.75 of its 6 minutes;
 * - if work is left when that time is up, the deployment's clock goes on (clock.ts): a bound
 *   script's one-off clock trigger a minute or a few later, each run handing over to the next
 *   (relay.ts); an editor add-on's recurring hourly trigger. A clock run has no document cache:
 *   its filler makes waiting cells run again and each asks for itself (rerunWaiting.ts).
 * Until a continuation is known to come within minutes, a run ends with its last word:
 * waiting cells that still name a time run once more and say who goes on (the hourly run, an
 * edit, the owner's sidebar).
 * Trigger minutes are a daily quota (90 on consumer accounts): past the day's budget
 * (stores/triggerDay.ts) a run spends the minute's quota it has and hands over to a clock
 * trigger instead of sleeping for the next minute's; the same record counts every cell made to
 * run again (each costs an execution and its Properties read).
 * Installable triggers run as the user who made them, with that user's key: the filler then
 * helps only cells that read that key's cache (the owner's, for custom functions).
 * Only one filler per key works at a time (a claim in the document cache, under the script
 * lock); a collaborator's filler with another key never blocks the owner's.
 */
import { messageOf } from "../../../core/errors";
import { fillPass, type FillReport } from "./filler";
import { gas, type CacheLike } from "../stores/gas";
import { setFillerOwner } from "../cells/liveCalls";
import { openSession, closeSession } from "../cells/session";
import { ownerTag, readQueue } from "./waitingCells";
import { ourTriggers } from "../stores/triggerList";
import {
  countRerunsOutside,
  dayEndsAt,
  TRIGGER_DAY_PROPERTY,
  TriggerRun,
} from "../stores/triggerDay";
import { relay as relayRun, takeOver, type Relay } from "./relay";
import { BACKGROUND_CLIENTS, runClients } from "./background";
import { depsOf } from "./fillClient";
import { rerunWaiting } from "./rerunWaiting";
import {
  askClock,
  CHAIN_KEY,
  chainOf,
  deploymentClock,
  dropClock,
  listDocs,
  recordChain,
  startedLate,
  takeListed,
  type Deployment,
} from "./clock";

/** Top-level handler names (Stubs.js declares them; none ends in _). */
export const FILL_ON_EDIT = "fillWaitingCellsOnEdit";
export { FILL_LATER } from "./clock";

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
 * A trigger's work stops here, 15 s short of its 6 minutes (the last pass and its reruns fit
 * in that; if Apps Script stopped it anyway, the cells would simply still wait).
 */
const TRIGGER_BUDGET_MS = 5 * 60_000 + 45_000;
const SIDEBAR_PASS_MS = 15_000;
/**
 * The end of a trigger run that no continuation is known to follow within minutes: waiting
 * cells whose text still names a time are run once more so that each says who goes on.
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

/** When the script time zone's day that holds `now` ends (ms). */
function dayEnd(now: number): number {
  let zone = "Etc/UTC";
  try {
    zone = gas().Session?.getScriptTimeZone() ?? zone;
  } catch {
    // The UTC day then.
  }
  return dayEndsAt(now, zone, (d, z, p) => gas().Utilities.formatDate(d, z, p));
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
    return { run: TriggerRun.start(props, get(TRIGGER_DAY_PROPERTY), now, dayEnd(now)), get };
  } catch {
    return null;
  }
}

/**
 * Make sure this spreadsheet's edit trigger exists (a full-auth execution), and tell the cells
 * when this deployment's clock is hourly (an editor add-on); never throws.
 */
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
    if (deploymentClock() === "hourly") {
      const was = gas().PropertiesService.getUserProperties().getProperty(CHAIN_KEY);
      if (chainOf(was) === null) recordChain("hourly", was);
    }
    return { installed: true };
  } catch (err) {
    return { installed: false, note: messageOf(err) };
  }
}

/** The edit trigger: the background clients for up to ~5.75 minutes, then the clock goes on. */
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
  const run = state?.run ?? null;
  const deployment = deploymentClock();
  const was = state?.get(CHAIN_KEY) ?? null;
  // An add-on's cells are told from the first run that the hourly trigger goes on.
  if (deployment === "hourly" && chainOf(was) === null) recordChain("hourly", was);
  // Only continuations seen to start on time are promised (undocumented for add-ons).
  const continued = deployment === "minutes" && chainOf(was) === "minutes";
  // Without a continuation known to come within minutes, the run keeps time for its last word.
  const workEnd = continued ? end : end - LAST_WORD_MS;
  const ask = (): boolean => askClock(deployment, [book.getId()], book);
  // A bound script's continuation is asked for before the run's end and takes over (relay.ts).
  const relay = deployment === "minutes" ? relayRun(workEnd, ask) : null;
  const doc = { id: book.getId(), book, cache, run, relay, continued };
  try {
    if (runClients(BACKGROUND_CLIENTS, doc, workEnd) || relay?.over(false)) return;
    const asked = ask();
    if (!asked) recordChain("none", was);
    else if (deployment === "hourly") recordChain("hourly", was);
    if (!continued && Date.now() < end - LAST_WORD_MS / 2)
      rerunWaiting(book.getId(), book.getSheets(), end, { lastWord: true, noHourly: !asked });
  } finally {
    cache.remove(key);
    run?.finish(Date.now());
    relay?.end();
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
    const report = fillPass(depsOf(book, cache), now + SIDEBAR_PASS_MS);
    // The open sidebar's re-runs count against the day's budget too (triggerDay.ts).
    if (report.rerun > 0)
      countRerunsOutside(
        gas().PropertiesService.getUserProperties(),
        report.rerun,
        Date.now(),
        dayEnd(Date.now()),
      );
    return { report, filler: "sidebar" };
  } finally {
    cache.remove(key);
  }
}

/**
 * The clock trigger: for up to ~5.25 minutes, the background clients in each listed
 * spreadsheet (opened by id: no document is open in a clock run). Spreadsheets with work left
 * when its time is up stay listed and the clock goes on: a bound script's next one-off trigger,
 * or an add-on's hourly trigger, which stays until a run finds nothing left anywhere.
 */
export function fillLater(): void {
  const deployment = deploymentClock();
  if (deployment === "minutes") {
    takeOver();
    dropClock(); // the one-off that fired (it stays listed until deleted)
  }
  const state = startRun();
  if (!state) return; // no properties today: no list of spreadsheets either
  const ids = takeListed(state.get);
  const relay =
    deployment === "minutes"
      ? relayRun(Date.now() + TRIGGER_BUDGET_MS - LAST_WORD_MS, () =>
          askClock("minutes", ids, null),
        )
      : null;
  try {
    fillListed(state.get, state.run, ids, relay, deployment);
  } finally {
    state.run.finish(Date.now());
    relay?.end();
  }
}

function fillListed(
  get: (key: string) => string | null,
  run: TriggerRun,
  ids: readonly string[],
  relay: Relay | null,
  deployment: Deployment,
): void {
  const was = get(CHAIN_KEY);
  // Apps Script documents add-on clock triggers "at most once an hour": a one-off that starts
  // this late will not keep minutes a waiting text names.
  const late = deployment === "minutes" && startedLate(get);
  const end = Date.now() + TRIGGER_BUDGET_MS - LAST_WORD_MS;
  const unfinished: string[] = [];
  ids.forEach((id, i) => {
    try {
      // Each spreadsheet gets its share of the time left.
      const share = Date.now() + (end - Date.now()) / (ids.length - i);
      const book = gas().SpreadsheetApp.openById(id);
      const doc = { id, book, cache: null, run, relay, continued: false };
      if (!runClients(BACKGROUND_CLIENTS, doc, share)) unfinished.push(id);
    } catch {
      // Deleted or no longer shared: forget it.
    }
  });
  if (relay?.over(false)) return;
  if (unfinished.length === 0) {
    if (deployment === "hourly") dropClock();
    else if (late) recordChain("none", was);
    return;
  }
  if (deployment === "minutes") {
    const chained = askClock("minutes", unfinished, null);
    recordChain(chained && !late ? "minutes" : "none", was);
    if (chained && !late) return;
  } else {
    // The hourly trigger stays: it comes back in an hour for the spreadsheets listed.
    listDocs(unfinished);
    recordChain("hourly", was);
  }
  // Nothing runs these cells again within minutes (an hour, or never, until an edit or the
  // owner's sidebar): run them once more so that each says so (or answers, if quota has freed).
  const lastWordEnd = Date.now() + LAST_WORD_MS - 5000;
  unfinished.forEach((id, i) => {
    try {
      const share = Date.now() + (lastWordEnd - Date.now()) / (unfinished.length - i);
      rerunWaiting(id, gas().SpreadsheetApp.openById(id).getSheets(), share, { lastWord: true });
    } catch {
      // Deleted or no longer shared.
    }
  });
}
