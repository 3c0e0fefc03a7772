/**
 * The Sheets import stage: a hidden sheet per import, filled page by page across a job's steps
 * (one setValues per 500-row chunk, text cells Plain text first: sheetWrite.ts; a page staged
 * twice lands on the same rows), and copied into the target sheet only at commit. The job
 * deletes it once past the commit, or on failure or cancel, leaving the target as it was.
 */
import type { Cell } from "../../../functions/cells";
import { TEXT_FORMAT } from "../../../imports/cellText";
import { tableCellFormat, importNote, type TimeText } from "../../../imports/table";
import type { ImportStage } from "../../../sidebar/ports";
import type { SbSheet, SbSpreadsheet } from "./sheetTypes";
import { writeCells } from "./sheetWrite";

const STAGING_PREFIX = "~import ";

/** The stage in `book` (the open spreadsheet, or one the daily refresh opened). */
export function sheetStage(book: () => SbSpreadsheet, time: TimeText): ImportStage {
  const name = (token: string): string => `${STAGING_PREFIX}${token}`;
  const staged = (token: string): SbSheet => {
    const sheet = book().getSheetByName(name(token));
    if (!sheet) throw new Error("This import's staging sheet is gone: start the import again");
    return sheet;
  };
  return {
    open(token) {
      const old = book().getSheetByName(name(token));
      if (old) book().deleteSheet(old);
      book().insertSheet(name(token)).hideSheet();
    },
    append(token, page) {
      const sheet = staged(token);
      if (page.header) writeCells(sheet, 1, 1, page.width, [page.header]);
      writeCells(sheet, page.rowsBefore + 2, 1, page.width, page.rows); // row 1 is the header
    },
    commit(token, sheetName, table, show) {
      const source = staged(token);
      const width = Math.max(1, table.columns.length);
      // getValues gives the staged text back as text: it is written as text again.
      const [, ...rows] = source.getRange(1, 1, table.rowCount + 1, width).getValues() as Cell[][];
      // The header is the table's: columns added at commit (Status) were not staged.
      const header = table.columns.map((c) => c.header);
      const target = book().getSheetByName(sheetName) ?? book().insertSheet(sheetName);
      target.clearContents();
      target.clearNotes?.();
      writeCells(target, 1, 1, width, [header], () => TEXT_FORMAT);
      writeCells(target, 2, 1, width, rows, (column, row) =>
        tableCellFormat(table.columns, row, column),
      );
      target.getRange(1, 1, 1, width).setFontWeight("bold");
      target.setFrozenRows(1);
      target.getRange(1, 1, 1, 1).setNote(importNote(table, table.rowCount, time));
      // The staging stays until the job's checkpoint is past the commit (drop).
      if (show) book().setActiveSheet(target);
    },
    dataIn(sheetName) {
      const sheet = book().getSheetByName(sheetName);
      const [rows, cols] = sheet ? [sheet.getLastRow(), sheet.getLastColumn()] : [0, 0];
      if (!sheet || rows === 0 || cols === 0) return null;
      return {
        address: `${sheetName}!${sheet.getRange(1, 1, rows, cols).getA1Notation()}`,
        // An import leaves its note on A1 (importNote): "...\nRefreshed at: ..." (once "Imported at").
        imported: /\n(Imported|Refreshed) at: /.test(sheet.getRange(1, 1, 1, 1).getNote()),
      };
    },
    sheetNames: () =>
      book()
        .getSheets()
        .map((s) => s.getName()),
    rows(token, count, width) {
      if (count === 0) return [];
      return staged(token).getRange(2, 1, count, width).getValues() as Cell[][];
    },
    drop(token) {
      const sheet = book().getSheetByName(name(token));
      if (sheet) book().deleteSheet(sheet);
    },
  };
}
