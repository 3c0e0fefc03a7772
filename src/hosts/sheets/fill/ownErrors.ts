/**
 * A formula cell that fails with an error of its own (bad input, no ad spend, a target the API
 * calls unreachable, a key it rejects) leaves a mark as it fails, so that no filler runs it
 * again: its error is its answer until the seller changes something. A cell Apps Script failed
 * (refused, stopped) never ran and leaves none, nor does a cell the API turned away for a while
 * (passesWithTime): the filler runs those again on the retry book's schedule (retryBook.ts).
 *
 * The mark names the cell and its formula (a cell the seller retyped is not the marked one) and
 * goes to two caches: the document cache, which the edit trigger and the sidebar read, and the
 * script cache under the spreadsheet's id, the only one a clock trigger's run (no document
 * open) can read. The script cache is shared by every user of the add-on: a mark evicted there
 * costs the cell a few scheduled tries.
 */
import { isApiError, sha256Hex, type ApiErrorCode } from "../../../core";
import type { CacheLike } from "../stores/gas";
import type { CellAt } from "./waitingCells";

/**
 * Failures that pass with time, whatever the request's own retry decided: the API's limit (also
 * the key refused after every wait, not retryable within one cell's 30 s but an hour later), a
 * 5xx, the network, a timeout. Re-running such a cell is bounded by the retry book (8 tries).
 */
const PASSING: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  "RATE_LIMITED",
  "SERVER",
  "NETWORK",
  "TIMEOUT",
]);

/** Does this failure pass with time (the cell is left unmarked, to be run again)? */
export function passesWithTime(err: unknown): boolean {
  return isApiError(err) && PASSING.has(err.code);
}

/** Kept 6 hours (CacheService's longest). */
const TTL_SEC = 6 * 60 * 60;

export interface MarkedCell extends CellAt {
  /** The formula as `getFormula` reads it (A1). */
  readonly formula: string;
}

function markKey(docId: string, c: CellAt): string {
  return `mko1:${sha256Hex(`${docId}\n${c.sheet}\n${c.row}\n${c.col}`).slice(0, 32)}`;
}

const formulaTag = (formula: string): string => sha256Hex(formula).slice(0, 16);

/** The failing cell's mark, in every cache given (best effort: each cache may refuse). */
export function markOwnError(
  caches: ReadonlyArray<CacheLike | null>,
  docId: string,
  cell: MarkedCell,
): void {
  for (const cache of caches)
    try {
      cache?.put(markKey(docId, cell), formulaTag(cell.formula), TTL_SEC);
    } catch {
      // Unmarked there: the retry book's schedule bounds what that costs.
    }
}

/** Which of these cells failed with an error of their own (one getAll per cache). */
export function ownErrorsAmong<C extends MarkedCell>(
  caches: ReadonlyArray<CacheLike | null>,
  docId: string,
  cells: readonly C[],
): Set<C> {
  const own = new Set<C>();
  let rest = [...cells];
  for (const cache of caches) {
    if (!cache || rest.length === 0) continue;
    const keys = rest.map((c) => markKey(docId, c));
    let found: Record<string, string> = {};
    try {
      found = cache.getAll(keys);
    } catch {
      continue;
    }
    rest = rest.filter((c, i) => {
      const tag = found[keys[i] as string];
      if (tag === undefined || tag !== formulaTag(c.formula)) return true;
      own.add(c);
      return false;
    });
  }
  return own;
}
