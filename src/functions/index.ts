/**
 * The formula catalog: every spreadsheet function of the add-in, once. Hosts generate their
 * stubs, metadata and docs from `CATALOG`; `functionByName` finds one at call time.
 */
import { MKTA_CATEGORIES } from "./categories";
import { CROSS_FUNCTIONS } from "./cross";
import type { SheetFunction } from "./define";
import { MKTA_FUNCTIONS } from "./mkta";
import { MKTB_FUNCTIONS } from "./mktb";
import { MKTC_FUNCTIONS } from "./mktc";
import { PREVIEW_FUNCTIONS } from "./previews";
import { SHOP_FUNCTIONS } from "./shops";

/** Every function, in the order docs list them. */
export const CATALOG: readonly SheetFunction[] = [
  ...MKTA_FUNCTIONS,
  MKTA_CATEGORIES,
  ...MKTB_FUNCTIONS,
  ...MKTC_FUNCTIONS,
  ...CROSS_FUNCTIONS,
  ...PREVIEW_FUNCTIONS,
  ...SHOP_FUNCTIONS,
];

const BY_NAME: ReadonlyMap<string, SheetFunction> = new Map(CATALOG.map((f) => [f.name, f]));

/** The function with this name (case-insensitive), or undefined. */
export function functionByName(name: string): SheetFunction | undefined {
  return BY_NAME.get(name.toUpperCase());
}

/**
 * Endpoints no cell formula reaches, with the reason (the sidebar covers them). Empty today:
 * every endpoint of the spec has a function; kept so a new endpoint must be placed somewhere.
 */
export const SIDEBAR_ONLY: Readonly<Record<string, string>> = {};

export type { SheetFunction, ParamSpec, ParamType, ResultShape } from "./define";
export type { Cell, CellInput, CellResult, ResultCell, ResultTable, Table } from "./cells";
export { CellError, errorsAsText } from "./cells";
export { ArgumentError } from "./argumentError";
export { MAX_REQUESTS_PER_CELL, tooManyRequestsError } from "./requests";
