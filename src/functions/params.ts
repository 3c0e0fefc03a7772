/**
 * Parameter builders: each knows its host-neutral type and how to read a seller's input
 * (Sheets Date objects, Excel date serials, numbers typed as text, ranges as 2-D arrays).
 * Every error names the parameter and says what is allowed.
 */
import { ArgumentError, quoteInput } from "./argumentError";
import { type CellInput, flattenRange, isEmptyInput, isRangeInput } from "./cells";
import type { ParamSpec, ParamType } from "./define";

/** A value typed into one cell (never empty, never a range). */
type ScalarInput = string | number | boolean | Date;

/** Parse one non-empty scalar, or throw a message (without the parameter name). */
type Parser<T> = (value: ScalarInput) => T;

/** Thrown by parsers; the builder adds the parameter's name. */
class Problem extends Error {}

/** An id argument: one value or a range of them (one result row per cell, empty cells kept). */
export interface IdArg<T> {
  readonly values: readonly (T | undefined)[];
  readonly isRange: boolean;
}

function parseWith<T>(name: string, parse: Parser<T>, value: ScalarInput): T {
  try {
    return parse(value);
  } catch (err) {
    if (err instanceof Problem) throw new ArgumentError(name, err.message);
    throw err;
  }
}

function scalarOf(name: string, raw: CellInput, what: string): ScalarInput {
  if (isRangeInput(raw)) {
    const cells = flattenRange(raw);
    if (cells.length === 1 && !isEmptyInput(cells[0]) && !isRangeInput(cells[0])) return cells[0];
    throw new ArgumentError(name, `expected one ${what}, got a range`);
  }
  return raw as ScalarInput;
}

interface Meta<N extends string> {
  readonly name: N;
  readonly type: ParamType;
  readonly help: string;
  readonly allowed?: readonly string[];
  readonly what: string;
}

/** A required scalar parameter. */
function required<N extends string, T>(meta: Meta<N>, parse: Parser<T>): ParamSpec<N, T> {
  return {
    name: meta.name,
    type: meta.type,
    optional: false,
    range: false,
    help: meta.help,
    ...(meta.allowed ? { allowed: meta.allowed } : {}),
    read: (raw) => {
      if (isEmptyInput(raw)) throw new ArgumentError(meta.name, `is required (${meta.what})`);
      return parseWith(meta.name, parse, scalarOf(meta.name, raw, meta.what));
    },
  };
}

/** The same parameter, optional: an empty argument reads as undefined. */
export function optional<N extends string, T>(p: ParamSpec<N, T>): ParamSpec<N, T | undefined> {
  return {
    ...p,
    optional: true,
    read: (raw) => (isEmptyInput(raw) ? undefined : p.read(raw)),
  };
}

/** The same parameter, accepting a range: one value per cell, empty cells kept as undefined. */
export function rangeOf<N extends string, T>(p: ParamSpec<N, T>): ParamSpec<N, IdArg<T>> {
  return {
    ...p,
    type: "any",
    range: true,
    help: p.help + " May be a range: one result row per cell.",
    read: (raw) => {
      if (isRangeInput(raw)) {
        const values = flattenRange(raw).map((cell) =>
          isEmptyInput(cell) ? undefined : p.read(cell),
        );
        if (values.every((v) => v === undefined))
          throw new ArgumentError(p.name, "the range is empty");
        return { values, isRange: true };
      }
      return { values: [p.read(raw)], isRange: false };
    },
  };
}

// ------------------------------------------------------------------ parsers

function toNumber(value: ScalarInput): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Problem(`expected a number, got ${value}`);
    return value;
  }
  if (typeof value === "string") {
    const text = value.trim().replace(/,/g, "");
    if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return Number(text);
  }
  throw new Problem(`expected a number, got ${quoteInput(value)}`);
}

function wholeNumber(min: number, max: number): Parser<number> {
  return (value) => {
    const n = toNumber(value);
    if (!Number.isInteger(n)) throw new Problem(`expected a whole number, got ${n}`);
    if (n < min)
      throw new Problem(
        min === 0 ? `must not be negative, got ${n}` : `must be at least ${min}, got ${n}`,
      );
    if (n > max) throw new Problem(`must be at most ${max}, got ${n}`);
    return n;
  };
}

function decimal(min: number, max: number, unit: string): Parser<number> {
  return (value) => {
    const n = toNumber(value);
    if (n < min)
      throw new Problem(
        min === 0 ? `must not be negative, got ${n}` : `must be at least ${min}, got ${n}`,
      );
    if (n > max) throw new Problem(`must be at most ${max}${unit}, got ${n}`);
    return n;
  };
}

const parseText: Parser<string> = (value) => {
  if (value instanceof Date) throw new Problem("expected text, got a date");
  const text = String(value).trim();
  if (text === "") throw new Problem("expected text");
  return text;
};

