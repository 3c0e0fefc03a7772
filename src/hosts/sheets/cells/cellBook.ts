/**
 * The cost book a Sheets formula cell reads where the seller turned it on (issue 34 item 5): a
 * custom function may use the read-only Spreadsheet service (Google's custom-function guide), so
 * the setting (the "Cost book" record in the hidden records sheet) and then the book are read
 * with getValues, once per execution (one cell, or one range formula's rows). Anything that
 * fails counts as off: the cell shows the API's cost, as before.
 */
import type { CostBook } from "../../../core/costBook";
import type { Cell } from "../../../functions/cells";
import { cellsCostBook, COST_BOOK_SHEET } from "../../../sidebar/costBookSheet";
import { sheetTables } from "../sheet/sheetTables";
import type { SbSpreadsheet } from "../sheet/sheetTypes";
import { gas } from "../stores/gas";

export function sheetsCellBook(): CostBook | null {
  try {
    const book = gas().SpreadsheetApp.getActiveSpreadsheet() as unknown as SbSpreadsheet | null;
    if (!book) return null;
    const tables = sheetTables(
      () => book,
      (iso) => iso,
    );
    const record = tables.readRecord(COST_BOOK_SHEET) as string | null;
    if (!record) return null;
    return cellsCostBook(record, tables.read(COST_BOOK_SHEET) as Cell[][] | null);
  } catch {
    return null;
  }
}
