/**
 * The team's cost book as the sidebar reads it (issue 34 item 5): the sheet "Cost book", which
 * the team types and the add-in never writes but to make it (headers and one example row) when
 * the seller asks for a new one.
 */
import type { GridBlock } from "../imports/managedTable";
import { COST_BOOK_HEADERS, readCostBook, type CostBook } from "../core/costBook";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

/** The sheet every table takes costs from. */
export const COST_BOOK_SHEET = "Cost book";

/** The cost book, or null when the document has none (tables then use the API's costs). */
export function* teamCostBook(p: SidebarPorts): Op<CostBook | null> {
  const grid = yield* io(() => p.tables.read(COST_BOOK_SHEET));
  return grid && grid.length > 0 ? readCostBook(grid) : null;
}

/** Make an empty cost book (headers only) where none is; an existing one is never touched. */
export function* newCostBook(p: SidebarPorts): Op<{ readonly made: boolean }> {
  const grid = yield* io(() => p.tables.read(COST_BOOK_SHEET));
  if (grid && grid.some((row) => row.some((c) => c !== "" && c !== null))) return { made: false };
  const header: GridBlock = {
    row: 0,
    col: 0,
    values: [[...COST_BOOK_HEADERS]],
    formats: COST_BOOK_HEADERS.map(() => "@"),
  };
  yield* io(() => p.tables.write(COST_BOOK_SHEET, [header], true));
  yield* io(() => p.tables.boldHeader(COST_BOOK_SHEET, COST_BOOK_HEADERS.length));
  return { made: true };
}
