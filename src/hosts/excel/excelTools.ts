/**
 * The task pane's tools over Excel.run: Convert formulas for Excel (every sheet's used range,
 * the catalog's formulas rewritten into `MKT.NAME(` form, only cells holding a formula read as
 * one, only changed cells written).
 */
import {
  convertWorkbook,
  formulaCells,
  type FormulaGrid,
  type FormulaSheet,
} from "../../sidebar/convertFormulas";
import { runOpAsync } from "../../sidebar/op";
import { checked, type CheckId, type CheckOutcome } from "../../sidebar/diagnostics";
import type { HostBridge } from "../../ui/bridge";
import type { OfficeStorage } from "../shared/officeGlobals";
import type { ExcelRun } from "./xlTypes";

/** The storage item Diagnostics writes and removes again. */
const PROBE = "mkt.diagnostics";

function excelFormulaGrid(run: ExcelRun): FormulaGrid {
  return {
    sheets: () =>
      run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/name");
        await context.sync();
        const used = sheets.items.map((sheet) => ({
          sheet,
          range: sheet.getUsedRangeOrNullObject(),
        }));
        for (const u of used)
          u.range.load("isNullObject,rowIndex,columnIndex,rowCount,columnCount");
        await context.sync();
        const boxes = used
          .filter((u) => !u.range.isNullObject && u.range.rowCount > 0)
          .map((u) => {
            const { rowIndex, columnIndex, rowCount, columnCount } = u.range;
            const cells = u.sheet.getRangeByIndexes(rowIndex, columnIndex, rowCount, columnCount);
            cells.load("formulas,values,numberFormat");
            return { name: u.sheet.name, top: rowIndex, left: columnIndex, cells };
          });
        await context.sync();
        return boxes.map((b): FormulaSheet => ({
          name: b.name,
          top: b.top,
          left: b.left,
          formulas: formulaCells(b.cells.formulas, b.cells.numberFormat, b.cells.values),
        }));
      }),
    write: (changes) =>
      run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/name");
        await context.sync();
        const byName = new Map(sheets.items.map((sheet) => [sheet.name, sheet]));
        for (const c of changes) {
          const cell = byName.get(c.sheet)?.getRangeByIndexes(c.row, c.column, 1, 1);
          if (!cell) continue;
          if (c.formula === "") cell.clear("Contents");
          else cell.formulas = [[c.formula]];
        }
        await context.sync();
      }),
  };
}

/** The Excel task pane's tools for its bridge. */
export function excelTools(run: ExcelRun): Required<Pick<HostBridge, "convertFormulas">> {
  return { convertFormulas: () => runOpAsync(convertWorkbook(excelFormulaGrid(run), "excel")) };
}

/** What Excel's checks look at: Office.js's requirement test and OfficeRuntime.storage. */
export interface ExcelCheckEnv {
  /** Office.context.requirements.isSetSupported; absent when Office.js is not loaded. */
  readonly isSetSupported?: (name: string, version: string) => boolean;
  readonly storage: OfficeStorage | null;
}

/** Excel's assumptions: the requirement sets of manifest.xml and the key's storage. */
export async function excelChecks(env: ExcelCheckEnv): Promise<CheckOutcome[]> {
  const set = (id: CheckId, name: string): CheckOutcome =>
    checked(id, () => {
      if (!env.isSetSupported) return { passed: false, seen: "Office.js is not loaded" };
      return env.isSetSupported(name, "1.1")
        ? `${name} 1.1 supported`
        : { passed: false, seen: `${name} 1.1 not supported by this Excel` };
    });
  let storage: CheckOutcome;
  try {
    if (!env.storage) throw new Error("OfficeRuntime.storage is missing");
    await env.storage.setItem(PROBE, "1");
    const back = await env.storage.getItem(PROBE);
    await env.storage.removeItem(PROBE);
    storage =
      back === "1"
        ? { id: "officeStorage", passed: true, seen: "set and read back" }
        : { id: "officeStorage", passed: false, seen: "set, but read back nothing" };
  } catch (e) {
    storage = {
      id: "officeStorage",
      passed: false,
      seen: e instanceof Error ? e.message : String(e),
    };
  }
  return [
    set("customFunctionsRuntime", "CustomFunctionsRuntime"),
    set("sharedRuntime", "SharedRuntime"),
    storage,
  ];
}

/** Office.js's requirement test, when loaded. */
export function officeSetSupport(): ExcelCheckEnv["isSetSupported"] {
  const office = (
    globalThis as {
      Office?: { context?: { requirements?: { isSetSupported(n: string, v: string): boolean } } };
    }
  ).Office;
  const requirements = office?.context?.requirements;
  return requirements ? (n, v) => requirements.isSetSupported(n, v) : undefined;
}
