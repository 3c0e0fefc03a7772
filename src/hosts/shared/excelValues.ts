/**
 * Between Excel's values and the catalog's: arguments in (ranges, empty cells, the extra
 * invocation argument), results out (dates as serials, rectangular spills, a failed row's
 * CellError as an error value inside the spill).
 */
import { fitCellText } from "../../core/cellLimit";
import { isApiError, messageOf, shorten } from "../../core/errors";
import { inPlaces, type HostPlaces } from "../../core/places";
import type { CellInput, CellResult, ResultCell } from "../../functions/cells";
import { CellError } from "../../functions/cells";
import { Figure } from "../../core/figure";
import { Card } from "../../core/card";
import { cardMethodReferences, excelEntity } from "./excelCard";
import type { SheetFunction } from "../../functions/define";
import type { Dimensionality } from "./metadata";
import { requirementSupported, type CustomFunctionsGlobal, type ExcelCell } from "./officeGlobals";

const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Excel shows at most this much hover text; longer messages are cut. */
const MAX_MESSAGE = 250;

/**
 * A message cut to fit the hover text, its last clause (after the last "; ": what the seller
 * can do) kept whole: a plain cut would drop exactly that part of a long message.
 */
export function fitHover(text: string, max = MAX_MESSAGE): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.lastIndexOf("; ");
  const action = cut > 0 ? line.slice(cut + 2) : "";
  const room = max - action.length - 3;
  if (!action || room < 40) return shorten(line, max);
  return `${line.slice(0, room).trimEnd()}…; ${action}`;
}

/** A Date (UTC wall clock, as the catalog makes them) as an Excel serial number. */
export function dateToSerial(date: Date): number {
  return (date.getTime() - EXCEL_EPOCH_UTC) / DAY_MS;
}

function readCell(value: unknown): CellInput {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (value instanceof Date) return value;
  return ""; // entities, errors passed in: treat as an empty cell
}

/**
 * Excel's raw arguments as the catalog reads them. Excel appends an invocation object (dropped
 * here), passes null for omitted optional arguments, and wraps a single cell given to a
 * range parameter as [[x]]: that is unwrapped so one id behaves as in Sheets.
 */
export function excelArguments(fn: SheetFunction, raw: readonly unknown[]): CellInput[] {
  return fn.params.map((_param, i) => {
    const value = raw[i];
    if (!Array.isArray(value)) return readCell(value);
    const rows = value.map((row) => (Array.isArray(row) ? row.map(readCell) : [readCell(row)]));
    if (rows.length === 1 && rows[0]?.length === 1) return rows[0][0];
    return rows;
  });
}

/** An ApiError/ArgumentError/anything as the cell error Excel shows, with its hover message. */
export function toExcelError(error: unknown, cf: CustomFunctionsGlobal, places: HostPlaces): Error {
  const message = fitHover(inPlaces(messageOf(error), places));
  const missing =
    isApiError(error) && (error.code === "NOT_FOUND" || error.code === "NOT_YET_ACTIVE");
  return new cf.Error(missing ? cf.ErrorCode.notAvailable : cf.ErrorCode.invalidValue, message);
}

/** A catalog CellError as Excel's error value of the same kind, message on hover. */
function toExcelErrorCell(cell: CellError, cf: CustomFunctionsGlobal, places: HostPlaces): Error {
  const code = cell.code === "#N/A" ? cf.ErrorCode.notAvailable : cf.ErrorCode.invalidValue;
  return new cf.Error(code, fitHover(inPlaces(cell.message, places)));
}

/**
 * How a figure leaves for Excel: a formatted number where the runtime takes one
 * (CustomFunctionsRuntime 1.4 with allowCustomDataForDataTypeAny), else the plain number;
 * "methods": formatted, and product cards carry reference methods (ExcelApi 1.19 as well).
 */
export type FigureOut = "formatted" | "plain" | "methods";

/**
 * What this Excel takes, asked at run time: formatted numbers and cards need
 * CustomFunctionsRuntime 1.4 (Excel on the web, Microsoft 365), reference methods on a card
 * ExcelApi 1.19 too; older Excel gets the plain number (a card: its net profit).
 */
export function figureOutput(): FigureOut {
  if (!requirementSupported("CustomFunctionsRuntime", "1.4")) return "plain";
  return requirementSupported("ExcelApi", "1.19") ? "methods" : "formatted";
}

function toExcelCell(
  cell: ResultCell,
  cf: CustomFunctionsGlobal,
  places: HostPlaces,
  figures: FigureOut,
): ExcelCell {
  if (cell instanceof CellError) return toExcelErrorCell(cell, cf, places);
  // A product card where Excel takes data types; else (older Excel) its net profit below.
  if (cell instanceof Card && figures !== "plain")
    return excelEntity(cell, figures === "methods" ? cardMethodReferences() : {});
  if (cell instanceof Figure) {
    if (!Number.isFinite(cell.value))
      return new cf.Error(cf.ErrorCode.invalidValue, "Not a finite number");
    return figures !== "plain"
      ? { type: "Double", basicValue: cell.value, numberFormat: cell.numberFormat }
      : cell.value;
  }
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : dateToSerial(cell);
  if (typeof cell === "number")
    return Number.isFinite(cell)
      ? cell
      : new cf.Error(cf.ErrorCode.invalidValue, "Not a finite number");
  return typeof cell === "string" ? fitCellText(cell) : cell;
}

/** A catalog result in the shape functions.json promised: a rectangular matrix or one value. */
export function excelResult(
  result: CellResult,
  dimensionality: Dimensionality,
  cf: CustomFunctionsGlobal,
  places: HostPlaces,
  figures: FigureOut = "plain",
): ExcelCell | ExcelCell[][] {
  if (!Array.isArray(result)) {
    const cell = toExcelCell(result, cf, places, figures);
    return dimensionality === "matrix" ? [[cell]] : cell;
  }
  const width = Math.max(1, ...result.map((row) => row.length));
  // Excel rejects ragged or empty spills with #VALUE!: pad every row, never return [].
  const rows: ExcelCell[][] =
    result.length === 0
      ? [[""]]
      : result.map((row) => {
          const cells = row.map((c) => toExcelCell(c, cf, places, figures));
          while (cells.length < width) cells.push("");
          return cells;
        });
  if (dimensionality === "matrix") return rows;
  const first = rows[0]?.[0];
  if (rows.length === 1 && rows[0]?.length === 1 && first !== undefined) return first;
  return new cf.Error(cf.ErrorCode.invalidValue, "This function returns one value but got a table");
}
