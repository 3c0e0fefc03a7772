/**
 * One formula cell's execution. Before asking on its own, a cell of a fill-down lets one
 * sibling fetch the whole fill-down's answers at once (fillDownPrefetch.ts). When the quota
 * cannot serve it within its ~25 s, it does not fail: it leaves what it needs in the document
 * cache and shows a waiting text; the background filler fetches that and makes it run again.
 * With live calls paused it answers from the cache or says calls are paused.
 */
import { isApiError, isWaitingForQuota, runSync, type ApiCall } from "../../../core";
import type { SheetFunction } from "../../../functions/define";
import { errorsAsText, type Cell, type CellInput, type CellResult } from "../../../functions";
import { firstCalls, runFromCache } from "./cacheOnly";
import { LOCK_BUSY_MESSAGE } from "../stores/rateLimit";
import { CELL_NO_KEY_MESSAGE, PAUSED_TEXT, waitingText } from "./cellTexts";
import { prefetchFillDown, type Place } from "./fillDownPrefetch";
import { freshAfter, readFreshRegions } from "../fill/freshCache";
import { gas, type CacheLike, type RangeLike } from "../stores/gas";
import { fillerOwner, liveCallsPaused } from "./liveCalls";
import { SHEETS_PLACES } from "../places";
import { closeSession, messageOf, NO_KEY_MESSAGE, openSession } from "./session";
import {
  ownerTag,
  readClockRun,
  readQueue,
  registerWaiting,
  type QueueStatus,
} from "../fill/waitingCells";
import { markOwnError, passesWithTime } from "../fill/ownErrors";

/** The calling cell of a custom function, readable; null when there is none to read. */
function callingCell():
  | (Place & {
      readonly sheetName: string;
      readonly cell: RangeLike;
      readonly docId: string;
      /** The spreadsheet's time zone (File > Settings): its waiting texts' clock times. */
      readonly timeZone: () => string;
    })
  | null {
  try {
    const book = gas().SpreadsheetApp.getActiveSpreadsheet();
    const range = book?.getActiveRange();
    if (!book || !range || range.getNumRows() !== 1 || range.getNumColumns() !== 1) return null;
    const sheet = book.getActiveSheet();
    return {
      book,
      docId: book.getId(),
      timeZone: () => book.getSpreadsheetTimeZone(),
      sheet,
      sheetName: sheet.getName(),
      row: range.getRow(),
      col: range.getColumn(),
      cell: range,
    };
  } catch {
    return null;
  }
}

function scriptCache(): CacheLike | null {
  try {
    return gas().CacheService.getScriptCache();
  } catch {
    return null;
  }
}

/** Leave the failing cell's own-error mark (fill/ownErrors.ts); never throws. */
function markOwn(
  place: {
    readonly sheetName: string;
    readonly row: number;
    readonly col: number;
    readonly docId: string;
    readonly cell: RangeLike;
  },
  docCache: CacheLike | null,
): void {
  try {
    const formula = place.cell.getFormula();
    const at = { sheet: place.sheetName, row: place.row, col: place.col, formula };
    markOwnError([docCache, scriptCache()], place.docId, at);
  } catch {
    // Unmarked: the filler's retry schedule bounds what that costs.
  }
}

/**
 * With the sidebar closed a trigger run fills for about 5 minutes, then hands over to a clock
 * trigger it asked for minutes before (fill/relay.ts): each 5 minutes of work costs the
 * hand-over's half minute. Past the day's budget a short run asks as it ends, and Apps Script
 * starts the next a minute or more later (up to ~4 in the strict simulator).
 */
const TRIGGER_RUN_MS = 5 * 60_000;
const HANDOVER_MS = 30_000;
const SHORT_HANDOVER_MS = 4 * 60_000;

/**
 * Estimated time until the queue is done: the wait for quota, a minute per 60 requests, and a
 * hand-over for every trigger run the work needs (measured late otherwise: bench/results.md).
 * From `shortFrom` on (the day's trigger budget spent) every minute's quota is a short run
 * and a hand-over.
 */
