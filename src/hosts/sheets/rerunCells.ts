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
 * made meanwhile is never overwritten. Contiguous cells of a column go in one write.
 */

/** The slice of a Sheet this needs. */
export interface WritableSheet {
  getRange(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): {
    getFormulas(): string[][];
    clearContent(): unknown;
    setFormulas(formulas: string[][]): unknown;
  };
}

/** A cell to run again and the formula it must still hold. */
export interface CellToRerun {
  readonly row: number;
  readonly col: number;
  readonly formula: string;
}

/** Runs of consecutive rows in one column. */
function runsOf(cells: readonly CellToRerun[]): CellToRerun[][] {
  const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
  const runs: CellToRerun[][] = [];
  for (const c of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && last.col === c.col && last.row + 1 === c.row) run.push(c);
    else runs.push([c]);
  }
  return runs;
}

/** Clear, flush, set back the cells that still hold their formula; returns how many ran again. */
export function rerunCells(
  sheet: WritableSheet,
  cells: readonly CellToRerun[],
  flush: () => void,
): { rerun: number; changedBySeller: number } {
  const still: CellToRerun[] = [];
  for (const run of runsOf(cells)) {
    const first = run[0] as CellToRerun;
    const now = sheet.getRange(first.row, first.col, run.length, 1).getFormulas();
    run.forEach((c, i) => {
      if (now[i]?.[0] === c.formula) still.push(c);
    });
  }
  const runs = runsOf(still);
  if (runs.length === 0) return { rerun: 0, changedBySeller: cells.length };
  for (const run of runs) {
    const first = run[0] as CellToRerun;
    sheet.getRange(first.row, first.col, run.length, 1).clearContent();
  }
  flush();
  for (const run of runs) {
    const first = run[0] as CellToRerun;
    sheet.getRange(first.row, first.col, run.length, 1).setFormulas(run.map((c) => [c.formula]));
  }
  flush();
  return { rerun: still.length, changedBySeller: cells.length - still.length };
}
