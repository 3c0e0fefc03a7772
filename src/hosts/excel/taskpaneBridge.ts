/**
 * The Excel task pane's HostBridge: the shared app over Office.js. An import is written, after
 * the whole table arrived, into a hidden staging sheet (one `range.values` per 500-row chunk,
 * one sync each, so no request grows past Excel on the web's payload limit), then swapped in
 * with one last sync; a failure before the swap deletes the staging sheet and leaves the
 * previous data untouched. Text cells get the number format "@" first so a product named
 * =HYPERLINK(...) stays text. The key and API address live in OfficeRuntime.storage (per
 * user, never the workbook); saved imports and "refresh on open" are document settings,
 * which travel with the workbook and therefore hold no secret.
 */
import type { AsyncTransport } from "../../core/asyncDriver";
import type { AsyncClock } from "../../core/clock";
import { messageOf } from "../../core/errors";
import type { Cell } from "../../functions/cells";
import { TEXT_FORMAT, WRITE_CHUNK_ROWS, blockFormats, chunkRows } from "../../imports/cellText";
import { settleText, writeKeepingText } from "./keepText";
import { excelAnswerCells, excelValue } from "./answerCells";
import type { ImportTable } from "../../imports/table";
import { tableCellFormat, importNote, zonedTime } from "../../imports/table";
import type { SheetData } from "../../sidebar/ports";
import type { HostBridge } from "../../ui/bridge";
import type { SettingsStorage, WorkbookSurface } from "../shared/asyncBridge";
import { createAsyncHostBridge } from "../shared/asyncBridge";
import { EXCEL_PLACES, withPlaces } from "../shared/places";
import { EXCEL_NAMESPACE } from "../shared/metadata";
import { insertExcelChart } from "./excelCharts";
import { excelTables } from "./excelTables";
import { excelFormulaCells } from "./excelFreeze";
import { excelChecks, type ExcelCheckEnv, excelTools, officeSetSupport } from "./excelTools";
import type { OfficeStorage } from "../shared/officeGlobals";
import { officeStorage } from "../shared/officeGlobals";
import type { Scheduling } from "../../core/schedule/registry";
import { runtimeHandle, runtimeRefresher } from "./runtimeHandle";
import type { HostRefresher } from "../shared/queueView";
import type { ExcelRun, XlContext, XlRange, XlWorksheet } from "./xlTypes";
import { type ExcelApiCheck, officeExcelApi } from "./excelApi";
import { EXCEL_SHEET_NAMES } from "../../sidebar/sheetNameLimit";

/** Excel's longest sheet name. */
const MAX_SHEET_NAME = EXCEL_SHEET_NAMES.chars;

/** The hidden sheet an import of `sheetName` is staged in (deterministic, so a leftover is found). */
export function stagingSheetName(sheetName: string): string {
  return `~mkt ${sheetName}`.slice(0, MAX_SHEET_NAME);
}

/**
 * Write a finished table from A1, one chunk per sync, text kept as text (keepText.ts);
 * returns the table's size.
 */
async function writeStaged(
  context: XlContext,
  sheet: XlWorksheet,
  table: ImportTable,
): Promise<{ rows: number; width: number }> {
  const width = Math.max(1, table.columns.length);
  const checks = [
    writeKeepingText(
      sheet,
      0,
      0,
      width,
      [table.columns.map((c) => excelValue(c.header))],
      [table.columns.map(() => TEXT_FORMAT)],
    ),
  ];
  let row = 1;
  let unsynced = 0;
  for (const chunk of chunkRows(table.rows, WRITE_CHUNK_ROWS)) {
    const values = chunk.map((r) => r.map(excelValue));
    const chunkFormats = blockFormats(chunk, (r, i) =>
      tableCellFormat(table.columns, chunk[r] ?? [], i),
    );
    checks.push(writeKeepingText(sheet, row, 0, width, values, chunkFormats));
    row += chunk.length;
    await context.sync();
    unsynced = settleText(checks);
  }
  if (table.rows.length === 0) {
    await context.sync(); // the header alone
    unsynced = settleText(checks);
  }
  if (unsynced > 0) await context.sync();
  return { rows: row, width };
}

