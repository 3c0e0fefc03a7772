/**
 * Jobs' checkpoints in Google Sheets: a hidden sheet "~mkt jobs", one row a job: its id, lease,
 * cancel mark and head (small, read often), then its body in pieces of MAX_CELL_TEXT (a 10,000
 * row job's state is a few hundred KB: document properties hold 9 KB a value and 500 KB in
 * all, so they cannot). Written through writeCells, so text stays text.
 */
import { MAX_CELL_TEXT } from "../../../core/cellLimit";
import type { JobPart, JobStore } from "../../../sidebar/ports";
import type { LockLike } from "../stores/gas";
import type { SbSheet, SbSpreadsheet } from "./sheetTypes";
import { writeCells } from "./sheetWrite";

/** The hidden sheet of jobs' checkpoints. */
export const JOBS_SHEET = "~mkt jobs";
/** Columns of a job's row (1-based); the body's pieces follow. */
const COLUMN: Readonly<Record<Exclude<JobPart, "body">, number>> = {
  lease: 2,
  cancel: 3,
  head: 4,
};
const BODY = 5;

/**
 * Text Sheets keeps as it is given, with no number format set first and no read back (writeCells
 * does both: 5 calls a write, where a step writes its checkpoint twice): a head (JSON, "{..."),
 * or a body piece too long to read as a number, date or boolean that starts with no formula mark.
 */
