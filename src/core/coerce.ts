/**
 * Spreadsheet arguments -> API values, naming the argument in every error. Sheets passes
 * empty cells as "", dates as Date, ranges as 2-D arrays; Excel passes dates as serial
 * numbers (days since 1899-12-30).
 */
import { ApiError } from "./errors";

/** True for an argument the user left empty ("" / null / undefined, or an all-empty range). */
export function isEmptyArg(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every((v) => isEmptyArg(v));
  return false;
}

/** The converted value, or undefined when the argument is empty. */
export function optional<T>(value: unknown, convert: (value: unknown) => T): T | undefined {
  return isEmptyArg(value) ? undefined : convert(value);
}

function invalid(argName: string, expected: string, value: unknown): ApiError {
  return new ApiError("INVALID_ARGUMENT", `${argName} must be ${expected} (got ${show(value)})`, {
    field: argName,
  });
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "empty";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid date" : "a date";
  if (Array.isArray(value)) return "a range";
  if (typeof value === "string")
    return JSON.stringify(value.length > 24 ? `${value.slice(0, 23)}…` : value);
  if (typeof value === "object") return "an object";
  return String(value);
}

/** A single cell out of a 1x1 range. */
function scalar(value: unknown): unknown {
  let v = value;
  while (Array.isArray(v) && v.length === 1) v = v[0];
  return v;
}

export interface Bounds {
  readonly min?: number;
  readonly max?: number;
  /** What the error says is allowed, where the bounds alone would read oddly ("at least 0"). */
  readonly expected?: string;
}

/** A whole-number id: an error says so, not "a whole number of at least 0". */
export const ID_BOUNDS: Bounds = { min: 0, expected: "a whole-number id (digits only)" };

function rangeText(bounds: Bounds): string {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return "";
}

function inBounds(n: number, bounds: Bounds): boolean {
  return (
    (bounds.min === undefined || n >= bounds.min) && (bounds.max === undefined || n <= bounds.max)
  );
}

/** A number; accepts numeric text and "12.5%" (as 0.125). */
export function toNumber(value: unknown, argName: string, bounds: Bounds = {}): number {
  const v = scalar(value);
  let n = NaN;
  if (typeof v === "number") n = v;
  else if (typeof v === "string") {
    const text = v.trim().replace(/,/g, "");
    const percent = text.endsWith("%");
    const body = percent ? text.slice(0, -1).trim() : text;
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(body)) n = Number(body) / (percent ? 100 : 1);
  }
  if (!Number.isFinite(n) || !inBounds(n, bounds))
    throw invalid(argName, `a number${rangeText(bounds)}`, v);
  return n;
}

/** A whole number, e.g. `lookbackDays must be a whole number from 1 to 730 (got -5)`. */
export function toInteger(value: unknown, argName: string, bounds: Bounds = {}): number {
  const v = scalar(value);
  const expected = bounds.expected ?? `a whole number${rangeText(bounds)}`;
  let n = NaN;
  if (typeof v === "number") n = v;
  else if (typeof v === "string" && /^\s*[-+]?\d+\s*$/.test(v)) n = Number(v);
  if (!Number.isSafeInteger(n) || !inBounds(n, bounds)) throw invalid(argName, expected, v);
  return n;
}

/** TRUE/FALSE, 1/0, "yes"/"no", "true"/"false". */
export function toBoolean(value: unknown, argName: string): boolean {
  const v = scalar(value);
  if (typeof v === "boolean") return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === "string") {
    const text = v.trim().toLowerCase();
    if (["true", "yes", "y", "1"].includes(text)) return true;
    if (["false", "no", "n", "0"].includes(text)) return false;
  }
  throw invalid(argName, "TRUE or FALSE", v);
}

/** A two-letter region code, uppercased ("sg" -> "SG"). */
export function toRegion(value: unknown, argName = "region"): string {
  const v = scalar(value);
  const text = typeof v === "string" ? v.trim().toUpperCase() : "";
  if (!/^[A-Z]{2}$/.test(text)) throw invalid(argName, "a two-letter region code such as SG", v);
  return text;
}

