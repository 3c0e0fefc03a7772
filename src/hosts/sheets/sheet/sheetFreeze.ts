/**
 * Freeze values in Google Sheets: formulas and values read with getFormulas/getValues, cells
 * written one by one (a value as it was: text behind an apostrophe stays text), the kept
 * formulas in the table-records sheet under "[frozen] #<sheet id>" (sheetTables.ts), so they
 * follow a renamed sheet like its table's record; those kept before under "[frozen] <sheet
 * name>" are still read (they are a row keyed by that name: tables.readRecord).
 */
import type { FormulaCells, ManagedSheets } from "../../../sidebar/ports";
import { keyedRecords } from "./sheetTables";
import type { SbSpreadsheet } from "./sheetTypes";

export function sheetFormulaCells(book: () => SbSpreadsheet, tables: ManagedSheets): FormulaCells {
  const records = keyedRecords(book);
  const kept = (sheetName: string): string => `[frozen] ${sheetName}`;
  const keyOf = (sheetName: string): string => {
    const sheet = book().getSheetByName(sheetName);
    if (!sheet) throw new Error(`The sheet ${sheetName} is gone`);
    return `[frozen] #${sheet.getSheetId()}`;
  };
  return {
    read(scope) {
      const sheet = book().getActiveSheet();
      const rows = Math.max(1, sheet.getLastRow());
      const cols = Math.max(1, sheet.getLastColumn());
      const range =
        scope === "selection" ? book().getActiveRange() : sheet.getRange(1, 1, rows, cols);
      if (!range) throw new Error("Select the cells to freeze or unfreeze first");
      return {
        sheetName: sheet.getName(),
        row: range.getRow() - 1,
        col: range.getColumn() - 1,
        formulas: range.getFormulas(),
        values: range.getValues() as (string | number | boolean)[][],
      };
    },
    write(sheetName, cells) {
      const sheet = book().getSheetByName(sheetName);
      if (!sheet) throw new Error(`The sheet ${sheetName} is gone`);
      for (const c of cells) {
        const cell = sheet.getRange(c.row + 1, c.col + 1, 1, 1);
        if (c.formula !== null) cell.setFormula(c.formula);
        else
          cell.setValues([
            [typeof c.value === "string" && c.value !== "" ? `'${c.value}` : c.value],
          ]);
      }
    },
    readKept: (sheetName) => records.read(keyOf(sheetName)) ?? tables.readRecord(kept(sheetName)),
    writeKept: (sheetName, text) => records.write(keyOf(sheetName), text),
  };
}
