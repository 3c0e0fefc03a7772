/**
 * The spreadsheet as Convert formulas reads it (each sheet's formulas from A1 to its last row
 * and column, Plain text cells left out) and writes it (only the cells that change, one by one).
 */
import { formulaCells, type FormulaGrid } from "../../../sidebar/convertFormulas";
import type { SpreadsheetLike } from "../stores/gas";

export function sheetsFormulaGrid(book: SpreadsheetLike): FormulaGrid {
  return {
    sheets: () =>
      book.getSheets().flatMap((sheet) => {
        const rows = sheet.getLastRow();
        const columns = sheet.getLastColumn();
        if (rows === 0 || columns === 0) return [];
        const block = sheet.getRange(1, 1, rows, columns);
        const formulas = formulaCells(block.getFormulas(), block.getNumberFormats());
        return [{ name: sheet.getName(), top: 0, left: 0, formulas }];
      }),
    write: (changes) => {
      for (const c of changes) {
        const cell = book.getSheetByName(c.sheet)?.getRange(c.row + 1, c.column + 1, 1, 1);
        if (!cell) continue;
        if (c.formula === "") cell.clearContent();
        else cell.setFormulas([[c.formula]]);
      }
    },
  };
}
