/**
 * Refresh in Excel: forget the cached answers of the cells in scope, then make Excel run
 * exactly those cells again. Excel re-runs a custom function only when it recalculates its
 * cell, and "Calculate Now" (F9) skips custom functions whose inputs did not change; what
 * does re-run them is Range.calculate() / RangeAreas.calculate() for chosen cells,
 * Worksheet.calculate(markAllDirty = true) for a sheet and Application.calculate("Full") for
 * the workbook. Used by the ribbon's Refresh menu and by the task pane (runtime handle).
 * RangeAreas (ExcelApi 1.9) and markAllDirty (1.14) are asked for at run time; an older
 * Excel gets the same cells re-run one Range at a time.
 */
/// <reference types="office-js" />
import { columnLetters } from "../../imports/rangeAddress";
import type { Fits } from "../shared/realTypes";
import type { TrackedCell } from "../shared/cellTracker";
import type { ExcelSession } from "../shared/session";
import { type ExcelApiCheck, officeExcelApi } from "./excelApi";

import type { RefreshScope } from "../../ui/bridge";

export type { RefreshScope };

export const REFRESH_SCOPES: readonly RefreshScope[] = [
  "selection",
  "sheet",
  "workbook",
  "errors",
  "stale",
];

// ---- the slice of Office.js a refresh touches (structural, so the test shim provides it).
// Members come from @types/office-js where the real ones are usable as is; `_RealExcelFits`
// checks at compile time that the real classes still fit the slices.

export interface XlCalcRange extends Pick<Excel.Range, "address" | "calculate"> {
  load(properties: string): unknown;
}

export interface XlCalcSheet extends Pick<Excel.Worksheet, "name"> {
  load(properties: string): unknown;
  /** ExcelApi 1.14: markAllDirty re-runs every formula of the sheet. */
  calculate(markAllDirty: boolean): void;
  /** ExcelApi 1.9: "A1, B7, C9" as one RangeAreas. */
  getRanges(address: string): Pick<Excel.RangeAreas, "calculate">;
  /** ExcelApi 1.1 (its calculate 1.6): the fallback where 1.9 / 1.14 are missing. */
  getRange(address: string): Pick<Excel.Range, "calculate" | "formulas"> & {
    load(properties: string): unknown;
  };
}

export interface XlCalcContext {
  readonly workbook: {
    getSelectedRange(): XlCalcRange;
    readonly worksheets: {
      getActiveWorksheet(): XlCalcSheet;
      getItem(name: string): XlCalcSheet;
    };
    readonly application: { calculate(calculationType: string): void };
  };
  sync(): Promise<void>;
}

type _RealExcelFits = [
  Fits<Excel.Range, XlCalcRange>,
  Fits<Excel.Worksheet, XlCalcSheet>,
  Fits<Excel.RequestContext, XlCalcContext>,
];

export type ExcelCalcRun = <T>(batch: (context: XlCalcContext) => Promise<T>) => Promise<T>;

/** Cells a RangeAreas address may hold at once (Excel limits the text of an address). */
const CELLS_PER_AREAS = 100;

/** Refresh one scope; returns how many formula cells it re-ran. */
export async function refreshCells(
  scope: RefreshScope,
  session: ExcelSession,
  run: ExcelCalcRun,
  hasExcelApi: ExcelApiCheck = officeExcelApi,
): Promise<number> {
  switch (scope) {
    case "selection": {
      const address = await run(async (ctx) => {
        const selected = ctx.workbook.getSelectedRange();
        selected.load("address");
        await ctx.sync();
        return selected.address;
      });
      const cells = session.cells.within(address);
      const before = runsBefore(cells, session);
      await session.forget(cells);
      await run(async (ctx) => {
        ctx.workbook.getSelectedRange().calculate();
        await ctx.sync();
      });
      await reenterSkipped(cells, before, session, run);
      return cells.length;
    }
    case "sheet":
      // Without ExcelApi 1.14 (markAllDirty), the sheet's tracked cells one by one.
      if (!hasExcelApi("1.14")) {
        const name = await run(async (ctx) => {
          const sheet = ctx.workbook.worksheets.getActiveWorksheet();
          sheet.load("name");
          await ctx.sync();
          return sheet.name;
        });
        return recalculate(session.cells.onSheet(name), session, run, hasExcelApi);
      }
      return run(async (ctx) => {
        const sheet = ctx.workbook.worksheets.getActiveWorksheet();
        sheet.load("name");
        await ctx.sync();
        const cells = session.cells.onSheet(sheet.name);
        await session.forget(cells);
        sheet.calculate(true);
        await ctx.sync();
        return cells.length;
      });
    case "workbook":
      return recalculateWorkbook(session, run, true);
    case "errors":
      return recalculate(
        session.cells.all().filter((c) => c.failed),
        session,
        run,
        hasExcelApi,
      );
    case "stale":
      return recalculate(await session.olderThanCacheTime(), session, run, hasExcelApi);
  }
}

