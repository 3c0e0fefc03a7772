/**
 * Writing untrusted text into a sheet. Google Sheets' setValues reads a string as if typed:
 * `=...` becomes a formula (a product named =HYPERLINK(...) would turn into a live link) and
 * number- or date-like text is converted. A leading apostrophe makes Sheets keep the text
 * as it is and is not shown. Excel gets the text number format "@" on such cells instead
 * (see EXCEL_TEXT_FORMAT), because its values setter does not strip an apostrophe reliably.
 */
import type { Cell } from "../functions/cells";

/** Rows per write call: one setValues / range.values per chunk, never one per cell. */
export const WRITE_CHUNK_ROWS = 500;

/** The number format that makes Excel store a value as text. */
export const EXCEL_TEXT_FORMAT = "@";

const FORMULA_TRIGGER = /^[=+\-@]/;
// Text a spreadsheet would read as a number, percent, date or time if typed.
const LOOKS_TYPED =
  /^\s*[-+]?[\d.,]+\s*%?\s*$|^\s*\d{1,4}[/.-]\d{1,2}([/.-]\d{1,4})?\s*$|^\s*\d{1,2}:\d{2}/;

/** True when a host would not keep this text as typed (formula trigger or number-like). */
export function needsTextGuard(text: string): boolean {
  return FORMULA_TRIGGER.test(text) || LOOKS_TYPED.test(text) || text.startsWith("'");
}

/** A cell as Sheets' setValues must receive it so text stays literal text. */
export function sheetsCell(cell: Cell): Cell {
  return typeof cell === "string" && needsTextGuard(cell) ? `'${cell}` : cell;
}

/** Split rows into write chunks. */
export function chunkRows<T>(rows: readonly T[], size: number = WRITE_CHUNK_ROWS): T[][] {
  if (!(size >= 1)) throw new Error("chunk size must be at least 1");
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