/**
 * Replace a sheet's data atomically: stage the table in a hidden sheet, then in ONE sync copy
 * it over the target (a single copyFrom, so cells referring to the target keep working) and
 * clear what the old table had beyond the new one. Any failure before that sync deletes the
 * staging sheet and leaves the target as it was. An Excel without copyFrom (ExcelApi 1.9)
 * gets the table written over the target in place, chunk by chunk: a failure half-way fails
 * the import loudly and leaves new rows over the old tail until the next import.
 */
async function replaceSheetData(
  context: XlContext,
  sheetName: string,
  table: ImportTable,
  show: boolean,
  hasExcelApi: ExcelApiCheck,
): Promise<void> {
  const sheets = context.workbook.worksheets;
  const target = sheets.getItemOrNullObject(sheetName);
  const leftover = sheets.getItemOrNullObject(stagingSheetName(sheetName));
  target.load("isNullObject");
  leftover.load("isNullObject");
  await context.sync();
  if (!leftover.isNullObject) leftover.delete(); // a run that died half-way
  if (!target.isNullObject && !hasExcelApi("1.9")) {
    const used = target.getUsedRangeOrNullObject();
    used.load("isNullObject,rowIndex,columnIndex,rowCount,columnCount");
    await context.sync();
    const size = await writeStaged(context, target, table);
    clearBeyond(target, used, size);
    finish(target, size.width, show);
    await context.sync();
    await addNote(context, target, sheetName, table);
    return;
  }
  const staging = sheets.add(stagingSheetName(sheetName));
  staging.visibility = "Hidden";
  let size: { rows: number; width: number };
  try {
    size = await writeStaged(context, staging, table);
  } catch (error) {
    await dropStaging(context, staging);
    throw error;
  }
  if (target.isNullObject) {
    // Nothing to keep: the staged sheet becomes the import sheet.
    staging.name = sheetName;
    staging.visibility = "Visible";
    finish(staging, size.width, show);
    await context.sync();
    await addNote(context, staging, sheetName, table);
    return;
  }
  const used = target.getUsedRangeOrNullObject();
  used.load("isNullObject,rowIndex,columnIndex,rowCount,columnCount");
  try {
    await context.sync();
  } catch (error) {
    await dropStaging(context, staging);
    throw error;
  }
  target
    .getRangeByIndexes(0, 0, size.rows, size.width)
    .copyFrom(staging.getRangeByIndexes(0, 0, size.rows, size.width), "All");
  clearBeyond(target, used, size);
  finish(target, size.width, show);
  staging.delete();
  await context.sync();
  await addNote(context, target, sheetName, table);
}

/** Clear what the old table (`used`) had below and beside the new one. */
function clearBeyond(
  target: XlWorksheet,
  used: XlRange & { isNullObject: boolean },
  size: { rows: number; width: number },
): void {
  if (used.isNullObject) return;
  const oldRows = used.rowIndex + used.rowCount;
  const oldWidth = used.columnIndex + used.columnCount;
  if (oldRows > size.rows)
    target.getRangeByIndexes(size.rows, 0, oldRows - size.rows, Math.max(oldWidth, 1)).clear("All");
  if (oldWidth > size.width)
    target.getRangeByIndexes(0, size.width, size.rows, oldWidth - size.width).clear("All");
}

/** An import sheet's last touches: bold frozen header, and shown when the seller is looking. */
function finish(sheet: XlWorksheet, width: number, show: boolean): void {
  sheet.getRangeByIndexes(0, 0, 1, width).format.font.bold = true;
  sheet.freezePanes.freezeRows(1);
  if (show) sheet.activate();
}

/**
 * The sheet's data as "Name!A1:D40"; null when it is missing or empty. Whether an import wrote
 * it is not told (the note API is not everywhere): the list of import sheets decides.
 */
