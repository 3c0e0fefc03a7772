/**
 * The slice of Office.js the task pane uses, structural so tests can pass office-addin-mock
 * objects. Its own file: the bridge, the answer writer and the charts all read it, and none
 * of them imports another for a type.
 */

/** An Excel range as far as the task pane touches it. */
export interface XlRange {
  values: unknown[][];
  /** ExcelApi 1.16: each value as JSON, a formatted number with its numberFormat. */
  readonly valuesAsJson?: unknown[][];
  numberFormat: unknown[][];
  formulas: unknown[][];
  address: string;
  rowIndex: number;
  columnIndex: number;
  columnCount: number;
  rowCount: number;
  load(properties: string): unknown;
  clear(applyTo?: string): void;
  /** ExcelApi 1.9: one operation, so the target changes completely or not at all. */
  copyFrom(source: XlRange | string, copyType?: string): void;
  format: {
    font: { bold: boolean };
    fill: { color: string; clear(): void };
    /** Points, the width of every column of the range (ExcelApi 1.1). */
    columnWidth: number;
    wrapText: boolean;
  };
  /** ExcelApi 1.1: the whole rows of the range, every column. */
  getEntireRow(): { delete(shift: "Up" | "Left"): void };
  /** ExcelApi 1.1: delete the cells, those below (Up) or right (Left) moving in. */
  delete(shift: "Up" | "Left"): void;
  /** ExcelApi 1.6: a "Custom" rule fills the range's cells where its formula is true. */
  conditionalFormats: {
    add(type: "Custom"): {
      custom: { rule: { formula: string }; format: { fill: { color: string } } };
    };
  };
}

export interface XlWorksheet {
  /** Stays the same through renames and moves (ExcelApi 1.1). */
  readonly id: string;
  name: string;
  isNullObject: boolean;
  /** "Visible" | "Hidden" | "VeryHidden". */
  visibility: string;
  load(properties: string): unknown;
  delete(): void;
  getRangeByIndexes(row: number, column: number, rowCount: number, columnCount: number): XlRange;
  getUsedRangeOrNullObject(valuesOnly?: boolean): XlRange & { isNullObject: boolean };
  freezePanes: { freezeRows(count: number): void };
  activate(): void;
  notes?: {
    add(cellAddress: string, content: string): unknown;
    getItem(key: string): { delete(): void };
  };
}

export interface XlSetting {
  value: unknown;
  isNullObject: boolean;
  load(properties: string): unknown;
  /** ExcelApi 1.4. */
  delete(): void;
}

export interface XlContext {
  workbook: {
    worksheets: {
      getItemOrNullObject(name: string): XlWorksheet;
      add(name: string): XlWorksheet;
      load(properties: string): unknown;
      items: XlWorksheet[];
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
