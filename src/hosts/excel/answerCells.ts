/**
 * The cells the task pane writes where the seller works: bulk answers at the place the one
 * loop chose (src/sidebar/answerPlace.ts) and a formula into the active cell only when it is
 * empty, or at the cell the seller confirmed (src/sidebar/formulaPlace.ts).
 */
import { fitCellText } from "../../core/cellLimit";
import type { Cell } from "../../functions/cells";
import { functionByName } from "../../functions";
import { WRITE_CHUNK_ROWS, blockFormats, chunkRows } from "../../imports/cellText";
import { parseRangeAddress, type RangeBox } from "../../imports/rangeAddress";
import type { WorkbookSurface } from "../shared/asyncBridge";
import { EXCEL_NAMESPACE } from "../shared/metadata";
import type { ExcelRun, XlContext, XlRange, XlWorksheet } from "./xlTypes";
import { settleText, writeKeepingText } from "./keepText";

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A cell as Excel's values setter takes it (dates as serial numbers). */
export function excelValue(cell: Cell): string | number | boolean {
  if (typeof cell === "string") return fitCellText(cell);
  return cell instanceof Date ? (cell.getTime() - EXCEL_EPOCH_MS) / 86_400_000 : cell;
}

/**
 * The sheet a write was meant for, not the selection now: a bulk run takes minutes and the
 * seller may have clicked elsewhere, even on another sheet, meanwhile.
 */
async function inputSheet(context: XlContext, name: string): Promise<XlWorksheet> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(name);
  sheet.load("isNullObject");
  await context.sync();
  if (sheet.isNullObject)
    throw new Error(`The sheet ${name} is gone: the answers were not written`);
  return sheet;
}

/** Bulk answers and inserted formulas, on Excel.run. */
export function excelAnswerCells(
  run: ExcelRun,
): Pick<WorkbookSurface, "readRows" | "writeBlock" | "insertFormula"> {
  return {
    readRows: (read: RangeBox) =>
      run(async (context) => {
        const sheet = await inputSheet(context, read.sheet);
        const used = sheet.getUsedRangeOrNullObject(true);
        used.load("isNullObject,columnIndex,columnCount");
        await context.sync();
        if (used.isNullObject) return [];
        const width = used.columnIndex + used.columnCount;
        const rows = sheet.getRangeByIndexes(read.r0, 0, read.r1 - read.r0 + 1, width);
        rows.load("values");
        await context.sync();
        return rows.values as Cell[][];
      }),

    writeBlock: (at: RangeBox, values: Cell[][], formats?: readonly (readonly string[])[]) =>
      run(async (context) => {
        const sheet = await inputSheet(context, at.sheet);
        const width = Math.max(1, ...values.map((r) => r.length));
        let row = at.r0;
        const checks: Array<() => number> = [];
        for (const chunk of chunkRows(values, WRITE_CHUNK_ROWS)) {
          // Text as Text ("@") before the values, so Excel stores it as given (keepText.ts);
          // figures in their own formats (money, %), as imports write them.
          const top = row - at.r0;
          checks.push(
            writeKeepingText(
              sheet,
              row,
              at.c0,
              width,
              chunk.map((r) => r.map(excelValue)),
              blockFormats(chunk, (i, j) => formats?.[top + i]?.[j] || "General"),
            ),
          );
          row += chunk.length;
        }
        const all = sheet.getRangeByIndexes(at.r0, at.c0, Math.max(1, values.length), width);
        all.load("address");
        await context.sync();
        if (settleText(checks) > 0) await context.sync();
        return { address: all.address };
      }),

    insertFormula: (formula: string, confirmedAt?: string) =>
      run(async (context) => {
        // Only the add-in's own functions, as in Sheets: whatever hands this a formula.
        const named = /^=([A-Z0-9_]+)\.([A-Z0-9_]+)\(/.exec(formula);
        if (named?.[1] !== EXCEL_NAMESPACE || !functionByName(named[2] ?? ""))
          throw new Error("Only the add-in's own functions can be inserted");
        let cell: XlRange;
        if (confirmedAt) {
          const at = parseRangeAddress(confirmedAt);
          cell = (await inputSheet(context, at.sheet)).getRangeByIndexes(at.r0, at.c0, 1, 1);
        } else {
          cell = context.workbook.getActiveCell();
          cell.load("address,values,formulas");
          await context.sync();
          const held = [cell.values[0]?.[0], cell.formulas[0]?.[0]];
          if (held.some((v) => v !== "" && v !== null && v !== undefined))
            return { address: cell.address, written: false };
        }
        cell.formulas = [[formula]];
        cell.load("address");
        await context.sync();
        return { address: cell.address, written: true };
      }),
  };
}