async function dataIn(context: XlContext, sheetName: string): Promise<SheetData | null> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
  sheet.load("isNullObject");
  await context.sync();
  if (sheet.isNullObject) return null;
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load("isNullObject,address");
  await context.sync();
  return used.isNullObject ? null : { address: used.address, imported: null };
}

/**
 * The import note on A1 (where the Notes API exists), after the data is in: a note that
 * cannot be added (one is there already) must not fail an import that succeeded.
 */
async function addNote(
  context: XlContext,
  sheet: XlWorksheet,
  sheetName: string,
  table: ImportTable,
): Promise<void> {
  if (!sheet.notes) return;
  try {
    sheet.notes.add(
      `'${sheetName.replace(/'/g, "''")}'!A1`,
      importNote(table, table.rows.length, (iso) => zonedTime(iso)),
    );
    await context.sync();
  } catch {
    // The data is written; only the "data fresh at" note is missing.
  }
}

/** Delete the staging sheet after a failure; its own failure must not hide the first one. */
async function dropStaging(context: XlContext, staging: XlWorksheet): Promise<void> {
  try {
    staging.delete();
    await context.sync();
  } catch {
    // The hidden sheet stays; the next import of this sheet deletes it first.
  }
}

/** The workbook side of the task pane. */
export function excelWorkbook(
  run: ExcelRun,
  hasExcelApi: ExcelApiCheck = officeExcelApi,
): WorkbookSurface {
  return {
    sheetNameLimit: EXCEL_SHEET_NAMES,
    writeTable: (sheetName: string, table: ImportTable, show: boolean) =>
      run((context) => replaceSheetData(context, sheetName, table, show, hasExcelApi)),

    dataIn: (sheetName: string) => run((context) => dataIn(context, sheetName)),

    sheetNames: () =>
      run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/name");
        await context.sync();
        return sheets.items.map((s) => s.name);
      }),

    ...excelAnswerCells(run),

    managed: excelTables(run, hasExcelApi),
    formulaCells: excelFormulaCells(run, hasExcelApi),

    insertChart: (plan) => run((context) => insertExcelChart(context, plan)),

    readSelection: () =>
      run(async (context) => {
        const range = context.workbook.getSelectedRange();
        range.load("address,values");
        await context.sync();
        return { address: range.address, values: range.values as Cell[][] };
      }),

    getDocumentValue: (name: string) =>
      run(async (context) => {
        const item = context.workbook.settings.getItemOrNullObject(name);
        item.load("value");
        await context.sync();
        return item.isNullObject || typeof item.value !== "string" ? null : item.value;
      }),

    setDocumentValue: (name: string, value: string) =>
      run(async (context) => {
        context.workbook.settings.add(name, value);
        await context.sync();
      }),
  };
}

/** OfficeRuntime.storage as the bridge's per-user settings store. */
export function officeSettingsStorage(storage: OfficeStorage): SettingsStorage {
  return {
    get: (name) => storage.getItem(name),
    set: (name, value) => storage.setItem(name, value),
    remove: (name) => storage.removeItem(name),
  };
}

/**
 * Office.addin's startup switch (SharedRuntime 1.1): "load" starts the add-in's runtime when
 * this workbook opens, so the task pane app refreshes saved imports without being opened.
 */
export interface AddinStartup {
  setStartupBehavior(behavior: "load" | "none"): Promise<void>;
}

interface OfficeStartupGlobals {
  Office?: {
    addin?: { setStartupBehavior?: (behavior: unknown) => Promise<void> };
    StartupBehavior?: { load: unknown; none: unknown };
    context?: { requirements?: { isSetSupported(name: string, version?: string): boolean } };
  };
}

