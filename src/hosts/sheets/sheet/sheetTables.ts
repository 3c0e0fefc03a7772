/**
 * Managed tables in Google Sheets: cells are read and written with getValues/setValues per
 * block (500 rows a call), and each table's record lives in one row of a hidden sheet
 * ("~mkt tables": the sheet's id, its name for whoever reads the row, then the JSON in pieces
 * of MAX_CELL_TEXT, the most any cell the add-in writes keeps: writeCells cuts longer text,
 * which cut records past 32,767 characters). Keyed by the sheet's id (Sheet.getSheetId), the
 * record follows a renamed sheet (issue 33); a row made before, keyed by the sheet's name, is
 * still read and becomes a row by id at the next write. Document properties hold 9 KB a
 * value, too little for a table's ids.
 */
import { MAX_CELL_TEXT } from "../../../core/cellLimit";
import type { Cell } from "../../../functions/cells";
import { TEXT_FORMAT } from "../../../imports/cellText";
import { rowRunsBottomUp } from "../../../imports/goneRows";
import { stackBlocks } from "../../../imports/stackBlocks";
import { importNote, type TimeText } from "../../../imports/table";
import type { ManagedSheets } from "../../../sidebar/ports";
import type { SbSheet, SbSpreadsheet } from "./sheetTypes";
import { sheetPricing } from "./sheetPricing";
import { writeCells } from "./sheetWrite";

/** The hidden sheet that keeps every managed table's record. */
export const TABLE_RECORDS_SHEET = "~mkt tables";
const PIECE = MAX_CELL_TEXT;

/** The hidden records sheet (made, hidden, when `create` and missing). */
function recordsSheet(book: () => SbSpreadsheet, create: boolean): SbSheet | null {
  const found = book().getSheetByName(TABLE_RECORDS_SHEET);
  if (found || !create) return found;
  return book().insertSheet(TABLE_RECORDS_SHEET).hideSheet();
}

/** Text from column `from` on of a records row. */
function rowText(sheet: SbSheet, row: number, from: number): string {
  const cells = sheet.getRange(row, 1, 1, sheet.getLastColumn()).getValues()[0] ?? [];
  return cells
    .slice(from - 1)
    .map(String)
    .join("");
}

/** Write `line` then `text` in pieces at `row` (0: a new row), every cell text but an id. */
function writeRow(sheet: SbSheet, row: number, line: Cell[], text: string): void {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += PIECE) pieces.push(text.slice(i, i + PIECE));
  const cells = [...line, ...pieces];
  const width = Math.max(sheet.getLastColumn(), cells.length);
  while (cells.length < width) cells.push("");
  // The id a number, the rest text: a record never turns into a formula or a number.
  writeCells(sheet, row || sheet.getLastRow() + 1, 1, width, [cells]);
}

/**
 * Records kept under a text key in the records sheet (column A the key, the text from column
 * B on), for what belongs to no table: a sheet's frozen formulas (sheetFreeze.ts). A key is
 * never a number, so it never reads as a table's row by sheet id.
 */
export function keyedRecords(book: () => SbSpreadsheet): {
  read(key: string): string | null;
  write(key: string, text: string): void;
} {
  const rowOf = (sheet: SbSheet, key: string): number => {
    const last = sheet.getLastRow();
    if (last === 0) return 0;
    const keys = sheet.getRange(1, 1, last, 1).getValues();
    return keys.findIndex((r) => r[0] === key) + 1;
  };
  return {
    read(key) {
      const sheet = recordsSheet(book, false);
      const row = sheet ? rowOf(sheet, key) : 0;
      return sheet && row > 0 ? rowText(sheet, row, 2) : null;
    },
    write(key, text) {
      const sheet = recordsSheet(book, true) as SbSheet;
      writeRow(sheet, rowOf(sheet, key), [key], text);
    },
  };
}

