/**
 * What a spreadsheet hands a function and what it may hand back. Both hosts agree on these:
 * Sheets passes Date objects, Excel passes date serials; both pass ranges as 2-D arrays.
 */
import type { Cell, Table } from "../core/shape";

export type { Cell, Table };

/** What a function returns: one scalar (a `field` lookup) or a table. */
export type CellResult = Cell | Table;

/** One argument as a host passes it: a scalar, an empty cell, or a range. */
export type CellInput = string | number | boolean | Date | null | undefined | CellInput[][];
