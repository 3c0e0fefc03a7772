/**
 * Writing untrusted text into a sheet. Google Sheets' setValues reads a string as if typed:
 * `=...` becomes a formula (a product named =HYPERLINK(...) would turn into a live link) and
 * number- or date-like text is converted. A leading apostrophe makes Sheets keep the text
 * as it is and is not shown. Excel gets the text number format "@" on such cells instead
 * (see EXCEL_TEXT_FORMAT), because its values setter does not strip an apostrophe reliably.
 */
import { fitCellText } from "../core/cellLimit";
import type { Cell } from "../functions/cells";

/** Rows per write call: one setValues / range.values per chunk, never one per cell. */
export const WRITE_CHUNK_ROWS = 500;

/** The number format that makes Excel store a value as text. */
export const EXCEL_TEXT_FORMAT = "@";

// A formula starts with = + - @, or their full-width forms (an IME types ＝ for =).
const FORMULA_TRIGGER = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
// Whitespace, a BOM or a zero-width character in front: hosts trim it, then parse the rest.
const LEADING_INVISIBLE = /^[\s\uFEFF\u200B-\u200D\u2060]/;
const MONTH =
  "(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?)\\.?";
// Text a spreadsheet would read as a number, percent, currency, date, time, boolean or error.
const LOOKS_TYPED = [
  /^[-+]?[$€£¥]?\s*(\d[\d,]*(\.\d*)?|\.\d+)(e[-+]?\d+)?\s*%?$/i, // 12, 0012, 1,234, 1e5, 1E-3, 50%, $12
  /^\(\s*[$€£¥]?\d[\d,.]*\s*\)$/, // (12) accounting negative
  /^\d+\s+\d+\/\d+$/, // 1 1/2
  /^\d{1,4}[/.-]\d{1,2}([/.-]\d{1,4})?([ T]\d{1,2}:\d{2}(:\d{2})?)?$/, // 1/2, 2024-01-05
  /^\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(\s*[ap]\.?m\.?)?$/i, // 12:30, 9:05 pm
  // 5 Jan 2024, Jan 5, March 2024
  new RegExp(
    `^(\\d{1,2}[\\s/.,-]*${MONTH}([\\s/.,-]*\\d{1,4})?|${MONTH}[\\s/.,-]*\\d{1,4}([\\s/.,-]+\\d{1,4})?)$`,
    "i",
  ),
  /^(true|false)$/i,
  /^#(n\/a|ref!|value!|div\/0!|name\?|num!|null!|error!|spill!|calc!)$/i,
];

/**
 * True when a host would not keep this text as typed: a formula trigger, something it parses
 * as a number, date, boolean or error, leading invisible characters, or a leading apostrophe
 * (which it would swallow).
 */
export function needsTextGuard(text: string): boolean {
  if (text === "") return false;
  if (FORMULA_TRIGGER.test(text) || LEADING_INVISIBLE.test(text) || text.startsWith("'"))
    return true;
  const trimmed = text.trim();
  return LOOKS_TYPED.some((pattern) => pattern.test(trimmed));
}

/** A cell as Sheets' setValues must receive it so text stays literal text (and fits a cell). */
export function sheetsCell(cell: Cell): Cell {
  if (typeof cell !== "string") return cell;
  const text = fitCellText(cell);
  return needsTextGuard(text) ? `'${text}` : text;
}

/** Split rows into write chunks. */
export function chunkRows<T>(rows: readonly T[], size: number = WRITE_CHUNK_ROWS): T[][] {
  if (!(size >= 1)) throw new Error("chunk size must be at least 1");
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
