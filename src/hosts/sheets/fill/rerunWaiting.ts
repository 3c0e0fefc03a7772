/**
 * The filler where no document cache can be read (a clock trigger's run) or where only texts
 * matter (a run's last word): it makes waiting cells run again, as many at a time as quota
 * and Apps Script's executions allow, and each cell asks for its own answers. Cells showing
 * `#ERROR!` run again only if Apps Script failed them (no own-error mark, ownErrors.ts) and the
 * retry book says they are due (retryBook.ts); every cell run again is counted against the
 * day's budget first (stores/triggerDay.ts).
 */
import { failedToRetry, isFailedCell, needsFilling, RUNNING_CELLS_CAP } from "./filler";
import { gas, type CacheLike, type SheetLike } from "../stores/gas";
import { rerunCells, runsPerRerun } from "./rerunCells";
import { RetryBook } from "./retryBook";
import { scanSheets } from "../sheet/sheetScan";
import { closeSession, openSession, userSettings } from "../cells/session";
import type { UserSettingsStore } from "../stores/stores";
import { isHourlyWaitingText, isTimedWaitingText } from "../cells/cellTexts";
import type { TriggerRun } from "../stores/triggerDay";
import type { Relay } from "./relay";
import { noteClockRun } from "./waitingCells";

/** How often a pass looks again while it has run cells (their runs take a few seconds). */
export const SCAN_EVERY_MS = 3000;
/** The longest look-again with nothing to run (quota, the retry schedule). */
const IDLE_LOOK_MS = 10_000;

/** The script cache, where cells leave their own-error marks for clock runs (ownErrors.ts). */
export function scriptCache(): CacheLike | null {
  try {
    return gas().CacheService.getScriptCache();
  } catch {
    return null;
  }
}

export interface RerunOptions {
  /**
   * The last word: re-run only cells whose text names a time, until none does (each then
   * says who goes on, or answers if quota has freed).
   */
  readonly lastWord?: boolean;
  /** With the last word: the hourly run will not come (its trigger was refused): those too. */
  readonly noHourly?: boolean;
  readonly run?: TriggerRun | null;
  readonly relay?: Relay | null;
  /** The run's settings, read once. */
  readonly settings?: UserSettingsStore;
}

/**
 * Re-run waiting cells of one spreadsheet until none waits (true) or `end` (false: cells still
 * wait). Past the day's trigger budget (`run` spent) it stops (false) once the minute's quota
 * is used and the cells it ran are over; with only failed cells left that are not due before
 * `end`, it stops at once (false) instead of spending trigger minutes watching them.
 */
export function rerunWaiting(
  docId: string,
  sheets: readonly SheetLike[],
  end: number,
  o: RerunOptions = {},
): boolean {
  const { lastWord = false, run = null, relay = null } = o;
  const flush = (): void => gas().SpreadsheetApp.flush();
  const wanted = lastWord
    ? (text: string, formula: string) =>
        formula !== "" &&
        (isTimedWaitingText(text) || (o.noHourly === true && isHourlyWaitingText(text)))
    : needsFilling;
  const marks = { caches: [gas().CacheService.getDocumentCache(), scriptCache()], docId };
  const session = openSession({}, o.settings ?? userSettings());
  const sleep = (ms: number): void => (relay ?? gas().Utilities).sleep(Math.max(100, ms));
  // The cells this run makes run again may name a time up to its end, no later.
  if (!lastWord) noteClockRun(marks.caches[1] ?? null, docId, end, Date.now());
  try {
    while (Date.now() < end) {
      const quota = session.env.quota?.status(session.apiKey);
      const scanned = scanSheets(sheets, wanted);
      const failedCells = scanned.found
        .filter((f) => isFailedCell(f.text, f.formula))
        .map((f) => ({ sheet: f.sheet.getName(), row: f.row, col: f.col, formula: f.formula, f }));
      const waiting = scanned.found.filter((f) => !isFailedCell(f.text, f.formula));
      const book = RetryBook.open(docId);
      const now = Date.now();
      // With the minute's quota used up, cells are still run (in sheet order, the order cells
      // fetch their siblings' answers in): those whose answers are cached answer at once.
      const free = quota ? Math.max(0, quota.limit - quota.used - 5) : 0;
      const running = Math.min(
        Math.max(0, RUNNING_CELLS_CAP - scanned.loading),
        run?.rerunsLeft() ?? Infinity,
      );
      const room = free > 0 ? Math.min(free, running) : running;
      const picked = waiting.slice(0, room);
      const failed = failedToRetry(failedCells, book, marks, room - picked.length, now);
      const cells = [...picked, ...failed.retry.map((c) => c.f)];
      if (waiting.length + failed.pending.length === 0 && scanned.loading === 0) {
        book.save(failedCells, now);
        return true;
      }
      if (relay?.over(true)) return false;
      if (lastWord && scanned.loading > 0 && scanned.found.length === 0) {
        // Cells still running from the pass before would not be found yet: wait for them.
        gas().Utilities.sleep(2000);
        continue;
      }
      if (!lastWord && free === 0 && scanned.loading === 0 && run?.spent(now)) return false;
      let rerun = 0;
      for (const sheet of new Set(cells.map((c) => c.sheet)))
        rerun += rerunCells(
          sheet,
          cells.filter((c) => c.sheet === sheet),
          flush,
        ).rerun;
      run?.countReruns(rerun * runsPerRerun());
      book.save(failedCells, Date.now());
      if (cells.length > 0) {
        sleep(SCAN_EVERY_MS);
        continue;
      }
      // Nothing to run now: only cells the retry schedule holds back, or the quota.
      const next =
        room > 0 && waiting.length === 0 && scanned.loading === 0
          ? book.nextDueAt(
              failed.pending.filter((c) => !failed.retry.includes(c)),
              Date.now(),
            )
          : null;
      if (next !== null && next > end) return false;
      sleep(Math.min(IDLE_LOOK_MS, (next ?? Date.now() + IDLE_LOOK_MS) - Date.now()));
    }
    return false;
  } finally {
    closeSession(session);
  }
}
