/**
 * Makes exactly the given formula cells run again. Sheets re-runs a custom function only when
 * its formula text or an argument value changes; nothing the add-on can call recalculates a
 * cell in place (no Ctrl+R, no API, and a cache change is invisible to Sheets). Writing the
 * same formula back changes nothing either: Apps Script batches writes, so "clear, set back"
 * nets out to no change. What works is to commit a different state in between: clear the
 * cells, `SpreadsheetApp.flush()`, write the formulas back. Sheets then sees a new formula and
 * runs it (public refresh code does exactly this: tony-tron/ZZZ-Scripts
 * 13_WorkaroundUtils.js "First Flush: Ensures all ranges are actually cleared",
 * dexscreener/google-sheets src/refresh.ts after stackoverflow.com/questions/23177356).
 * Changing an argument instead would need a "refresh" argument in the seller's formula.
 *
 * A cell is only rewritten if it still holds the formula the caller expects: a seller's edit
 * made meanwhile is never overwritten. Cells of a fill-down share their R1C1 formula, so each
 * such group is cleared and written back with one RangeList call each, however scattered.
 */
import { columnLetters } from "../../../imports/rangeAddress";

/** The slice of a Sheet this needs. */
export interface WritableSheet {
  getRange(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): { getFormulas(): string[][]; getFormulasR1C1(): (string | null)[][] };
  getRangeList(a1Notations: string[]): {
    clearContent(): unknown;
    setFormulaR1C1(formula: string): unknown;
  };
}

/** A cell to run again and the formula (A1) it must still hold. */
export interface CellToRerun {
  readonly row: number;
  readonly col: number;
  readonly formula: string;
}

/** 1-based row and column -> "B7". */
function a1Of(row: number, col: number): string {
  return `${columnLetters(col - 1)}${row}`;
}

/** Clear, flush, set back the cells that still hold their formula; returns how many ran again. */
export function rerunCells(
  sheet: WritableSheet,
  cells: readonly CellToRerun[],
  flush: () => void,
): { rerun: number; changedBySeller: number } {
  const groups = new Map<string, string[]>();
  let still = 0;
  for (const col of new Set(cells.map((c) => c.col))) {
    const mine = cells.filter((c) => c.col === col);
    const top = Math.min(...mine.map((c) => c.row));
    const span = Math.max(...mine.map((c) => c.row)) - top + 1;
    const block = sheet.getRange(top, col, span, 1);
    const a1 = block.getFormulas();
    const r1c1 = block.getFormulasR1C1();
    for (const c of mine) {
      const text = r1c1[c.row - top]?.[0] ?? "";
      // The two reads are two calls: another execution may have cleared the cell between them
      // (its own re-run); a cell cleared meanwhile is not ours to write back.
      if (a1[c.row - top]?.[0] !== c.formula || !text.startsWith("=")) continue;
      groups.set(text, [...(groups.get(text) ?? []), a1Of(c.row, c.col)]);
      still++;
    }
  }
  if (still === 0) return { rerun: 0, changedBySeller: cells.length };
  for (const a1s of groups.values()) sheet.getRangeList(a1s).clearContent();
  flush();
  for (const [text, a1s] of groups) sheet.getRangeList(a1s).setFormulaR1C1(text);
  flush();
  return { rerun: still, changedBySeller: cells.length - still };
}
