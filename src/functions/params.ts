/**
 * Parameter builders: each pairs a parameter's metadata (what hosts and docs show) with the
 * core's coercion of a seller's input (src/core/coerce.ts: Sheets Dates, Excel serials,
 * numbers typed as text, 1x1 ranges). Every error names the parameter and says what is allowed.
 */
import {
  type Bounds,
  ID_BOUNDS,
  flattenRange,
  isEmptyArg,
  toBoolean,
  toChoice,
  toInteger,
  toIsoDate,
  toNumber,
  toRegion,
  toText,
} from "../core/coerce";
import { ArgumentError } from "./argumentError";
import type { CellInput } from "./cells";
import type { ProfitBasis } from "./basis";
import type { ParamSpec, ParamType } from "./define";

/** Read one non-empty argument, naming `name` in any error. */
type Reader<T> = (value: unknown, name: string) => T;

/** An id argument: one value or a range of them (one result row per cell, empty cells kept). */
export interface IdArg<T> {
  readonly values: readonly (T | undefined)[];
  readonly isRange: boolean;
}

interface Meta<N extends string> {
  readonly name: N;
  readonly type: ParamType;
  readonly help: string;
  readonly allowed?: readonly string[];
  /** What to type, for the "is required" message. */
  readonly what: string;
}

/** A required scalar parameter. */
function required<N extends string, T>(meta: Meta<N>, read: Reader<T>): ParamSpec<N, T> {
  return {
    name: meta.name,
    type: meta.type,
    optional: false,
    range: false,
    help: meta.help,
    ...(meta.allowed ? { allowed: meta.allowed } : {}),
    read: (raw) => {
      if (isEmptyArg(raw)) throw new ArgumentError(meta.name, `is required (${meta.what})`);
      return read(raw, meta.name);
    },
  };
}

/** The same parameter, optional: an empty argument reads as undefined. */
export function optional<N extends string, T>(p: ParamSpec<N, T>): ParamSpec<N, T | undefined> {
  return {
    ...p,
    optional: true,
    read: (raw) => (isEmptyArg(raw) ? undefined : p.read(raw)),
  };
}

/**
 * A parameter every marketplace needs, placed after one that some marketplace leaves empty.
 * Excel cannot declare a required parameter after an optional one (office-js#1749), so the
 * hosts show it as optional; its reader still refuses an empty value, naming it.
 */
export function requiredAfterOptional<N extends string, T>(p: ParamSpec<N, T>): ParamSpec<N, T> {
  return { ...p, optional: true, needed: true, help: `${p.help} Required.` };
}

/**
 * An optional parameter whose empty value comes from the seller's profit basis, so the request
 * always states it; `setting` names the setting in the help ("Default: ...").
 */
export function fromBasis<N extends string, T>(
  p: ParamSpec<N, T | undefined>,
  value: (basis: ProfitBasis) => T,
  setting: string,
): ParamSpec<N, T | undefined> {
  return { ...p, help: `${p.help} Default: ${setting}.`, fromBasis: value };
}

/** The same parameter, accepting a range: one value per cell, empty cells kept as undefined. */
export function rangeOf<N extends string, T>(p: ParamSpec<N, T>): ParamSpec<N, IdArg<T>> {
  const { fromBasis: _scalarOnly, ...rest } = p;
  return {
    ...rest,
    type: "any",
    range: true,
    help: p.help + " May be a range: one result row per cell.",
    read: (raw) => {
      if (Array.isArray(raw)) {
        const values = flattenRange(raw, true).map((cell) =>
          isEmptyArg(cell) ? undefined : p.read(cell as CellInput),
        );
        if (values.every((v) => v === undefined))
          throw new ArgumentError(p.name, "is an empty range: give an id or a range of ids");
        return { values, isRange: true };
      }
      return { values: [p.read(raw)], isRange: false };
    },
  };
}

const NO_NEGATIVE: Bounds = { min: 0 };
/** A share typed as a fraction or a percent (25% arrives as 0.25). */
export const FRACTION: Bounds = { min: 0, max: 1 };
/** Any finite number (a target profit may be negative). */
export const ANY_NUMBER: Bounds = {};

/** A whole-number id (shopId, sellerId, itemId, modelId, skuId of B, categoryId). */
export function integerId<N extends string>(name: N, help: string): ParamSpec<N, number> {
  return required({ name, type: "number", help, what: "a whole-number id" }, (v, n) =>
    toInteger(v, n, ID_BOUNDS),
  );
}

/** A text id (marketplace C productId and skuId); numbers are accepted and read as text. */
export function textId<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required({ name, type: "string", help, what: "an id" }, toText);
}

/** A two-letter marketplace region code, upper-cased. */
export function region<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required(
    { name, type: "string", help, what: "a two-letter region code such as SG" },
    toRegion,
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
    (v, n) => toInteger(v, n, { min, max }),
  );
}

/** A money amount or other number (not negative unless `bounds` say otherwise). */
export function numberParam<N extends string>(
  name: N,
  help: string,
  bounds: Bounds = NO_NEGATIVE,
): ParamSpec<N, number> {
  return required({ name, type: "number", help, what: "a number" }, (v, n) =>
    toNumber(v, n, bounds),
  );
}

/**
 * A money amount that may be negative. A percentage typed as text ("25%") is refused: the
 * argument is money, and a spreadsheet's 25% (0.25) cannot be told from 0.25 of money, so the
 * name and help say "amount" and the function's margin argument is a separate one.
 */
export function amountParam<N extends string>(name: N, help: string): ParamSpec<N, number> {
  return required({ name, type: "number", help, what: "an amount of money" }, (v, n) => {
    const cell = flattenRange(v)[0];
    if (typeof cell === "string" && cell.trim().endsWith("%"))
      throw new ArgumentError(
        n,
        `is an amount of money per unit (5 for 5 per unit), not a percentage (got "${cell.trim()}")`,
      );
    return toNumber(v, n, {});
  });
}

/** TRUE or FALSE (also "yes"/"no", 1/0). */
export function booleanParam<N extends string>(name: N, help: string): ParamSpec<N, boolean> {
  return required({ name, type: "boolean", help, what: "TRUE or FALSE" }, toBoolean);
}

/** A calendar date, sent as YYYY-MM-DD. */
export function dateParam<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required({ name, type: "date", help, what: "a date" }, toIsoDate);
}

/** Free text (a field name, a search query, a category path). */
export function textParam<N extends string>(name: N, help: string): ParamSpec<N, string> {
  return required({ name, type: "string", help, what: "text" }, toText);
}

/** One of a fixed list of words, case-insensitive; reads as the canonical spelling. */
export function choiceParam<N extends string, const C extends string>(
  name: N,
  help: string,
  allowed: readonly C[],
): ParamSpec<N, C> {
  return required(
    { name, type: "string", help, allowed, what: `one of ${allowed.join(", ")}` },
    (v, n) => toChoice(v, n, allowed),
  );
}

/** Either a whole number or text: a marketplace A/B category id or a C category path. */
export function idOrTextParam<N extends string>(
  name: N,
  help: string,
): ParamSpec<N, number | string> {
  return required({ name, type: "any", help, what: "a category id or path" }, (v, n) => {
    const cells = flattenRange(v);
    return typeof cells[0] === "number" && cells.length === 1
      ? toInteger(v, n, NO_NEGATIVE)
      : toText(v, n);
  });
}
