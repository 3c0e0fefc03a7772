/**
 * What a spreadsheet hands a function and what it may hand back. Both hosts agree on these:
 * Sheets passes Date objects, Excel passes date serials; both pass ranges as 2-D arrays.
 */

/** One value a cell can show. */
export type Cell = string | number | boolean | Date;

/** A spilled table: rows of cells, every row the same width. */
export type Table = Cell[][];

/** What a function returns: one scalar (a `field` lookup) or a table. */
export type CellResult = Cell | Table;

/** One argument as a host passes it: a scalar, an empty cell, or a range. */
export type CellInput = string | number | boolean | Date | null | undefined | CellInput[][];

/** True for an argument the user left empty (missing, null, or an empty cell). */
export function isEmptyInput(value: CellInput): value is "" | null | undefined {
  return value === undefined || value === null || value === "";
}

/** True when a host passed a range (a 2-D array) rather than one value. */
export function isRangeInput(value: CellInput): value is CellInput[][] {
  return Array.isArray(value);
}

/** Flatten a range row by row (the order the seller reads it), one entry per cell. */
export function flattenRange(range: CellInput[][]): CellInput[] {
  const out: CellInput[] = [];
  for (const row of range) for (const value of row) out.push(value);
  return out;
}
