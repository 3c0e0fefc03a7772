/**
 * The line above the grid that says what the active cell's error means (the engine shows only
 * #VALUE! or #N/A), that a cell is still asking the API, or what an import sheet holds.
 */
import type { FUniver } from "@univerjs/presets";
import { sheetAddress } from "../a1";
import type { FormulaCells } from "../formulaCells";
import type { UniverWorkbook } from "./univerWorkbook";

/** The bar's controls: tell it again now; show (or clear) a storage problem. */
export interface MessageBar {
  update(): void;
  storageProblem(message: string | null): void;
}

/** The engine's #SPILL! says nothing more: what blocks a table, and what the seller can do. */
const SPILL_REASON =
  "this answer is a table, and it has no room to spill: cells below or to the right are not " +
  "empty (the sheet itself grows to fit a table). Clear those cells or move the formula.";

/** Keep `bar` telling about the active cell. */
export function mountMessageBar(
  bar: HTMLElement,
  api: FUniver,
  book: UniverWorkbook,
  cells: FormulaCells,
): MessageBar {
  let storageProblem: string | null = null;
  const update = (): void => {
    const sheet = api.getActiveWorkbook()?.getActiveSheet();
    if (!sheet) return;
    const cell = sheet.getActiveRange();
    const address = sheetAddress(sheet.getSheetName(), cell?.getRow() ?? 0, cell?.getColumn() ?? 0);
    const message =
      cells.messageAt(address) ?? (cell?.getValue() === "#SPILL!" ? SPILL_REASON : null);
    const note = book.importNote(sheet.getSheetName());
    const text = message
      ? `${address.split("!")[1] ?? address}: ${message}`
      : (storageProblem ?? (note ? note.split("\n").join(" · ") : ""));
    bar.textContent = text;
    bar.dataset.kind = message ? "cell" : storageProblem ? "problem" : "note";
  };
  api.getActiveWorkbook()?.onSelectionChange(update);
  api.addEvent(api.Event.ActiveSheetChanged, update);
  api.getFormula().calculationEnd(update);
  return {
    update,
    storageProblem(message) {
      storageProblem = message;
      update();
    },
  };
}