function etaMs(requests: number, readyAt: number | null, now: number, shortFrom?: number): number {
  const first = Math.max(0, (readyAt ?? now) - now);
  const work = first + Math.max(0, Math.ceil(requests / 60) - 1) * 61_000;
  const full = work + Math.floor(work / TRIGGER_RUN_MS) * HANDOVER_MS;
  if (shortFrom === undefined || now + full <= shortFrom) return full;
  // Minutes of quota served before the budget runs out; each one after it costs a hand-over.
  const fast = Math.max(0, shortFrom - now);
  const left = Math.max(1, Math.ceil(requests / 60) - Math.floor(fast / 61_000));
  return Math.max(fast, first) + left * SHORT_HANDOVER_MS;
}

/** A cell still needs its fetch and its re-run after its estimate. */
const MARGIN_MS = 30_000;

/**
 * How long something is known to go on filling. Unless clock triggers were seen to start on
 * time and hand over (fill/clock.ts), only the trigger run now filling is known: a cell past
 * its end says who goes on instead of a time (no extra Properties read: the settings' one
 * read has the chain). The open sidebar (a recent queue with no run end) fills while open; a
 * clock run (no document cache) leaves its end in the script cache (`clockRunEndsAt`).
 */
function fillingLeftMs(
  recent: QueueStatus | null,
  clockRunEndsAt: number | null,
  chain: "minutes" | "hourly" | "none" | null,
  now: number,
): number {
  if (recent) return recent.runEndsAt === undefined ? Infinity : recent.runEndsAt - now;
  if (clockRunEndsAt !== null) return clockRunEndsAt - now;
  // Nothing filled lately: an edit's trigger run may be starting (it writes the queue within
  // seconds); once continuations were refused, or with only the hourly run, nothing is known.
  return chain === "none" || chain === "hourly" ? 0 : TRIGGER_RUN_MS;
}

/**
 * When the fill goes on in short trigger runs (the day's trigger budget spent): the trigger
 * run filling now knows when its budget runs out; otherwise the settings' read says whether it
 * has; the open sidebar (a recent queue with no run end) is not held to it.
 */
function shortRunsFrom(
  recent: QueueStatus | null,
  spent: boolean,
  now: number,
): number | undefined {
  if (recent?.runEndsAt === undefined) return recent || !spent ? undefined : now;
  return recent.runEndsAt > now ? recent.shortFrom : spent ? now : undefined;
}

/**
 * Run a catalog function for the calling cell (see the file comment); `inCell` false for a
 * sidebar preview, which has no cell (the active range is then the seller's selection).
 */
export function runCell(
  fn: SheetFunction,
  args: readonly CellInput[],
  inCell = true,
): Cell | Cell[][] {
  return runCellAs(fn, args, inCell, (result) => errorsAsText(result, SHEETS_PLACES));
}