const keptAsGiven = (text: string): boolean =>
  text.startsWith("{") || (text.length > 40 && !/^[=+\-@'\s]/.test(text));

/**
 * Does `book` hold an unfinished job (a row with a body)? The last finished job's row keeps
 * its head alone (its outcome, for the sidebar): no work for a trigger run. Two reads at most.
 */
export function jobsPending(book: SbSpreadsheet): boolean {
  const s = book.getSheetByName(JOBS_SHEET);
  const last = s?.getLastRow() ?? 0;
  if (!s || last === 0 || s.getLastColumn() < BODY) return false;
  return s
    .getRange(1, BODY, last, 1)
    .getValues()
    .some((r) => String(r[0] ?? "") !== "");
}

/**
 * The jobs of `book`; `lock`: the document's (or the script's, in a run without one);
 * `flush`: SpreadsheetApp.flush, called before the lock is released (Lock.releaseLock's own
 * note: an execution's writes are held until it ends or flushes, so a lease written under the
 * lock and not flushed is not there for the next holder, which then takes the job too).
 * `oneCall`: the store of one runner step (JobStore.session), which keeps the jobs sheet and
 * each job's row it found: a job's row never moves (rows are emptied, not deleted), and a kept
 * row is read with its id, so a row another execution emptied and reused is found again.
 */
export function sheetJobs(
  book: () => SbSpreadsheet,
  lock: () => LockLike | null,
  flush: () => void = () => undefined,
  oneCall = false,
): JobStore {
  let held: LockLike | null = null;
  let kept: SbSheet | null = null;
  const rowsKept = new Map<string, number>();
  const sheet = (create: boolean): SbSheet | null => {
    if (kept) return kept;
    const found =
      book().getSheetByName(JOBS_SHEET) ??
      (create ? book().insertSheet(JOBS_SHEET).hideSheet() : null);
    if (oneCall) kept = found;
    return found;
  };
  const ids = (s: SbSheet): string[] => {
    const last = s.getLastRow();
    return last === 0
      ? []
      : s
          .getRange(1, 1, last, 1)
          .getValues()
          .map((r) => String(r[0]));
  };
  /** The small parts of each row as rowOf last read them (row 1-based -> id, lease, cancel, head). */
  let partsRead = new Map<number, unknown[]>();
  /** The job's row (1-based), or 0; its small parts are read with the ids, in one call. */
  const rowOf = (s: SbSheet, id: string): number => {
    const at = rowsKept.get(id);
    if (at !== undefined) {
      const parts = s.getRange(at, 1, 1, COLUMN.head).getValues()[0] ?? [];
      if (String(parts[0]) === id) {
        partsRead.set(at, parts);
        return at;
      }
      rowsKept.delete(id);
    }
    const last = s.getLastRow();
    if (last === 0) return 0;
    const rows = s.getRange(1, 1, last, COLUMN.head).getValues();
    partsRead = new Map(rows.map((r, i) => [i + 1, r]));
    const row = rows.findIndex((r) => String(r[0]) === id) + 1;
    if (oneCall && row > 0) rowsKept.set(id, row);
    return row;
  };
  /** Write `texts` from (row, col): as given where Sheets keeps them so, else through writeCells. */
  const put = (s: SbSheet, row: number, col: number, texts: string[]): void => {
    if (texts.every((t) => t === "" || keptAsGiven(t)))
      s.getRange(row, col, 1, texts.length).setValues([texts]);
    else writeCells(s, row, col, texts.length, [texts]);
  };
  /**
   * `read` of a sheet another execution may delete meanwhile (a clock run ending the last
   * job): Apps Script throws on a deleted sheet's ranges. Gone, it reads as no job.
   */
  const whileThere = <T>(read: () => T, gone: T): T => {
    try {
      return read();
    } catch (e) {
      kept = null;
      rowsKept.clear();
      if (book().getSheetByName(JOBS_SHEET) === null) return gone;
      throw e;
    }
  };
  return {
    // A cancel from another execution (the sidebar's Cancel) is seen within this long.
    cancelPollMs: 10_000,
    // Each step is a google.script.run call or a trigger run: its start (half a second), its
    // lease under the lock with a flush, its checkpoint read back. A step that asked nothing
    // (a write) goes on with the next in the same call.
    joinSteps: true,
    ...(oneCall ? {} : { session: () => sheetJobs(book, lock, flush, true) }),
    ids: () =>
      whileThere(() => {
        const s = sheet(false);
        return s ? ids(s).filter((id) => id !== "") : [];
      }, []),
    read: (id, part) =>
      whileThere(() => {
        const s = sheet(false);
        const row = s ? rowOf(s, id) : 0;
        if (!s || row === 0) return null;
        if (part !== "body") {
          // The id column was read with the parts beside it: one read (rowOf's) for both.
          const text = String(partsRead.get(row)?.[COLUMN[part] - 1] ?? "");
          return text === "" ? null : text;
        }
        const width = s.getLastColumn() - BODY + 1;
        if (width < 1) return null;
        const text = (s.getRange(row, BODY, 1, width).getValues()[0] ?? []).map(String).join("");
        return text === "" ? null : text;
      }, null),
    write(id, part, text) {
      // A lease or cancel mark of a job another run ended meanwhile would leave a row (and
      // the hidden sheet) behind: only a job's head or body makes its row.
      const marks = part !== "head" && part !== "body";
      const s = sheet(!marks);
      if (!s) return;
      let row = rowOf(s, id);
      if (row === 0 && marks) return;
      if (row === 0) {
        row = s.getLastRow() + 1;
        writeCells(s, row, 1, 1, [[id]]);
        if (oneCall) rowsKept.set(id, row);
      }
      if (part !== "body") return void put(s, row, COLUMN[part], [text]);
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += MAX_CELL_TEXT)
        pieces.push(text.slice(i, i + MAX_CELL_TEXT));
      // A shorter body empties the pieces a longer one left.
      const width = Math.max(s.getLastColumn() - BODY + 1, pieces.length, 1);
      put(s, row, BODY, [...pieces, ...new Array<string>(width - pieces.length).fill("")]);
    },
    remove(id) {
      rowsKept.delete(id);
      whileThere(() => {
        const s = sheet(false);
        const list = s ? ids(s) : [];
        const row = list.indexOf(id) + 1;
        if (!s || row === 0) return;
        // The row is emptied, not deleted (another job's row stays where a runner read it),
        // and the sheet stays when the last job goes: a job another execution is starting may
        // have its row there unflushed, which this one cannot see (the 10,000-SKU bench lost
        // "Pricing B PH" so, a clock run ending the job before it deleting the sheet).
        s.getRange(row, 1, 1, Math.max(1, s.getLastColumn())).clear();
      }, undefined);
    },
    lock() {
      held = lock();
      if (held && !held.tryLock(10_000))
        throw new Error("Another run holds this spreadsheet's lock: the job goes on in a moment");
    },
    unlock() {
      if (held) flush();
      held?.releaseLock();
      held = null;
    },
  };
}
