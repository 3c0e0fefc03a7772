/**
 * What a spreadsheet hands a function and what it may hand back. Both hosts agree on these:
 * Sheets passes Date objects, Excel passes date serials; both pass ranges as 2-D arrays.
 */
import type { Cell, ResultCell, ResultTable, Table } from "../core/shape";
import { CellError } from "../core/shape";
import { Figure, figureText } from "../core/figure";
import { fitCellText } from "../core/cellLimit";
import { inPlaces, type HostPlaces } from "../core/places";

export type { Cell, ResultCell, ResultTable, Table };
export { CellError };

/**
 * What a function returns: one scalar (a `field` lookup) or a table. A table's failed rows
 * hold a CellError, which each host renders (see `errorsAsText`).
 */
export type CellResult = ResultCell | ResultTable;

/**
 * A result with every CellError as its text, for hosts that cannot show error values in an
 * array (Sheets), every figure as its plain number, and every text cut to fit a cell.
 */
export function errorsAsText(result: CellResult, places?: HostPlaces): Cell | Table {
  const text = (c: ResultCell): Cell =>
    c instanceof CellError
      ? places
        ? new CellError(c.code, inPlaces(c.message, places)).toText()
        : c.toText()
      : c instanceof Figure
        ? c.value
        : typeof c === "string"
          ? fitCellText(c)
          : c;
  return Array.isArray(result) ? result.map((row) => row.map(text)) : text(result);
}

/** One argument as a host passes it: a scalar, an empty cell, or a range. */
export type CellInput = string | number | boolean | Date | null | undefined | CellInput[][];

/** Each cell's number format: a figure's own, "" for any other cell (its host decides). */
export function resultFormats(result: CellResult): string | string[][] {
  const format = (c: ResultCell): string => (c instanceof Figure ? c.numberFormat : "");
  return Array.isArray(result) ? result.map((row) => row.map(format)) : format(result);
}

/** Each cell as a seller reads it where no number format applies (a preview's HTML text). */
export function resultText(result: CellResult, places?: HostPlaces): string | string[][] {
  const text = (c: ResultCell): string =>
    c instanceof CellError
      ? places
        ? new CellError(c.code, inPlaces(c.message, places)).toText()
        : c.toText()
      : c instanceof Figure
        ? figureText(c)
        : c instanceof Date
          ? c.toISOString().slice(0, 16).replace("T", " ")
          : String(c);
  return Array.isArray(result) ? result.map((row) => row.map(text)) : text(result);
}
