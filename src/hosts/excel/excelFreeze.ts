/**
 * Freeze values in Excel: the selection's or its sheet's formulas and values read in one sync,
 * cells written one by one (a value as it was: text behind an apostrophe stays text, as Excel
 * reads a typed apostrophe), the kept formulas in a document setting ("mkt.frozen.<sheet>").
 * An answer's figures carry their format in the value (formatted numbers), so a frozen figure
 * gets it on its cell (read with valuesAsJson, ExcelApi 1.16) and Unfreeze takes it back.
 */
import type { Cell } from "../../functions/cells";
import type { FormulaCells } from "../../sidebar/ports";
import { excelValue } from "./answerCells";
import { type ExcelApiCheck, officeExcelApi } from "./excelApi";
import type { ExcelRun } from "./xlTypes";

const keptName = (sheetName: string): string => `mkt.frozen.${sheetName}`;

export function excelFormulaCells(
  run: ExcelRun,
  hasExcelApi: ExcelApiCheck = officeExcelApi,
): FormulaCells {
  return {
    read: (scope) =>
      run(async (context) => {
        const selected = context.workbook.getSelectedRange();
        selected.worksheet.load("name");
        const used = selected.worksheet.getUsedRangeOrNullObject(false);
        used.load("isNullObject,rowIndex,columnIndex,rowCount,columnCount");
        await context.sync();
        // The sheet: from A1 to its last used cell (an empty sheet: A1 alone).
        const range =
          scope === "selection"
            ? selected
            : selected.worksheet.getRangeByIndexes(
                0,
                0,
                used.isNullObject ? 1 : used.rowIndex + used.rowCount,
                used.isNullObject ? 1 : used.columnIndex + used.columnCount,
              );
        // Formatted numbers carry their format in the value, not the cell (ExcelApi 1.16).
        const asJson = hasExcelApi("1.16");
        range.load(`rowIndex,columnIndex,formulas,values${asJson ? ",valuesAsJson" : ""}`);
        await context.sync();
        // A formula's text differs from what it shows; text that starts with "=" does not.
        const formulas = range.formulas.map((r, i) =>
          r.map((f, j) =>
            typeof f === "string" && f.startsWith("=") && f !== range.values[i]?.[j] ? f : "",
          ),
        );
        return {
          sheetName: selected.worksheet.name,
          row: range.rowIndex,
          col: range.columnIndex,
          formulas,
          values: range.values as Cell[][],
          ...(asJson ? { formats: valueFormats(range.valuesAsJson) } : {}),
        };
      }),
    write: (sheetName, cells) =>
      run(async (context) => {
        const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
        sheet.load("isNullObject");
        await context.sync();
        if (sheet.isNullObject) throw new Error(`The sheet ${sheetName} is gone`);
        for (const c of cells) {
          const cell = sheet.getRangeByIndexes(c.row, c.col, 1, 1);
          // The format first: a value written into a formatted cell reads in its format.
          if (c.format !== undefined)
            cell.numberFormat = [[c.format === "" ? "General" : c.format]];
          if (c.formula !== null) cell.formulas = [[c.formula]];
          else {
            const v = excelValue(c.value);
            cell.values = [[typeof v === "string" && v !== "" ? `'${v}` : v]];
          }
        }
        await context.sync();
      }),
    readKept: (sheetName) =>
      run(async (context) => {
        const item = context.workbook.settings.getItemOrNullObject(keptName(sheetName));
        item.load("value");
        await context.sync();
        return item.isNullObject || typeof item.value !== "string" ? null : item.value;
      }),
    writeKept: (sheetName, text) =>
      run(async (context) => {
        context.workbook.settings.add(keptName(sheetName), text);
        await context.sync();
      }),
  };
}

/** Each cell's value's own number format (a formatted number), "" where it has none. */
function valueFormats(json: unknown): string[][] {
  if (!Array.isArray(json)) return [];
  return json.map((row: unknown) =>
    Array.isArray(row)
      ? row.map((cell: unknown) => {
          const format = (cell as { numberFormat?: unknown } | null)?.numberFormat;
          return typeof format === "string" ? format : "";
        })
      : [],
  );
}
