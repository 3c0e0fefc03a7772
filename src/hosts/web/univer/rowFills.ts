/**
 * A managed table's row operations in the web demo's engine: a gone row's shade and a kept
 * cell's mark (managedTable.ts fills), and "Remove gone rows" deleting whole rows.
 */
import type { FWorksheet } from "@univerjs/preset-sheets-core";
import type { FUniver } from "@univerjs/presets";
import { rowRunsBottomUp } from "../../../imports/goneRows";
import type { GridFill } from "../../../imports/managedTable";

/**
 * Each fill's background colour; null takes it away: Univer's set-style command reads a null
 * "bg" as no fill (FRange.setBackgroundColor takes a colour only).
 */
export function fillCells(api: FUniver, sheet: FWorksheet, fills: readonly GridFill[]): void {
  for (const f of fills) {
    if (f.rows < 1 || f.cols < 1) continue;
    const range = sheet.getRange(f.row, f.col, f.rows, f.cols);
    if (f.color !== null) range.setBackgroundColor(f.color);
    else
      api.syncExecuteCommand("sheet.command.set-style", {
        unitId: range.getUnitId(),
        subUnitId: range.getSheetId(),
        range: range.getRange(),
        style: { type: "bg", value: null },
      });
  }
}

/** Whole rows deleted as the engine's Delete row does (cells, styles, formulas' references). */
export function deleteSheetRows(sheet: FWorksheet, rows: readonly number[]): void {
  for (const [from, count] of rowRunsBottomUp(rows)) sheet.deleteRows(from, count);
}