/** Office.addin.setStartupBehavior where this Excel has it (SharedRuntime 1.1), else null. */
export function officeStartup(): AddinStartup | null {
  const office = (globalThis as unknown as OfficeStartupGlobals).Office;
  const addin = office?.addin;
  const kinds = office?.StartupBehavior;
  if (!addin || typeof addin.setStartupBehavior !== "function" || !kinds) return null;
  const requirements = office?.context?.requirements;
  if (requirements && !requirements.isSetSupported("SharedRuntime", "1.1")) return null;
  return {
    setStartupBehavior: (behavior) =>
      Promise.resolve(addin.setStartupBehavior?.(behavior === "load" ? kinds.load : kinds.none)),
  };
}

export interface ExcelBridgeOptions {
  readonly run: ExcelRun;
  readonly storage: SettingsStorage;
  readonly transport: AsyncTransport;
  readonly defaultBaseUrl: string;
  /** Office.addin's startup switch; null where Excel lacks it (refresh then waits for the pane). */
  readonly startup?: AddinStartup | null;
  /** The functions runtime's scheduling, so the pane and the cells share one queue and budget. */
  readonly scheduling?: Scheduling;
  /** Refresh and pause for the formula cells (default: the functions runtime's, when loaded). */
  readonly refresher?: HostRefresher;
  /** What Diagnostics checks (Office.js's requirement test, OfficeRuntime.storage). */
  readonly checks?: ExcelCheckEnv;
  /** Which ExcelApi sets this Excel has (default: Office.js, asked at run time). */
  readonly hasExcelApi?: ExcelApiCheck;
  /** The pane's clock (a test's skipped waits); default the real one. */
  readonly clock?: AsyncClock;
}

/** The task pane's bridge; shares key, base URL and cache clearing with the functions runtime. */
export function createExcelTaskpaneBridge(o: ExcelBridgeOptions): HostBridge {
  const bridge = createAsyncHostBridge({
    host: "excel",
    look: "fluent",
    formulaPrefix: `${EXCEL_NAMESPACE}.`,
    storage: o.storage,
    workbook: excelWorkbook(o.run, o.hasExcelApi),
    transport: o.transport,
    defaultBaseUrl: o.defaultBaseUrl,
    ...(o.clock ? { clock: o.clock } : {}),
    autoRefreshLabel: "Refresh saved imports when this workbook opens",
    onSettingsChanged: () => runtimeHandle()?.reloadSettings(),
    ...(o.scheduling ? { scheduling: o.scheduling } : {}),
    ...((o.refresher ?? runtimeRefresher())
      ? { refresher: o.refresher ?? runtimeRefresher() }
      : {}),
    onClearCache: async () => {
      await runtimeHandle()?.clearCache();
    },
    hostChecks: () => excelChecks(o.checks ?? { storage: null }),
  });
  return withPlaces(
    {
      ...bridge,
      ...excelTools(o.run),
      async setAutoRefresh(enabled) {
        const view = await bridge.setAutoRefresh(enabled);
        if (!o.startup) return view;
        try {
          await o.startup.setStartupBehavior(enabled ? "load" : "none");
        } catch (e) {
          const why = messageOf(e);
          throw new Error(
            `Saved, but Excel did not accept ${enabled ? "loading the add-in" : "no longer loading the add-in"} when this workbook opens (${why})`,
          );
        }
        return view;
      },
    },
    EXCEL_PLACES,
  );
}

/** The bridge inside Excel: Excel.run, OfficeRuntime.storage and window.fetch. */
export function excelTaskpaneBridgeFromGlobals(
  transport: AsyncTransport,
  defaultBaseUrl: string,
): HostBridge {
  const excel = (globalThis as unknown as { Excel?: { run: ExcelRun } }).Excel;
  const storage = officeStorage();
  if (!excel || !storage) throw new Error("Open this pane from Excel: Office.js is not loaded");
  return createExcelTaskpaneBridge({
    run: (batch) => excel.run(batch),
    storage: officeSettingsStorage(storage),
    transport,
    defaultBaseUrl,
    startup: officeStartup(),
    checks: { isSetSupported: officeSetSupport(), storage },
    ...(runtimeHandle()?.scheduling ? { scheduling: runtimeHandle()?.scheduling } : {}),
  });
}