/** Every formula cell of the workbook again; `forget`: with fresh answers. */
export async function recalculateWorkbook(
  session: ExcelSession,
  run: ExcelCalcRun,
  forget: boolean,
): Promise<number> {
  const cells = session.cells.all();
  if (forget) await session.forget(cells);
  await run(async (ctx) => {
    ctx.workbook.application.calculate("Full");
    await ctx.sync();
  });
  return cells.length;
}

/** Re-run the tracked cells at these addresses (cells asking again by themselves). */
export function rerunCells(
  addresses: readonly string[],
  session: ExcelSession,
  run: ExcelCalcRun,
  hasExcelApi: ExcelApiCheck = officeExcelApi,
): Promise<number> {
  const wanted = new Set(addresses);
  const cells = session.cells.all().filter((c) => wanted.has(c.address));
  return recalculate(cells, session, run, hasExcelApi);
}

/**
 * Forget these cells' answers and re-run them, sheet by sheet, as RangeAreas (ExcelApi 1.9),
 * else cell by cell (Range.calculate, 1.6).
 */
async function recalculate(
  cells: readonly TrackedCell[],
  session: ExcelSession,
  run: ExcelCalcRun,
  hasExcelApi: ExcelApiCheck,
): Promise<number> {
  if (cells.length === 0) return 0;
  const before = runsBefore(cells, session);
  await session.forget(cells);
  const bySheet = new Map<string, string[]>();
  for (const c of cells) bySheet.set(c.sheet, [...(bySheet.get(c.sheet) ?? []), localAddress(c)]);
  await run(async (ctx) => {
    for (const [name, addresses] of bySheet) {
      const sheet = ctx.workbook.worksheets.getItem(name);
      if (!hasExcelApi("1.9")) for (const a of addresses) sheet.getRange(a).calculate();
      else
        for (let i = 0; i < addresses.length; i += CELLS_PER_AREAS) {
          sheet.getRanges(addresses.slice(i, i + CELLS_PER_AREAS).join(",")).calculate();
        }
    }
    await ctx.sync();
  });
  await reenterSkipped(cells, before, session, run);
  return cells.length;
}

/** How long a calculated cell may take to start its run before it counts as skipped. */
const RERUN_WAIT_MS = 1_500;

const runsBefore = (cells: readonly TrackedCell[], session: ExcelSession) =>
  new Map(cells.map((c) => [c.address, session.cells.runsOf(c.address)]));

/**
 * That Range.calculate() re-runs a custom function whose inputs did not change is not
 * documented (test/hosts/FAKES.md E-R4). Cells that started no new run within a moment of it
 * get their own formula written again, which Excel recalculates as a newly entered formula
 * (what Sheets' refresh does, without the extra space Sheets needs). The formula is the one
 * read from the cell, so what the seller typed is what stays.
 */
async function reenterSkipped(
  cells: readonly TrackedCell[],
  before: ReadonlyMap<string, number>,
  session: ExcelSession,
  run: ExcelCalcRun,
): Promise<void> {
  const skipped = () =>
    cells.filter((c) => session.cells.runsOf(c.address) === before.get(c.address));
  const end = Date.now() + RERUN_WAIT_MS;
  while (skipped().length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  const left = skipped();
  if (left.length === 0) return;
  await run(async (ctx) => {
    const ranges = left.map((c) => {
      const range = ctx.workbook.worksheets.getItem(c.sheet).getRange(localAddress(c));
      range.load("formulas");
      return range;
    });
    await ctx.sync();
    for (const range of ranges) {
      const formula: unknown = range.formulas[0]?.[0];
      if (typeof formula === "string" && formula.startsWith("=")) range.formulas = [[formula]];
    }
    await ctx.sync();
  });
}

/** "B7" of a tracked cell. */
function localAddress(cell: TrackedCell): string {
  return `${columnLetters(cell.column)}${cell.row + 1}`;
}