/** One of the allowed values (matched ignoring case; returns the allowed spelling). */
export function toChoice<T extends string>(
  value: unknown,
  argName: string,
  allowed: readonly T[],
): T {
  const v = scalar(value);
  // A TRUE/FALSE cell arrives as a boolean in Sheets (and Excel): match it as its word.
  const text =
    typeof v === "string"
      ? v.trim().toLowerCase()
      : typeof v === "number" || typeof v === "boolean"
        ? String(v)
        : "";
  const match = allowed.find((a) => a.toLowerCase() === text);
  if (match === undefined) throw invalid(argName, `one of ${allowed.join(", ")}`, v);
  return match;
}

/** Text, trimmed; numbers become their digits (a cell holding 12345 for a text id). */
export function toText(value: unknown, argName: string): string {
  const v = scalar(value);
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  throw invalid(argName, "text", v);
}

const MS_PER_DAY = 86_400_000;
/** Excel serial 25569 is 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * "YYYY-MM-DD" as the day's serial number (1899-12-30 is 0 in Sheets and Excel alike): a
 * number in no time zone, so a day written to a sheet is the same day wherever it is opened.
 * Null for anything else.
 */
export function isoDayToSerial(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

/**
 * A date as YYYY-MM-DD from a Sheets Date (its calendar day in the script's time zone),
 * an Excel serial number, or "YYYY-MM-DD" text.
 */
export function toIsoDate(value: unknown, argName: string): string {
  const v = scalar(value);
  if (v instanceof Date && !Number.isNaN(v.getTime())) {
    return isoDay(v.getFullYear(), v.getMonth() + 1, v.getDate());
  }
  if (typeof v === "number" && Number.isFinite(v) && v >= 1 && v < 2_958_466) {
    const day = new Date((Math.floor(v) - UNIX_EPOCH_SERIAL) * MS_PER_DAY);
    return isoDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  }
  if (typeof v === "string") {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v.trim());
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const check = new Date(Date.UTC(y, mo - 1, d));
      if (
        check.getUTCFullYear() === y &&
        check.getUTCMonth() === mo - 1 &&
        check.getUTCDate() === d
      ) {
        return isoDay(y, mo, d);
      }
    }
  }
  throw invalid(argName, "a date (a date cell or YYYY-MM-DD)", v);
}

function isoDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * Flatten a scalar or a range row by row, skipping empty cells; with `keepEmpty` every cell
 * stays (so results line up with the seller's rows).
 */
export function flattenRange(value: unknown, keepEmpty = false): unknown[] {
  const keep = (cell: unknown): boolean => keepEmpty || !isEmptyArg(cell);
  if (!Array.isArray(value)) return keep(value) ? [value] : [];
  const out: unknown[] = [];
  for (const row of value) {
    if (Array.isArray(row)) {
      for (const cell of row) if (keep(cell)) out.push(cell);
    } else if (keep(row)) out.push(row);
  }
  return out;
}

/**
 * Ids from a cell or a range (row-major, empty cells skipped, duplicates kept in order so
 * results map back to rows). `integer` ids are whole numbers; `string` ids are text.
 */
export function toIdList(value: unknown, argName: string, kind: "integer"): number[];
export function toIdList(value: unknown, argName: string, kind: "string"): string[];
export function toIdList(
  value: unknown,
  argName: string,
  kind: "integer" | "string",
): Array<number | string>;
export function toIdList(
  value: unknown,
  argName: string,
  kind: "integer" | "string",
): Array<number | string> {
  const cells = flattenRange(value);
  if (cells.length === 0) {
    throw new ApiError("INVALID_ARGUMENT", `${argName} is empty: give an id or a range of ids`, {
      field: argName,
    });
  }
  return cells.map((cell) =>
    kind === "integer" ? toInteger(cell, argName, ID_BOUNDS) : toText(cell, argName),
  );
}
