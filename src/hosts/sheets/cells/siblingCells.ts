/**
 * A cell's fill-down siblings: the cells of its column with the same R1C1 formula (filled
 * from one formula), each with the arguments Sheets would pass it, read with the read-only
 * Spreadsheet service a custom function may use (one read of the column's formulas, one read
 * per referenced column). Reading creates no dependency, so this costs no extra recalculation.
 */
import type { CellInput } from "../../../functions";
import { readFormula, type CellReference, type ReadFormula } from "./r1c1Formula";

/** The slice of a Sheet this needs (read-only, as in a custom function). */
export interface ReadableSheet {
  getName(): string;
  getLastRow(): number;
  getRange(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): { getValues(): unknown[][]; getFormulasR1C1(): (string | null)[][] };
}

export interface ReadableBook {
  getSheetByName(name: string): ReadableSheet | null;
}

export interface Sibling {
  readonly row: number;
  readonly args: CellInput[];
}

export interface FillDown {
  readonly formula: ReadFormula;
  /** The shared R1C1 text (the fill-down's identity). */
  readonly r1c1: string;
  /** Every cell with that formula in the window, the calling cell included, top to bottom. */
  readonly siblings: readonly Sibling[];
}

/** Rows looked at above and below the calling cell. */
export const SIBLING_WINDOW = 500;

/** The fill-down the cell at (row, col) belongs to, or null when its formula is not readable. */
export function fillDownOf(
  book: ReadableBook,
  sheet: ReadableSheet,
  row: number,
  col: number,
  window = SIBLING_WINDOW,
): FillDown | null {
  const own = String(sheet.getRange(row, col, 1, 1).getFormulasR1C1()[0]?.[0] ?? "");
  const formula = readFormula(own);
  if (!formula) return null;
  const first = Math.max(1, row - window);
  const last = Math.max(row, Math.min(sheet.getLastRow(), row + window));
  const texts = sheet.getRange(first, col, last - first + 1, 1).getFormulasR1C1();
  const rows: number[] = [];
  texts.forEach((r, i) => {
    if (r[0] === own) rows.push(first + i);
  });
  if (!rows.includes(row)) rows.push(row);
  rows.sort((a, b) => a - b);
  const siblings = argsForRows(book, sheet, formula, rows, col);
  return { formula, r1c1: own, siblings };
}

/** The arguments Sheets passes the formula in each of these rows of column `col` (one read per reference). */
export function argsForRows(
  book: ReadableBook,
  sheet: ReadableSheet,
  formula: ReadFormula,
  rows: readonly number[],
  col: number,
): Sibling[] {
  const columns = formula.args.map((a) =>
    a.kind === "reference" ? referencedValues(book, sheet, a.ref, rows, col) : null,
  );
  return rows.map((r, i) => ({
    row: r,
    args: formula.args.map((a, j): CellInput => {
      if (a.kind === "empty") return undefined;
      if (a.kind === "literal") return a.value;
      return (columns[j]?.[i] ?? "") as CellInput;
    }),
  }));
}

/** The value each row's reference points at, read in one block. */
function referencedValues(
  book: ReadableBook,
  sheet: ReadableSheet,
  ref: CellReference,
  rows: readonly number[],
  col: number,
): unknown[] {
  const tab = ref.sheet === null ? sheet : book.getSheetByName(ref.sheet);
  if (!tab) return rows.map(() => "#REF!");
  const column = ref.colAbsolute ? ref.col : col + ref.col;
  if (column < 1) return rows.map(() => "#REF!");
  if (ref.rowAbsolute) {
    const v = tab.getRange(ref.row, column, 1, 1).getValues()[0]?.[0];
    return rows.map(() => v);
  }
  const targets = rows.map((r) => r + ref.row);
  const top = Math.min(...targets);
  const bottom = Math.max(...targets);
  if (top < 1) return rows.map(() => "#REF!");
  const block = tab.getRange(top, column, bottom - top + 1, 1).getValues();
  return targets.map((t) => block[t - top]?.[0]);
}
