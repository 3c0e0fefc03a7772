/**
 * Managed tables in Excel: cells read from A1 to the used range and written per block (500
 * rows a sync, text as text), and each table's record kept as a document setting
 * ("mkt.tableId.<worksheet id>"), which travels with the workbook and holds no secret. Keyed
 * by the worksheet's id, the record follows a renamed sheet (issue 33); one made before,
 * "mkt.table.<sheet name>", is still read and is moved to the id at the next write. Not a
 * note: notes are visible to everyone and the Notes API is missing from older Excel.
 */
import type { Cell } from "../../functions/cells";
import { WRITE_CHUNK_ROWS, cellFormat, chunkRows } from "../../imports/cellText";
import { BELOW_TARGET_FILL } from "../../imports/pricingSheet";
import { importNote, zonedTime } from "../../imports/table";
import type { ManagedSheets } from "../../sidebar/ports";
import { excelValue } from "./answerCells";
import type { ExcelRun, XlContext, XlWorksheet } from "./xlTypes";
import { type ExcelApiCheck, officeExcelApi } from "./excelApi";
import { settleText, writeKeepingText } from "./keepText";
import { moveRowsByValue } from "./moveRows";
import { SENTENCE_WIDTH_PT } from "../shared/sentenceColumn";
import { rowRunsBottomUp } from "../../imports/goneRows";
import { stackBlocks } from "../../imports/stackBlocks";

/** The setting of a table's record: by the worksheet's id, or (made before) by its name. */
const recordById = (id: string): string => `mkt.tableId.${id}`;
const recordByName = (sheetName: string): string => `mkt.table.${sheetName}`;

/** The worksheet's id, or null when the sheet is missing (or this Excel gives none). */
async function sheetId(context: XlContext, name: string): Promise<string | null> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(name);
  sheet.load("isNullObject,id");
  await context.sync();
  return sheet.isNullObject || !sheet.id ? null : sheet.id;
}

/** A setting's text, or null. */
async function settingText(context: XlContext, name: string): Promise<string | null> {
  const item = context.workbook.settings.getItemOrNullObject(name);
  item.load("value");
  await context.sync();
  return item.isNullObject || typeof item.value !== "string" ? null : item.value;
}

async function sheetNamed(context: XlContext, name: string): Promise<XlWorksheet | null> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(name);
  sheet.load("isNullObject");
  await context.sync();
  return sheet.isNullObject ? null : sheet;
}