/** Managed tables in `book`, notes timed as `time` says. */
export function sheetTables(book: () => SbSpreadsheet, time: TimeText): ManagedSheets {
  const records = (create: boolean): SbSheet | null => recordsSheet(book, create);
  /**
   * The record sheet's row (1-based) of a table and where its JSON starts: the row of the
   * sheet's id (a number: column C on), else an older row of its name (text: column B on).
   */
  const rowOf = (records: SbSheet, sheetName: string): { row: number; from: number } => {
    const last = records.getLastRow();
    const sheet = book().getSheetByName(sheetName);
    if (last === 0) return { row: 0, from: 3 };
    const keys = records
      .getRange(1, 1, last, 1)
      .getValues()
      .map((r) => r[0]);
    const byId = sheet ? keys.findIndex((k) => k === sheet.getSheetId()) : -1;
    if (byId >= 0) return { row: byId + 1, from: 3 };
    const byName = keys.findIndex((k) => typeof k === "string" && k === sheetName);
    return { row: byName + 1, from: 2 };
  };
  return {
    ...sheetPricing(book),
    read(sheetName) {
      const sheet = book().getSheetByName(sheetName);
      if (!sheet) return null;
      const [rows, cols] = [sheet.getLastRow(), sheet.getLastColumn()];
      if (rows === 0 || cols === 0) return [];
      return sheet.getRange(1, 1, rows, cols).getValues() as Cell[][];
    },
    write(sheetName, blocks, create) {
      const found = book().getSheetByName(sheetName);
      const sheet = found ?? (create ? book().insertSheet(sheetName) : null);
      if (!sheet) throw new Error(`The sheet ${sheetName} is gone: import it again`);
      // Rows stacked: a pricing sheet's answers come one block a row, each a setValues call.
      for (const block of stackBlocks(blocks)) {
        const width = block.formats.length;
        // Text cells Plain text, numbers in their column's format (sheetWrite.ts).
        writeCells(sheet, block.row + 1, block.col + 1, width, block.values, (column) =>
          String(block.formats[column] ?? TEXT_FORMAT),
        );
      }
    },
    note(sheetName, table) {
      book()
        .getSheetByName(sheetName)
        ?.getRange(1, 1, 1, 1)
        .setNote(importNote(table, table.rowCount, time));
    },
    boldHeader(sheetName, width) {
      const sheet = book().getSheetByName(sheetName);
      sheet?.getRange(1, 1, 1, width).setFontWeight("bold");
      sheet?.setFrozenRows(1);
    },
    // A gone row's shade and a kept cell's mark (managedTable.ts); null takes the fill away.
    fill(sheetName, fills) {
      const sheet = book().getSheetByName(sheetName);
      for (const f of sheet ? fills : [])
        sheet?.getRange(f.row + 1, f.col + 1, f.rows, f.cols).setBackground(f.color);
    },
    moveRows(sheetName, top, order, width) {
      const sheet = book().getSheetByName(sheetName);
      if (!sheet) throw new Error(`The sheet ${sheetName} is gone: import it again`);
      if (order.length === 0 || width === 0) return;
      // Each row is copied (as Paste does: formulas, formats, notes) to empty rows under the
      // sheet in its new order, then the block back in one copy, then the scratch is cleared.
      const scratch = sheet.getLastRow() + 2;
      order.forEach((from, i) =>
        sheet
          .getRange(top + from + 1, 1, 1, width)
          .copyTo(sheet.getRange(scratch + i, 1, 1, width)),
      );
      const moved = sheet.getRange(scratch, 1, order.length, width);
      moved.copyTo(sheet.getRange(top + 1, 1, order.length, width));
      moved.clear();
    },
    // Sheets' own Delete row: cells below move up with formats, notes and references to them.
    deleteRows(sheetName, rows) {
      const sheet = book().getSheetByName(sheetName);
      if (!sheet) throw new Error(`The sheet ${sheetName} is gone: import it again`);
      for (const [from, count] of rowRunsBottomUp(rows)) sheet.deleteRows(from + 1, count);
    },
    readRecord(sheetName) {
      const sheet = records(false);
      const at = sheet ? rowOf(sheet, sheetName) : { row: 0, from: 3 };
      if (!sheet || at.row === 0) return null;
      return rowText(sheet, at.row, at.from);
    },
    writeRecord(sheetName, text) {
      const table = book().getSheetByName(sheetName);
      if (!table) throw new Error(`The sheet ${sheetName} is gone: import it again`);
      const sheet = records(true) as SbSheet;
      writeRow(sheet, rowOf(sheet, sheetName).row, [table.getSheetId(), sheetName], text);
    },
  };
}
