/**
 * How a spreadsheet reads a string written to a cell, as if typed (Sheets' setValues, Excel's
 * range.values): the fakes of both hosts store what this gives, so they are no kinder than the
 * hosts. Where unsure, it parses.
 */

/** One stored cell as Sheets keeps it after setValues. */
export interface StoredCell {
  readonly kind: "text" | "number" | "boolean" | "formula";
  readonly value: string | number | boolean;
}

/** Sheets' limit on one cell's text. */
const CELL_TEXT_LIMIT = 50_000;

// What Sheets' setValues parses, as if typed (no kinder than Sheets: where unsure, it parses).
// It drops invisible characters in front (blanks, a BOM, zero-width and bidi marks, a soft
// hyphen, invisible operators, the Mongolian vowel separator), takes = + - @ and their
// full-width, small and minus-sign forms as the start of a formula, and reads numbers in any
// script's digits and common locales (1e5, 0012, 1,234, 1.234,56, 1 234, 50 %, $12, 12 €,
// CHF 12, 0x1F), dates, times, TRUE/FALSE and error literals. A cell formatted Plain text
// ("@") keeps the string exactly as given; elsewhere a leading apostrophe keeps the rest as text.
const TYPED_BLANKS = /^[\s\uFEFF\u200B-\u200F\u00AD\u2060-\u2064\u180E]+/;
const TYPED_FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\u2212]./;
const TYPED_NUMBER =
  /^[-+\u2212]?([$€£¥]|[A-Z]{3})?\s*(\d[\d,.\s\u00A0\u202F]*|\.\d+)([eE][-+]?\d+)?\s*(%|[$€£¥]|[A-Z]{3})?$/;
const TYPED_HEX = /^0x[0-9a-f]+$/i;
const TYPED_DATE =
  /^(\d{1,4}[/.-]\d{1,2}([/.-]\d{1,4})?|\d{1,2}:\d{2}(:\d{2})?|\d+ \d+\/\d+|\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4})$/i;
const TYPED_OTHER = /^(true|false|#n\/a|#ref!|#value!|#div\/0!|#name\?|#num!|#null!|#error!)$/i;

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters too
const ASCII = /^[\x00-\x7f]*$/;

/** Any script's decimal digits (full-width, Arabic-Indic, ...) as ASCII digits. */
function asciiDigits(s: string): string {
  // ASCII digits are themselves: only other scripts' are looked up.
  return s.replace(/(?![0-9])\p{Nd}/gu, (d) => {
    const code = d.codePointAt(0) ?? 48;
    for (let zero = code; zero > code - 10; zero--)
      if (!/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) return String(code - zero);
    return d;
  });
}

/** The number Sheets would make of numeric text (the exact value does not matter here). */
function typedNumber(s: string): number {
  const n = Number(s.replace(/[^\d.eE+-]/g, ""));
  return Number.isFinite(n) ? n : 0;
}

/**
 * How setValues reads one value into a cell of number format `format`: "=..." is a formula,
 * "'..." literal text, "12" a number; in a Plain text ("@") cell every string stays as given.
 */
export function typedCell(v: unknown, format?: string): StoredCell | undefined {
  if (typeof v === "number") return { kind: "number", value: v };
  if (typeof v === "boolean") return { kind: "boolean", value: v };
  if (v instanceof Date) throw new Error("harness: the add-on wrote a Date (timezone trap)");
  const s = String(v ?? "");
  if (s.length > CELL_TEXT_LIMIT)
    throw new Error(
      `Your input contains more than the maximum of ${CELL_TEXT_LIMIT} characters in a single cell.`,
    );
  if (s === "") return undefined;
  if (format === PLAIN_TEXT) return { kind: "text", value: s };
  if (s.startsWith("'")) return { kind: "text", value: s.slice(1) };
  const stripped = s.replace(TYPED_BLANKS, "").trim();
  // ASCII has nothing for NFKC or asciiDigits to change (the model's runs write long ASCII
  // JSON records: a callback per digit was most of the Sheets fake's setValues).
  const typed = ASCII.test(stripped) ? stripped : asciiDigits(stripped.normalize("NFKC"));
  if (TYPED_FORMULA.test(typed)) return { kind: "formula", value: typed };
  if (TYPED_NUMBER.test(typed) && /\d/.test(typed))
    return { kind: "number", value: typedNumber(typed) };
  if (TYPED_HEX.test(typed)) return { kind: "number", value: parseInt(typed, 16) };
  if (TYPED_DATE.test(typed)) return { kind: "number", value: Date.parse(typed) || 0 };
  if (/^(true|false)$/i.test(typed)) return { kind: "boolean", value: /^true$/i.test(typed) };
  if (TYPED_OTHER.test(typed)) return { kind: "formula", value: typed };
  return { kind: "text", value: s };
}

/** Sheets' Plain text number format. */
export const PLAIN_TEXT = "@";