/** Managed tables in the workbook `run` reaches. */
export function excelTables(
  run: ExcelRun,
  hasExcelApi: ExcelApiCheck = officeExcelApi,
): ManagedSheets {
  return {
    read: (sheetName) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) return null;
        const used = sheet.getUsedRangeOrNullObject(true);
        used.load("isNullObject,rowIndex,columnIndex,rowCount,columnCount");
        await context.sync();
        if (used.isNullObject) return [];
        const all = sheet.getRangeByIndexes(
          0,
          0,
          used.rowIndex + used.rowCount,
          used.columnIndex + used.columnCount,
        );
        all.load("values");
        await context.sync();
        return all.values as Cell[][];
      }),
    write: (sheetName, blocks, create) =>
      run(async (context) => {
        const found = await sheetNamed(context, sheetName);
        const sheet = found ?? (create ? context.workbook.worksheets.add(sheetName) : null);
        if (!sheet) throw new Error(`The sheet ${sheetName} is gone: import it again`);
        const checks: Array<() => number> = [];
        let unsynced = 0;
        // Rows stacked: a pricing sheet's answers come one block a row, and each is a sync.
        for (const block of stackBlocks(blocks)) {
          let row = block.row;
          for (const chunk of chunkRows(block.values, WRITE_CHUNK_ROWS)) {
            checks.push(
              writeKeepingText(
                sheet,
                row,
                block.col,
                block.formats.length,
                chunk.map((r) => r.map(excelValue)),
                chunk.map((r) => r.map((c, i) => cellFormat(c, block.formats[i] ?? "General"))),
              ),
            );
            row += chunk.length;
          }
          await context.sync();
          unsynced = settleText(checks);
        }
        if (unsynced > 0) await context.sync();
      }),
    show: (sheetName) =>
      run(async (context) => {
        (await sheetNamed(context, sheetName))?.activate();
        await context.sync();
      }),
    // A pricing sheet's formulas, set as formulas (values would take a text cell's "=" as text).
    formulas: (sheetName, block) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) throw new Error(`The sheet ${sheetName} is gone: make it again`);
        const width = block.formats.length;
        const range = sheet.getRangeByIndexes(block.row, block.col, block.formulas.length, width);
        range.numberFormat = block.formulas.map(() => [...block.formats]);
        range.formulas = block.formulas.map((r) => [...r]);
        await context.sync();
      }),
    // Rows below target filled light red by a conditional format (a teammate's Excel applies
    // it too); the formula is relative to the range's first row, as Excel reads it.
    highlightRows: (sheetName, rule) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) throw new Error(`The sheet ${sheetName} is gone: make it again`);
        const format = sheet
          .getRangeByIndexes(1, 0, rule.rows, rule.cols)
          .conditionalFormats.add("Custom");
        format.custom.rule.formula = rule.formula;
        format.custom.format.fill.color = BELOW_TARGET_FILL;
        await context.sync();
      }),
    // The stamp on A1 is replaced: Excel adds no note where one is, so the old one goes first.
    // Where the Notes API is missing (before ExcelApi 1.18) the refresh log has the stamp.
    note: (sheetName, table) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet?.notes) return;
        const at = `'${sheetName.replace(/'/g, "''")}'!A1`;
        const text = importNote(table, table.rowCount, (iso) => zonedTime(iso));
        try {
          sheet.notes.getItem(at).delete();
          await context.sync();
        } catch {
          // No note there yet (a table imported where notes were missing).
        }
        sheet.notes.add(at, text);
        await context.sync();
      }),
    // The Answer column: room for its sentences, wrapped (Excel's 64 px default cut them).
    sentenceColumn: (sheetName, col, rows) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) return;
        const format = sheet.getRangeByIndexes(0, col, Math.max(1, rows), 1).format;
        format.columnWidth = SENTENCE_WIDTH_PT;
        format.wrapText = true;
        await context.sync();
      }),
    boldHeader: (sheetName, width) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) return;
        sheet.getRangeByIndexes(0, 0, 1, width).format.font.bold = true;
        sheet.freezePanes.freezeRows(1);
        await context.sync();
      }),
    // A gone row's shade and a kept cell's mark (managedTable.ts); null takes the fill away.
    fill: (sheetName, fills) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet || fills.length === 0) return;
        for (const f of fills) {
          const fill = sheet.getRangeByIndexes(f.row, f.col, f.rows, f.cols).format.fill;
          if (f.color === null) fill.clear();
          else fill.color = f.color;
        }
        await context.sync();
      }),
    moveRows: (sheetName, top, order, width) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) throw new Error(`The sheet ${sheetName} is gone: import it again`);
        if (order.length === 0 || width === 0) return;
        if (!hasExcelApi("1.9")) return moveRowsByValue(context, sheet, top, order, width);
        // Each row copied (values, formulas with references moved, formats) to empty rows
        // under the used range in its new order, then the block back, then the scratch cleared.
        const used = sheet.getUsedRangeOrNullObject(false);
        used.load("isNullObject,rowIndex,rowCount");
        await context.sync();
        const scratch = used.isNullObject ? top + order.length : used.rowIndex + used.rowCount + 1;
        order.forEach((from, i) =>
          sheet
            .getRangeByIndexes(scratch + i, 0, 1, width)
            .copyFrom(sheet.getRangeByIndexes(top + from, 0, 1, width)),
        );
        const moved = sheet.getRangeByIndexes(scratch, 0, order.length, width);
        sheet.getRangeByIndexes(top, 0, order.length, width).copyFrom(moved);
        moved.clear();
        await context.sync();
      }),
    // Excel's own Delete row: cells below move up with formats, notes and references to them.
    deleteRows: (sheetName, rows) =>
      run(async (context) => {
        const sheet = await sheetNamed(context, sheetName);
        if (!sheet) throw new Error(`The sheet ${sheetName} is gone: import it again`);
        for (const [from, count] of rowRunsBottomUp(rows))
          sheet.getRangeByIndexes(from, 0, count, 1).getEntireRow().delete("Up");
        await context.sync();
      }),
    readRecord: (sheetName) =>
      run(async (context) => {
        const id = await sheetId(context, sheetName);
        const byId = id ? await settingText(context, recordById(id)) : null;
        return byId ?? (await settingText(context, recordByName(sheetName)));
      }),
    writeRecord: (sheetName, text) =>
      run(async (context) => {
        const id = await sheetId(context, sheetName);
        if (!id) {
          context.workbook.settings.add(recordByName(sheetName), text);
          return context.sync();
        }
        context.workbook.settings.add(recordById(id), text);
        // The record by name goes: a new sheet given this name must not take it for its own.
        const old = context.workbook.settings.getItemOrNullObject(recordByName(sheetName));
        old.load("value");
        await context.sync();
        if (!old.isNullObject) old.delete();
        await context.sync();
      }),
  };
}
