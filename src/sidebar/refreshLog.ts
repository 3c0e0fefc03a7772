/**
 * The "Refresh log" sheet: one row per refresh of anything (an import or managed table, the
 * daily run, formula cells), saying when, who, what, how many requests, how many rows changed
 * and what went wrong. Bounded: past REFRESH_LOG_LIMIT rows the oldest are dropped.
 */
import type { Cell } from "../functions/cells";
import { numberFormat } from "../core/figure";
import { io, type Op } from "./op";
import type { ManagedSheets, RefreshStamp } from "./ports";

/** The log's sheet. */
export const REFRESH_LOG_SHEET = "Refresh log";
/** Rows the log keeps (the oldest go first): a year of daily refreshes of a few tables. */
export const REFRESH_LOG_LIMIT = 1000;
const HEADER = ["When", "Who", "What", "Requests", "Rows changed", "Errors", "Kept by hand"];
const COUNT = numberFormat("count");
// Counts grouped as every seller-facing count is ("2,100"), not bare ("2100").
const FORMATS = ["@", "@", "@", COUNT, COUNT, "@", "@"];

/** One refresh as the log records it. */
export interface RefreshLogEntry {
  readonly what: string;
  /** null: not counted here (formula cells ask as they recalculate). */
  readonly requests: number | null;
  readonly rowsChanged: number;
  readonly errors: string;
  /** Cells a refresh kept as the seller typed them, named (refreshNotes.ts keptCells). */
  readonly kept?: string;
}

/**
 * Add a row to the log (created on first use), dropping the oldest past the limit. `once`: a
 * job's step, which a stop between this write and its checkpoint runs again: the row is not
 * written when the log already ends with it (its time is the job's own, so a repeat is equal;
 * who may differ, the sidebar's run or the clock's).
 */
export function* logRefresh(
  tables: ManagedSheets,
  stamp: RefreshStamp,
  entry: RefreshLogEntry,
  once = false,
): Op<void> {
  const grid = (yield* io(() => tables.read(REFRESH_LOG_SHEET))) ?? [];
  const old = grid.slice(1).filter((r) => r.some((c) => c !== "" && c !== null));
  const line: Cell[] = [
    stamp.when,
    stamp.who,
    entry.what,
    entry.requests ?? "",
    entry.rowsChanged,
    entry.errors,
    entry.kept ?? "",
  ];
  const last = old[old.length - 1];
  if (once && last && line.every((c, i) => i === 1 || String(last[i] ?? "") === String(c))) return;
  const rows = [...old, line].slice(-REFRESH_LOG_LIMIT);
  const values = [HEADER, ...rows.map((r) => HEADER.map((_, i) => r[i] ?? ""))];
  yield* io(() =>
    tables.write(REFRESH_LOG_SHEET, [{ row: 0, col: 0, values, formats: FORMATS }], true),
  );
  // A new log gets its header bold and frozen, so it stays in view as the log grows.
  if (grid.length === 0) yield* io(() => tables.boldHeader(REFRESH_LOG_SHEET, HEADER.length));
}

/** The refresh log's words for a refresh of formula cells: which cells, then which of them. */
const SCOPE_WORDS: Readonly<Record<string, string>> = {
  selection: "the selection",
  sheet: "this sheet",
  workbook: "all sheets",
  errors: "cells with errors",
  stale: "answers older than the cache time",
};
const WHICH_WORDS: Readonly<Record<string, string>> = {
  all: "",
  errors: ", cells with errors",
  old: ", answers older than the cache time",
};

/** "this sheet, cells with errors" for scope "sheet" and which "errors". */
export function refreshScopeWords(scope: string, which = "all"): string {
  return `${SCOPE_WORDS[scope] ?? scope}${WHICH_WORDS[which] ?? ""}`;
}

/**
 * Requests a refresh of formula cells caused, where the host counts them (Excel, the web demo:
 * the cells' driver stats); `waiting`: cells still queued when the row was written.
 */
export interface CellRequests {
  readonly requests: number;
  readonly waiting: number;
}

/**
 * A refresh of formula cells ("this sheet", "cells with errors"), logged like any refresh.
 * Without a count (Google Sheets re-runs the cells after the refresh returns) the row says the
 * cells ask as they recalculate.
 */
export function* logFormulaRefresh(
  tables: ManagedSheets,
  stamp: RefreshStamp,
  scope: string,
  cells: number,
  given: CellRequests | null = null,
): Op<void> {
  // Sheets' sidebar passes what its page sent: whole numbers only.
  const whole = (n: unknown): number | null =>
    typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : null;
  const requests = whole(given?.requests);
  // No cell re-run: none asks the API, so 0 requests is known without a count.
  const counted =
    requests !== null
      ? { requests, waiting: whole(given?.waiting) ?? 0 }
      : cells === 0
        ? { requests: 0, waiting: 0 }
        : null;
  // Saving a key asks the cells with errors again: when there were none nothing happened, and a
  // "Refresh log" sheet the seller did not ask for would be noise.
  if (scope === SCOPE_WORDS.errors && cells === 0 && !counted?.requests) return;
  const what =
    counted === null
      ? `Formula cells: ${scope} (each asks the API as it recalculates)`
      : counted.waiting > 0
        ? `Formula cells: ${scope} (${counted.waiting} still waiting for the API when logged)`
        : `Formula cells: ${scope}`;
  yield* logRefresh(tables, stamp, {
    what,
    requests: counted === null ? null : counted.requests,
    rowsChanged: cells,
    errors: "",
  });
}
