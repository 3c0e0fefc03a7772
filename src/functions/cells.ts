/**
 * What a spreadsheet hands a function and what it may hand back. Both hosts agree on these:
 * Sheets passes Date objects, Excel passes date serials; both pass ranges as 2-D arrays.
 */
import type { Cell, ResultCell, ResultTable, Table } from "../core/shape";
import { CellError } from "../core/shape";
import { Figure } from "../core/figure";
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