const parseBoolean: Parser<boolean> = (value) => {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const text = value.trim().toUpperCase();
    if (text === "TRUE" || text === "YES") return true;
    if (text === "FALSE" || text === "NO") return false;
  }
  throw new Problem(`expected TRUE or FALSE, got ${quoteInput(value)}`);
};

const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function isoDate(year: number, month: number, day: number): string {
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new Problem(`${year}-${month}-${day} is not a calendar date`);
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A date as YYYY-MM-DD: a Sheets Date (its calendar day), an Excel serial, or typed text. */
const parseDate: Parser<string> = (value) => {
  if (value instanceof Date) {
    if (isNaN(value.getTime())) throw new Problem("expected a date, got an invalid date");
    return isoDate(value.getFullYear(), value.getMonth() + 1, value.getDate());
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 1 || value > 2_958_465) {
      throw new Problem(`expected a date, got the number ${value}`);
    }
    const at = new Date(EXCEL_EPOCH_UTC + Math.floor(value) * DAY_MS);
    return isoDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  }
  if (typeof value === "string") {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value.trim());
    if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  throw new Problem(`expected a date such as 2025-01-31, got ${quoteInput(value)}`);
};

const parseRegion: Parser<string> = (value) => {
  const text = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!/^[A-Z]{2}$/.test(text)) {
    throw new Problem(
      `expected a two-letter region code such as SG or TH, got ${quoteInput(value)}`,
    );
  }
  return text;
};

function parseChoice(allowed: readonly string[]): Parser<string> {
  return (value) => {
    const text = typeof value === "string" ? value.trim().toUpperCase() : String(value);
    const hit = allowed.find((a) => a.toUpperCase() === text);
    if (hit === undefined)
      throw new Problem(`expected one of ${allowed.join(", ")}, got ${quoteInput(value)}`);
    return hit;
  };
}

const parseTextId: Parser<string> = (value) => {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0) throw new Problem(`expected an id, got ${value}`);
    return String(value);
  }
  return parseText(value);
};

// ------------------------------------------------------------------ builders

/** A whole-number id (shopId, sellerId, itemId, modelId, skuId of B, categoryId). */
export function integerId<N extends string>(name: N, help: string): ParamSpec<N, number> {
  return required(
    { name, type: "number", help, what: "a whole-number id" },
    wholeNumber(0, Number.MAX_SAFE_INTEGER),
  );
}

/** A text id (marketplace C productId and skuId); numbers are accepted and read as text. */
export function textId<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required({ name, type: "string", help, what: "an id" }, parseTextId);
}

/** A two-letter marketplace region code, upper-cased. */
export function region<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required(
    { name, type: "string", help, what: "a two-letter region code such as SG" },
    parseRegion,
  );
}

/** A whole number within bounds (lookbackDays, topN, limit). */
export function wholeNumberParam<N extends string>(
  name: N,
  help: string,
  min: number,
  max: number,
): ParamSpec<N, number> {
  return required(
    { name, type: "number", help, what: `a whole number from ${min} to ${max}` },
    wholeNumber(min, max),
  );
}

/** A money amount or other number, within bounds. */
export function numberParam<N extends string>(
  name: N,
  help: string,
  min = 0,
  max = Number.MAX_VALUE,
  unit = "",
): ParamSpec<N, number> {
  return required({ name, type: "number", help, what: "a number" }, decimal(min, max, unit));
}

/** TRUE or FALSE (also "yes"/"no", 1/0). */
export function booleanParam<N extends string>(name: N, help: string): ParamSpec<N, boolean> {
  return required({ name, type: "boolean", help, what: "TRUE or FALSE" }, parseBoolean);
}

/** A calendar date, sent as YYYY-MM-DD. */
export function dateParam<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required({ name, type: "date", help, what: "a date" }, parseDate);
}

/** Free text (a field name, a search query, a category path). */
export function textParam<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required({ name, type: "string", help, what: "text" }, parseText);
}

/** One of a fixed list of words, case-insensitive; reads as the canonical spelling. */
export function choiceParam<N extends string, const C extends string>(
  name: N,
  help: string,
  allowed: readonly C[],
): ParamSpec<N, C> {
  return required(
    { name, type: "string", help, allowed, what: `one of ${allowed.join(", ")}` },
    parseChoice(allowed) as Parser<C>,
  );
}

/** Either a whole number or text: a marketplace A/B category id or a C category path. */
export function idOrTextParam<N extends string>(
  name: N,
  help: string,
): ParamSpec<N, number | string> {
  return required({ name, type: "any", help, what: "a category id or path" }, (value) =>
    typeof value === "number" ? wholeNumber(0, Number.MAX_SAFE_INTEGER)(value) : parseText(value),
  );
}
