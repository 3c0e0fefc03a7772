/**
 * The line above the grid that says what the active cell's error means (the engine shows only
 * #VALUE! or #N/A), that a cell is still asking the API, or what an import sheet holds.
 */
import type { FUniver } from "@univerjs/presets";
import { sheetAddress } from "../a1";
import type { FormulaCells } from "../formulaCells";
import type { UniverWorkbook } from "./univerWorkbook";

/** The bar's control: tell it again now. */
export interface MessageBar {
  update(): void;
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
      : note
        ? note.split("\n").join(" · ")
        : "";
    bar.textContent = text;
    bar.dataset.kind = message ? "cell" : "note";
  };
  // SelectionChanged, not the workbook's onSelectionChange: that one hears only a mouse or
  // keyboard move's end, while Univer's own commands (undo, inserted rows, a script's
  // setActiveRange) set the selection without one and the line kept the old cell's message.
  api.addEvent(api.Event.SelectionChanged, update);
  api.addEvent(api.Event.ActiveSheetChanged, update);
  api.getFormula().calculationEnd(update);
  return { update };
}
