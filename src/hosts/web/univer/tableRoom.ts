/**
 * Room for a table answer: a sheet has 1000 rows, and a table typed near its end (or a shop's
 * whole product list) reaches past the last row. The engine then showed #SPILL! with nothing
 * blocking it; a seller's sheet grows instead, as an import's does (UniverWorkbook.write).
 */
import type { FUniver } from "@univerjs/presets";
import type { CellPlace } from "../formulaCells";

/** Grow the formula's sheet so `rows` x `columns` fit from its cell (before the engine spills). */
export function tableRoom(api: FUniver): (place: CellPlace, rows: number, columns: number) => void {
  return (place, rows, columns) => {
    const sheet = api.getActiveWorkbook()?.getSheetBySheetId(place.sheetId);
    if (!sheet) return;
    if (sheet.getMaxRows() < place.row + rows) sheet.setRowCount(place.row + rows + 100);
    if (sheet.getMaxColumns() < place.column + columns)
      sheet.setColumnCount(place.column + columns + 5);
  };
}
