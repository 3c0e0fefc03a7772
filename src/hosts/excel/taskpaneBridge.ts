/**
 * The Excel task pane's HostBridge: the shared app over Office.js. Imports are written with
 * one `range.values` per 500-row chunk in one Excel.run (queued, then one sync), after the
 * whole table arrived; text cells get the number format "@" first so a product named
 * =HYPERLINK(...) stays text. The key and API address live in OfficeRuntime.storage (per
 * user, never the workbook); saved imports and "refresh on open" are document settings,
 * which travel with the workbook and therefore hold no secret.
 */
import type { AsyncTransport } from "../../core/asyncDriver";
import type { Cell } from "../../functions/cells";
import { EXCEL_TEXT_FORMAT, WRITE_CHUNK_ROWS, chunkRows } from "../../imports/cellText";
import type { ImportTable } from "../../imports/table";
import { NUMBER_FORMATS, importNote } from "../../imports/table";
import type { HostBridge, SelectionView } from "../../ui/bridge";
import type { SettingsStorage, WorkbookSurface } from "../../ui/asyncHostBridge";
import { createAsyncHostBridge } from "../../ui/asyncHostBridge";
import { EXCEL_NAMESPACE } from "./metadata";
import type { OfficeStorage } from "./officeGlobals";
import { officeStorage } from "./officeGlobals";
import { runtimeHandle } from "./runtimeHandle";

// ---- the slice of Office.js we use (structural, so tests can pass office-addin-mock objects)

/** An Excel range as far as the task pane touches it. */
export interface XlRange {
  values: unknown[][];
  numberFormat: unknown[][];
  formulas: unknown[][];
  address: string;
  rowIndex: number;
  columnIndex: number;
  columnCount: number;
  rowCount: number;
  load(properties: string): unknown;
  clear(applyTo?: string): void;
}

export interface XlWorksheet {
  name: string;
  isNullObject: boolean;
  load(properties: string): unknown;
  getRangeByIndexes(row: number, column: number, rowCount: number, columnCount: number): XlRange;
  getUsedRangeOrNullObject(valuesOnly?: boolean): XlRange & { isNullObject: boolean };
  freezePanes: { freezeRows(count: number): void };
  notes?: { add(cellAddress: string, content: string): unknown };
}

export interface XlSetting {
  value: unknown;
  isNullObject: boolean;
  load(properties: string): unknown;
}

export interface XlContext {
  workbook: {
    worksheets: {
      getItemOrNullObject(name: string): XlWorksheet;
      add(name: string): XlWorksheet;
    };
    getSelectedRange(): XlRange & { worksheet: XlWorksheet };
    getActiveCell(): XlRange;
    settings: {
      getItemOrNullObject(name: string): XlSetting;
      add(name: string, value: string): unknown;
    };
  };
  sync(): Promise<void>;
}

/** Excel.run as the bridge calls it. */
export type ExcelRun = <T>(batch: (context: XlContext) => Promise<T>) => Promise<T>;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A cell as Excel's values setter takes it (dates as serial numbers). */
export function excelValue(cell: Cell): string | number | boolean {
  return cell instanceof Date ? (cell.getTime() - EXCEL_EPOCH_MS) / 86_400_000 : cell;
}

/** The format of one written cell: "@" for any text (so it is never read as a formula). */
function cellFormat(cell: Cell, columnFormat: string): string {
  return typeof cell === "string" ? EXCEL_TEXT_FORMAT : columnFormat;
}

/** The workbook side of the task pane. */
export function excelWorkbook(run: ExcelRun): WorkbookSurface {
  return {
    writeTable: (sheetName: string, table: ImportTable) =>
      run(async (context) => {
        let sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
        sheet.load("isNullObject");
        await context.sync();
        if (sheet.isNullObject) {
          sheet = context.workbook.worksheets.add(sheetName);
        } else {
          const used = sheet.getUsedRangeOrNullObject();
          used.load("isNullObject");
          await context.sync();
          // Queued only: the clear and every write below go to Excel together in the last sync.
          if (!used.isNullObject) used.clear("All");
        }
        const width = Math.max(1, table.columns.length);
        const formats = table.columns.map((c) => NUMBER_FORMATS[c.format]);
        const header = sheet.getRangeByIndexes(0, 0, 1, width);
        header.numberFormat = [table.columns.map(() => EXCEL_TEXT_FORMAT)];
        header.values = [table.columns.map((c) => c.header)];
        let row = 1;
        for (const chunk of chunkRows(table.rows, WRITE_CHUNK_ROWS)) {
          const range = sheet.getRangeByIndexes(row, 0, chunk.length, width);
          range.numberFormat = chunk.map((r) =>
            r.map((c, i) => cellFormat(c, formats[i] ?? "General")),
          );
          range.values = chunk.map((r) => r.map(excelValue));
          row += chunk.length;
        }
        sheet.freezePanes.freezeRows(1);
        sheet.notes?.add(`'${sheetName.replace(/'/g, "''")}'!A1`, importNote(table));
        await context.sync();
      }),

    readSelection: () =>
      run(async (context) => {
        const range = context.workbook.getSelectedRange();
        range.load("address,values");
        await context.sync();
        return { address: range.address, values: range.values as Cell[][] };
      }),

    writeBesideSelection: (_selection: SelectionView, values: Cell[][]) =>
      run(async (context) => {
        const selected = context.workbook.getSelectedRange();
        selected.load("rowIndex,columnIndex,columnCount");
        selected.worksheet.load("name");
        await context.sync();
        const sheet = selected.worksheet;
        const column = selected.columnIndex + selected.columnCount;
        const width = Math.max(1, ...values.map((r) => r.length));
        let row = selected.rowIndex;
        for (const chunk of chunkRows(values, WRITE_CHUNK_ROWS)) {
          const range = sheet.getRangeByIndexes(row, column, chunk.length, width);
          range.numberFormat = chunk.map((r) => r.map((c) => cellFormat(c, "General")));
          range.values = chunk.map((r) => r.map(excelValue));
          row += chunk.length;
        }
        const all = sheet.getRangeByIndexes(
          selected.rowIndex,
          column,
          Math.max(1, values.length),
          width,
        );
        all.load("address");
        await context.sync();
        return { address: all.address };
      }),

    insertFormula: (formula: string) =>
      run(async (context) => {
        if (!formula.startsWith("=")) throw new Error("A formula starts with =");
        const cell = context.workbook.getActiveCell();
        cell.formulas = [[formula]];
        cell.load("address");
        await context.sync();
        return { address: cell.address };
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

export interface ExcelBridgeOptions {
  readonly run: ExcelRun;
  readonly storage: SettingsStorage;
  readonly transport: AsyncTransport;
  readonly defaultBaseUrl: string;
}

/** The task pane's bridge; shares key, base URL and cache clearing with the functions runtime. */
export function createExcelTaskpaneBridge(o: ExcelBridgeOptions): HostBridge {
  return createAsyncHostBridge({
    host: "excel",
    look: "fluent",
    formulaPrefix: `${EXCEL_NAMESPACE}.`,
    storage: o.storage,
    workbook: excelWorkbook(o.run),
    transport: o.transport,
    defaultBaseUrl: o.defaultBaseUrl,
    autoRefreshLabel: "Refresh saved imports when this workbook opens",
    onSettingsChanged: () => runtimeHandle()?.reloadSettings(),
    onClearCache: async () => {
      await runtimeHandle()?.clearCache();
    },
  });
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
  });
}
