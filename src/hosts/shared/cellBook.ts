/**
 * The cost book formula cells read where the seller turned it on (issue 34 item 5), through the
 * host's own sheet port (Excel: Excel.run in the shared runtime; the web demo: the Univer
 * workbook): the setting first (the "Cost book" sheet's record), the sheet only when it is on.
 * A failed read counts as off: a cell then shows the API's cost, as it did before.
 */
import type { CostBook } from "../../core/costBook";
import { cellsCostBook, COST_BOOK_SHEET } from "../../sidebar/costBookSheet";
import type { ManagedSheets } from "../../sidebar/ports";

export function cellBookReader(
  tables: () => Pick<ManagedSheets, "read" | "readRecord">,
): () => Promise<CostBook | null> {
  return async () => {
    try {
      const t = tables();
      const record = await t.readRecord(COST_BOOK_SHEET);
      if (!record) return null;
      return cellsCostBook(record, await t.read(COST_BOOK_SHEET));
    } catch {
      return null;
    }
  };
}