/** runCell with the answer seen through `view` (a preview keeps its figures' text); texts stay. */
export function runCellAs<T>(
  fn: SheetFunction,
  args: readonly CellInput[],
  inCell: boolean,
  view: (result: CellResult) => T,
): T | string {
  const place = inCell ? callingCell() : null;
  const docCache: CacheLike | null = gas().CacheService.getDocumentCache();
  const here = place && docCache ? place : null;
  const regions = here && docCache ? readFreshRegions(docCache) : [];
  const fresh = here ? freshAfter(regions, here.sheetName, here.row, here.col) : 0;
  let session: ReturnType<typeof openSession>;
  try {
    session = openSession(fresh > 0 ? { freshAfter: fresh } : {});
  } catch (err) {
    if (messageOf(err, null) === NO_KEY_MESSAGE && inCell) throw new Error(CELL_NO_KEY_MESSAGE);
    throw err;
  }
  const env = session.env;
  // Set when the cell fails for Apps Script's reasons: left unmarked, so the filler retries it.
  let hostShort = false;
  try {
    if (liveCallsPaused()) {
      const answer = runFromCache(fn.program(args, session.basis), env);
      return "value" in answer ? view(answer.value) : PAUSED_TEXT;
    }
    if (here && docCache)
      try {
        prefetchFillDown(fn, args, here, {
          cache: docCache,
          lock: () => gas().LockService.getScriptLock(),
          session,
          sleep: (ms) => gas().Utilities.sleep(ms),
          include: (row) => freshAfter(regions, here.sheetName, row, here.col) === fresh,
        });
      } catch {
        // Coalescing is an optimisation: the cell still asks for itself below.
      }
    let waiting: { calls: readonly ApiCall[]; readyAt: number; paused: boolean };
    try {
      // A server that is down (breaker not closed): one try, no retries; the cell says so at once.
      const down =
        (env.breaker?.status(session.apiKey, env.baseUrl).state ?? "closed") !== "closed";
      return view(
        runSync(
          fn.program(args, session.basis),
          down ? { ...env, deadline: session.clock.now() } : env,
        ),
      );
    } catch (err) {
      if (isWaitingForQuota(err)) waiting = err;
      else if (isApiError(err) && err.message === LOCK_BUSY_MESSAGE)
        // The shared lock stayed busy: wait like a cell short of quota, for the calls it starts with.
        waiting = {
          calls: firstCalls(() => fn.program(args, session.basis)),
          readyAt: session.clock.now() + 5000,
          paused: false,
        };
      else throw err;
    }
    const now = session.clock.now();
    if (!here || !docCache) {
      // Apps Script's side (no document cache here), not the cell's: the filler retries it.
      hostShort = true;
      throw new Error(
        `The API's 60 requests a minute are used up: in ${Math.ceil(Math.max(1000, waiting.readyAt - now) / 1000)} s, use Extensions > Marketplace Profit > Refresh cells with errors`,
      );
    }
    const tag = ownerTag(env);
    let formula = "";
    try {
      formula = here.cell.getFormula();
    } catch {
      // Unreadable: the filler then goes by the sheet alone.
    }
    const at = { sheet: here.sheetName, row: here.row, col: here.col };
    registerWaiting(docCache, at, { f: formula, c: waiting.calls, o: tag, t: now });
    const queue = readQueue(docCache);
    const recent = queue && queue.at > now - 120_000 ? queue : null;
    const eta = etaMs(
      Math.max(recent?.requests ?? 0, waiting.calls.length),
      waiting.readyAt,
      now,
      shortRunsFrom(recent, session.triggerBudgetSpent, now),
    );
    // Only clock runs seen to start on time are promised: otherwise a cell past the run filling
    // now says who goes on (the hourly run, an edit, the owner's sidebar).
    const chain = session.fillChain;
    const unpromised = chain === "none" || chain === "hourly" || queue?.chain === false;
    const clockRun = recent ? null : readClockRun(scriptCache(), here.docId);
    const beyond =
      unpromised && eta + MARGIN_MS > fillingLeftMs(recent, clockRun, chain, now)
        ? chain === "hourly"
          ? "hourly"
          : "edit"
        : null;
    const clockTime = (ms: number): string | null => {
      try {
        const zone = here.timeZone() || "Etc/UTC";
        return gas().Utilities.formatDate(new Date(ms), zone, "HH:mm");
      } catch {
        return null;
      }
    };
    const shownAt = beyond === null ? clockTime(now + Math.max(60_000, eta)) : null;
    return waitingText({
      cells: Math.max(1, recent?.cells ?? 1),
      etaMs: eta,
      beyond,
      at: shownAt,
      rerunsUntil: session.rerunsSpentUntil === null ? null : clockTime(session.rerunsSpentUntil),
      pausedUntil: waiting.paused ? waiting.readyAt : null,
      filled: fillerOwner() === tag,
      now,
    });
  } catch (err) {
    // An error of our own: the filler re-runs only cells Apps Script failed (too many at once)
    // and cells the API turned away for a while (its limit, a 5xx, the network), on the retry
    // book's schedule; bad input or a missing figure stays as it is until the seller acts.
    if (place && !hostShort && !passesWithTime(err)) markOwn(place, docCache);
    throw new Error(messageOf(err, session.apiKey, session.baseUrl));
  } finally {
    closeSession(session);
  }
}
