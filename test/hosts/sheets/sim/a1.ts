/**
 * Cell addresses as Sheets writes them: A1 ("$C$2", "'My sheet'!A2:B9") and the relative R1C1
 * form `getFormulasR1C1()` returns ("R[0]C[-2]", "R2C3" when absolute).
 */
import {
  columnLetters as zeroBasedLetters,
  quoteSheetName,
} from "../../../../src/imports/rangeAddress";

/** One corner of a reference; `rowAbs`/`colAbs` are the `$` marks. */
export interface CellRef {
  readonly row: number;
  readonly col: number;
  readonly rowAbs: boolean;
  readonly colAbs: boolean;
}

/** A cell or a rectangle, maybe on a named sheet. */
export interface RangeRef {
  readonly sheet?: string;
  readonly from: CellRef;
  readonly to?: CellRef;
}

/** A rectangle of a sheet, 1-based and inclusive. */
export interface Box {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
}

/** 1-based column number -> letters (1 -> A), as the add-in writes them. */
export function columnLetters(column: number): string {
  return zeroBasedLetters(column - 1);
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/;

export function parseCell(text: string): CellRef | null {
  const m = CELL.exec(text);
  if (!m) return null;
  const row = Number(m[4]);
  if (row < 1) return null;
  return { row, col: columnNumber(m[2] ?? ""), rowAbs: m[3] === "$", colAbs: m[1] === "$" };
}

/** "Sheet1!A2:B3", "'My sheet'!C4", "C4" (sheet optional). */
export function parseRange(text: string): RangeRef | null {
  let sheet: string | undefined;
  let rest = text;
  const bang = text.lastIndexOf("!");
  if (bang > 0) {
    sheet = text.slice(0, bang);
    if (sheet.startsWith("'") && sheet.endsWith("'"))
      sheet = sheet.slice(1, -1).replace(/''/g, "'");
    rest = text.slice(bang + 1);
  }
  const [a = "", b] = rest.split(":");
  const from = parseCell(a);
  const to = b === undefined ? undefined : parseCell(b);
  if (!from || to === null) return null;
  return { ...(sheet !== undefined ? { sheet } : {}), from, ...(to ? { to } : {}) };
}

function cellA1(c: CellRef): string {
  return `${c.colAbs ? "$" : ""}${columnLetters(c.col)}${c.rowAbs ? "$" : ""}${c.row}`;
}

export function rangeA1(ref: RangeRef): string {
  const prefix = ref.sheet !== undefined ? `${quoteSheetName(ref.sheet)}!` : "";
  return prefix + cellA1(ref.from) + (ref.to ? `:${cellA1(ref.to)}` : "");
}

/** The A1 text of a box ("C2", "C2:C301"), with its sheet when asked. */
export function boxA1(box: Box, withSheet = false): string {
  const first = `${columnLetters(box.col)}${box.row}`;
  const last = `${columnLetters(box.col + box.cols - 1)}${box.row + box.rows - 1}`;
  const cells = box.rows === 1 && box.cols === 1 ? first : `${first}:${last}`;
  return withSheet ? `${quoteSheetName(box.sheet)}!${cells}` : cells;
}

/** Parse "Sheet1!C2:C301" (or "C2:C301" on `defaultSheet`) into a box. */
export function parseBox(text: string, defaultSheet: string): Box {
  const ref = parseRange(text);
  if (!ref) throw new Error(`sim: not a range address: ${text}`);
  return refBox(ref, defaultSheet);
}

export function refBox(ref: RangeRef, defaultSheet: string): Box {
  const to = ref.to ?? ref.from;
  const row = Math.min(ref.from.row, to.row);
  const col = Math.min(ref.from.col, to.col);
  return {
    sheet: ref.sheet ?? defaultSheet,
    row,
    col,
    rows: Math.abs(to.row - ref.from.row) + 1,
    cols: Math.abs(to.col - ref.from.col) + 1,
  };
}

/** A reference moved by a fill/copy: relative parts shift, `$` parts stay. */
export function shiftRef(ref: RangeRef, dRows: number, dCols: number): RangeRef | null {
  const move = (c: CellRef): CellRef | null => {
    const row = c.rowAbs ? c.row : c.row + dRows;
    const col = c.colAbs ? c.col : c.col + dCols;
    return row >= 1 && col >= 1 ? { ...c, row, col } : null;
  };
  const from = move(ref.from);
  const to = ref.to ? move(ref.to) : undefined;
  if (!from || to === null) return null;
  return { ...(ref.sheet !== undefined ? { sheet: ref.sheet } : {}), from, ...(to ? { to } : {}) };
}

/** R1C1 text of a reference as seen from (row, col): "R[0]C[-2]", "R2C3", "Sheet2!R[1]C[0]". */
export function refR1C1(ref: RangeRef, row: number, col: number): string {
  const one = (c: CellRef): string =>
    `${c.rowAbs ? `R${c.row}` : `R[${c.row - row}]`}${c.colAbs ? `C${c.col}` : `C[${c.col - col}]`}`;
  const prefix = ref.sheet !== undefined ? `${quoteSheetName(ref.sheet)}!` : "";
  return prefix + one(ref.from) + (ref.to ? `:${one(ref.to)}` : "");
}
