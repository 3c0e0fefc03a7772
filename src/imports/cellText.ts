/**
 * Writing API text into a sheet. Sheets' setValues and Excel's values setter read a string as
 * if typed: `=...` becomes a formula, `0012` or `1.234,56` a number, `TRUE` a boolean, and
 * more forms than any list of patterns can name (invisible characters, other scripts' digits,
 * locale separators). So every text cell gets the text number format "@" before its value is
 * written: the host then stores exactly the string it was given. Numbers, booleans and dates
 * are written as typed values, which no host re-reads, and keep their own formats.
 */
import { fitCellText } from "../core/cellLimit";
import type { Cell } from "../functions/cells";

/** Rows per write call: one setValues / range.values per chunk, never one per cell. */
export const WRITE_CHUNK_ROWS = 500;

/** The number format that makes Sheets ("Plain text") and Excel ("Text") keep a value as text. */
export const TEXT_FORMAT = "@";

/** True for a cell written as text (an empty string clears the cell instead). */
function isText(cell: Cell): cell is string {
  return typeof cell === "string" && cell !== "";
}

/** The number format of one written cell: text for any text, else `otherwise`. */
export function cellFormat(cell: Cell, otherwise: string): string {
  return isText(cell) ? TEXT_FORMAT : otherwise;
}

/**
 * The formats a block needs before its values are written: text cells "@", every other cell
 * the format `otherwise` gives for its place (a column's format, or what the cell has now).
 */
export function blockFormats(
  rows: readonly (readonly Cell[])[],
  otherwise: (row: number, column: number) => string,
): string[][] {
  return rows.map((r, i) => r.map((c, j) => cellFormat(c, otherwise(i, j))));
}

/** Text cut to what a cell holds; other cells as they are. */
export function fittedCell(cell: Cell): Cell {
  return typeof cell === "string" ? fitCellText(cell) : cell;
}

/** Split rows into write chunks. */
export function chunkRows<T>(rows: readonly T[], size: number = WRITE_CHUNK_ROWS): T[][] {
  if (!(size >= 1)) throw new Error("chunk size must be at least 1");
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
