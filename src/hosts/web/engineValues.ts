/**
 * Between the spreadsheet engine's values and the catalog's: a catalog result as the engine
 * shows it (dates as serial numbers, rectangular spills, a CellError as the engine's error
 * value), and the message each error carries, for the message bar.
 */
import { fitCellText } from "../../core/cellLimit";
import { isApiError } from "../../core/errors";
import type { CellResult, ResultCell } from "../../functions/cells";
import { CellError } from "../../functions/cells";
import { dateToSerial } from "../excel/excelValues";
import type { Dimensionality } from "../excel/metadata";

/** What a formula returns to the engine: one value or a table that spills. */
export type EngineValue = string | number | boolean | null;
export type EngineResult = EngineValue | EngineValue[][];

/** The engine's "still loading" error value (Excel's #GETTING_DATA). */
export const GETTING_DATA = "#GETTING_DATA";

/** An engine result and, when it shows an error, what the seller reads about it. */
export interface ShownResult {
  readonly value: EngineResult;
  readonly message: string | null;
}

function errorCode(cell: CellError): string {
  return cell.code === "#N/A" ? "#N/A" : "#VALUE!";
}

function engineCell(cell: ResultCell): { value: EngineValue; message: string | null } {
  if (cell instanceof CellError) return { value: errorCode(cell), message: cell.message };
  if (cell instanceof Date)
    return { value: Number.isNaN(cell.getTime()) ? "" : dateToSerial(cell), message: null };
  if (typeof cell === "number")
    return Number.isFinite(cell)
      ? { value: cell, message: null }
      : { value: "#VALUE!", message: "Not a finite number" };
  return { value: typeof cell === "string" ? fitCellText(cell) : cell, message: null };
}

/** A catalog result as the engine shows it; a table spills, padded to a rectangle. */
export function shownResult(result: CellResult, dimensionality: Dimensionality): ShownResult {
  if (!Array.isArray(result)) {
    const one = engineCell(result);
    return { value: dimensionality === "matrix" ? [[one.value]] : one.value, message: one.message };
  }
  const width = Math.max(1, ...result.map((row) => row.length));
  let message: string | null = null;
  const rows = result.map((row, r) => {
    const cells = row.map((c) => {
      const shown = engineCell(c);
      if (shown.message !== null && message === null) message = `Row ${r + 1}: ${shown.message}`;
      return shown.value;
    });
    while (cells.length < width) cells.push("");
    return cells;
  });
  if (rows.length === 0) return { value: [[""]], message: null };
  const first = rows[0]?.[0];
  if (dimensionality === "scalar" && rows.length === 1 && width === 1 && first !== undefined)
    return { value: first, message };
  return { value: rows, message };
}

/** A failed run (bad argument, API error) as the engine's error value with its message. */
export function shownError(error: unknown): ShownResult {
  const message = error instanceof Error ? error.message : String(error);
  const missing =
    isApiError(error) && (error.code === "NOT_FOUND" || error.code === "NOT_YET_ACTIVE");
  return { value: missing ? "#N/A" : "#VALUE!", message };
}
