/**
 * Excel's functions.json, generated from the formula catalog (never written by hand), and the
 * naming rules Excel enforces on it. Pure: the build and the tests both call these.
 */
import type { ParamSpec, SheetFunction } from "../../functions/define";

/** Namespace users type in front of every function: `=MKT.MKTA_BREAKDOWN(...)`. */
export const EXCEL_NAMESPACE = "MKT";

export type ExcelValueType = "number" | "string" | "boolean" | "any";
export type Dimensionality = "scalar" | "matrix";

export interface ExcelParameterMetadata {
  readonly name: string;
  readonly description: string;
  readonly type: ExcelValueType;
  readonly dimensionality: Dimensionality;
  readonly optional: boolean;
}

export interface ExcelFunctionMetadata {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly result: { readonly type: ExcelValueType; readonly dimensionality: Dimensionality };
  readonly parameters: readonly ExcelParameterMetadata[];
  /**
   * cancelable: a recalculation cancels a running cell (invocation.onCanceled), so its queued
   * calls are withdrawn; requiresAddress: the invocation names the cell, for the refresh scopes.
   */
  readonly options: {
    readonly cancelable: true;
    readonly requiresAddress: true;
    /** A card's reference method: Excel passes the card as the first argument (hidden). */
    readonly capturesCallingObject?: true;
    /** Kept out of AutoComplete: it is typed after a card's dot, not on its own. */
    readonly excludeFromAutoComplete?: true;
  };
}

/** The whole functions.json document. */
export interface ExcelFunctionsMetadata {
  /**
   * Lets an `any` result be a data type (a formatted number, an entity): CustomFunctionsRuntime
   * 1.4. Excel without that set ignores it, and the functions return plain numbers there.
   */
  readonly allowCustomDataForDataTypeAny: true;
  readonly functions: readonly ExcelFunctionMetadata[];
}

const ID_SHAPE = /^[A-Z][A-Z0-9._]{2,127}$/;
const NAME_SHAPE = /^[A-Za-z][A-Za-z0-9._]{2,127}$/;
const PARAM_NAME_SHAPE = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Excel 4.0 macro functions and common built-ins a custom name must not shadow. */
const RESERVED_NAMES = new Set([
  "RUN",
  "ECHO",
  "CALL",
  "EVALUATE",
  "REGISTER",
  "SUM",
  "INDEX",
  "GET.CELL",
]);
const LAST_COLUMN = columnNumber("XFD");
const LAST_ROW = 1048576;

/** Column letters -> 1-based number (A=1, XFD=16384). */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** True when Excel would read the name as a cell reference (A1 .. XFD1048576, R1C1 style). */
export function looksLikeCellAddress(name: string): boolean {
  const upper = name.toUpperCase();
  const a1 = /^([A-Z]{1,3})([0-9]+)$/.exec(upper);
  if (a1) {
    const col = columnNumber(a1[1] ?? "");
    const row = Number(a1[2]);
    return col <= LAST_COLUMN && row >= 1 && row <= LAST_ROW;
  }
  return /^R[0-9]*C[0-9]*$/.test(upper);
}

/** Problems with one function's id/name/parameter names; empty when Excel accepts it. */
export function namingProblems(
  fn: Pick<ExcelFunctionMetadata, "id" | "name" | "parameters">,
): string[] {
  const problems: string[] = [];
  if (!ID_SHAPE.test(fn.id))
    problems.push(
      `id "${fn.id}" must be A-Z, 0-9, "." or "_", start with a letter, 3-128 characters`,
    );
  if (!NAME_SHAPE.test(fn.name))
    problems.push(
      `name "${fn.name}" must start with a letter and be 3-128 letters, digits, "." or "_"`,
    );
  if (looksLikeCellAddress(fn.name) || looksLikeCellAddress(fn.id))
    problems.push(`name "${fn.name}" looks like a cell address`);
  if (RESERVED_NAMES.has(fn.name.toUpperCase()))
    problems.push(`name "${fn.name}" is an Excel function name`);
  const seen = new Set<string>();
  for (const p of fn.parameters) {
    if (!PARAM_NAME_SHAPE.test(p.name))
      problems.push(`parameter "${p.name}" of ${fn.name} is not a plain identifier`);
    if (seen.has(p.name)) problems.push(`parameter "${p.name}" of ${fn.name} appears twice`);
    seen.add(p.name);
  }
  return problems;
}

function valueType(p: ParamSpec): ExcelValueType {
  // Dates come as serial numbers or typed text, and range-able ids as numbers or text: "any".
  if (p.range) return "any";
  if (p.type === "number" || p.type === "string" || p.type === "boolean") return p.type;
  return "any";
}

/** How Excel must shape a function's result: a spill whenever a table or a range of ids can come back. */
export function resultDimensionality(fn: SheetFunction): Dimensionality {
  return fn.result === "table" || fn.params.some((p) => p.range) ? "matrix" : "scalar";
}

/** One catalog entry as functions.json describes it. */
export function functionMetadata(fn: SheetFunction): ExcelFunctionMetadata {
  return {
    id: fn.name,
    name: fn.name,
    description: fn.help,
    result: { type: "any", dimensionality: resultDimensionality(fn) },
    parameters: fn.params.map((p) => ({
      name: p.name,
      description:
        p.allowed && p.allowed.length > 0 ? `${p.help} (${p.allowed.join(", ")})` : p.help,
      type: valueType(p),
      dimensionality: p.range ? "matrix" : "scalar",
      optional: p.optional,
    })),
    options: { cancelable: true, requiresAddress: true },
  };
}

/** functions.json for a catalog; throws listing every naming problem, so the build fails. */
export function functionsMetadata(catalog: readonly SheetFunction[]): ExcelFunctionsMetadata {
  const functions = catalog.map(functionMetadata);
  const problems = functions.flatMap(namingProblems);
  const ids = new Set<string>();
  for (const f of functions) {
    if (ids.has(f.id)) problems.push(`id "${f.id}" appears twice`);
    ids.add(f.id);
  }
  if (problems.length > 0)
    throw new Error(`functions.json is not valid for Excel:\n- ${problems.join("\n- ")}`);
  return { allowCustomDataForDataTypeAny: true, functions };
}
