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
 * Google does not document that a cleared-and-restored formula runs again: Sheets may keep the
 * cell's last result with the formula and show it again. So after the clear and set, the cells
 * are read: if none shows Loading..., this execution switches to a detour for them and for the
 * rest of its cells: each formula is written with one space before its closing parenthesis
 * (the same call to Sheets, but a new formula text, which Sheets runs like a seller's edit of
 * the formula), and once that run is over the seller's exact text is written back and runs
 * again (reading the answer its detour left in the cache). The detour text lives a few seconds
 * and the seller's formula always comes back as typed. The detour's two runs of a cell never
 * overlap (the second is written once the first is over), so a detour costs the executions a
 * clear + set costs at any moment. (A pass used to re-run half as many cells for it; the
 * 1,002-cell mixed fill was then 3.2 minutes over ceil(requests / 60) + 10: bench/results.md.)
 *
 * A cell is only rewritten if it still holds the formula the caller expects: a seller's edit
 * made meanwhile is never overwritten. Cells of a fill-down share their R1C1 formula, so each
 * such group is cleared and written back with one RangeList call each, however scattered.
 */
import { columnLetters } from "../../../imports/rangeAddress";
import { gas } from "../stores/gas";

/** The slice of a Sheet this needs. */
export interface WritableSheet {
  getRange(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): {
    getFormulas(): string[][];
    getFormulasR1C1(): (string | null)[][];
    getDisplayValues(): string[][];
  };
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

/** How this execution makes cells run again: unknown until the first clear + set is read. */
let clearSetRuns: boolean | null = null;

/** Custom-function executions one cell's re-run costs (two while this execution detours). */
export function runsPerRerun(): number {
  return clearSetRuns === false ? 2 : 1;
}

/** 1-based row and column -> "B7". */
function a1Of(row: number, col: number): string {
  return `${columnLetters(col - 1)}${row}`;
}

/** The detour text: the same formula with one space before its last closing parenthesis. */
function detourFormula(text: string): string {
  const at = text.lastIndexOf(")");
  return at < 0 ? `${text} ` : `${text.slice(0, at)} ${text.slice(at)}`;
}

const LOADING = "Loading...";
/** A custom function runs at most 30 s; the detour waits that long for its run to end. */
const DETOUR_WAIT_MS = 31_000;

type Groups = Map<string, string[]>;

function showing(sheet: WritableSheet, a1s: readonly string[], cells: readonly CellToRerun[]) {
  const at = new Set(a1s);
  const picked = cells.filter((c) => at.has(a1Of(c.row, c.col)));
  const texts: string[] = [];
  for (const col of new Set(picked.map((c) => c.col))) {
    const mine = picked.filter((c) => c.col === col);
    const top = Math.min(...mine.map((c) => c.row));
    const span = Math.max(...mine.map((c) => c.row)) - top + 1;
    const shown = sheet.getRange(top, col, span, 1).getDisplayValues();
    for (const c of mine) texts.push(shown[c.row - top]?.[0] ?? "");
  }
  return texts;
}

/** Write the detour text, wait until its runs are over, write the seller's text back. */
function detour(
  sheet: WritableSheet,
  groups: Groups,
  cells: readonly CellToRerun[],
  flush: () => void,
  sleep: (ms: number) => void,
  now: () => number,
): void {
  for (const [text, a1s] of groups) sheet.getRangeList(a1s).setFormulaR1C1(detourFormula(text));
  flush();
  try {
    const all = [...groups.values()].flat();
    for (const end = now() + DETOUR_WAIT_MS; now() < end;) {
      sleep(500);
      if (!showing(sheet, all, cells).includes(LOADING)) break;
    }
  } finally {
    for (const [text, a1s] of groups) sheet.getRangeList(a1s).setFormulaR1C1(text);
    flush();
  }
}

/** Make the cells that still hold their formula run again; returns how many ran again. */
export function rerunCells(
  sheet: WritableSheet,
  cells: readonly CellToRerun[],
  flush: () => void,
  sleep: (ms: number) => void = (ms) => gas().Utilities.sleep(ms),
  now: () => number = () => Date.now(),
): { rerun: number; changedBySeller: number } {
  const groups: Groups = new Map();
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
  if (clearSetRuns !== false) {
    for (const a1s of groups.values()) sheet.getRangeList(a1s).clearContent();
    flush();
    for (const [text, a1s] of groups) sheet.getRangeList(a1s).setFormulaR1C1(text);
    flush();
    if (clearSetRuns === true) return { rerun: still, changedBySeller: cells.length - still };
    // Sheets shows Loading... in a cell it runs again; none at all: it kept the old results.
    clearSetRuns = showing(sheet, [...groups.values()].flat(), cells).includes(LOADING);
    if (clearSetRuns) return { rerun: still, changedBySeller: cells.length - still };
  }
  detour(sheet, groups, cells, flush, sleep, now);
  return { rerun: still, changedBySeller: cells.length - still };
}
