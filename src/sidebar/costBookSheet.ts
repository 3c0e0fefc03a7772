/**
 * The team's cost book as the sidebar reads it (issue 34 item 5): the sheet "Cost book", which
 * the team types and the add-in never writes but to make it (headers and one example row) when
 * the seller asks for a new one.
 */
import type { GridBlock } from "../imports/managedTable";
import { COST_BOOK_HEADERS, readCostBook, type CostBook } from "../core/costBook";
import type { Cell } from "../functions/cells";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

/** The sheet every table takes costs from. */
export const COST_BOOK_SHEET = "Cost book";

/** The cost book, or null when the document has none (tables then use the API's costs). */
export function* teamCostBook(p: SidebarPorts): Op<CostBook | null> {
  const grid = yield* io(() => p.tables.read(COST_BOOK_SHEET));
  return grid && grid.length > 0 ? readCostBook(grid) : null;
}

/** "New cost book": made, or the one there with what it holds and the rows it cannot read. */
export interface CostBookCheck {
  readonly made: boolean;
  readonly costs?: number;
  readonly problems?: readonly string[];
}

/** Make an empty cost book (headers only) where none is; an existing one is never touched. */
export function* newCostBook(p: SidebarPorts): Op<CostBookCheck> {
  const grid = yield* io(() => p.tables.read(COST_BOOK_SHEET));
  if (grid && grid.some((row) => row.some((c) => c !== "" && c !== null))) {
    // There already: say what is read from it and which rows are not (a typo drops a row).
    const book = readCostBook(grid);
    return { made: false, costs: book.entries.length, problems: book.problems };
  }
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

/**
 * Whether formula cells take COGS from the cost book: a setting of the document, off by default,
 * kept as the "Cost book" sheet's record (Sheets: the hidden records sheet, which a custom
 * function may read with the read-only Spreadsheet service; Excel: a document setting; the web
 * demo: the sheet's metadata), so it travels with the workbook and every teammate's cells agree.
 */
export function cellsUseBook(record: string | null): boolean {
  try {
    const r: unknown = record ? JSON.parse(record) : null;
    return typeof r === "object" && r !== null && (r as { cells?: unknown }).cells === true;
  } catch {
    return false;
  }
}

/** The book formula cells take their costs from: null when the setting is off or no book. */
export function cellsCostBook(
  record: string | null,
  grid: readonly (readonly Cell[])[] | null,
): CostBook | null {
  return cellsUseBook(record) && grid && grid.length > 0 ? readCostBook(grid) : null;
}

/** The setting as the sidebar shows it. */
export function* costBookForCells(p: SidebarPorts): Op<{ readonly on: boolean }> {
  const grid = yield* io(() => p.tables.read(COST_BOOK_SHEET));
  if (!grid) return { on: false };
  return { on: cellsUseBook(yield* io(() => p.tables.readRecord(COST_BOOK_SHEET))) };
}

/** Turn the setting on or off; on needs a cost book (made with "New cost book"). */
export function* setCostBookForCells(p: SidebarPorts, on: boolean): Op<{ readonly on: boolean }> {
  const grid = yield* io(() => p.tables.read(COST_BOOK_SHEET));
  if (!grid) {
    if (!on) return { on: false };
    throw new Error(
      `There is no sheet "${COST_BOOK_SHEET}": make it with "New cost book", type your costs, then turn this on`,
    );
  }
  yield* io(() => p.tables.writeRecord(COST_BOOK_SHEET, JSON.stringify({ cells: on })));
  return { on };
}
