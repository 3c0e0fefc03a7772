/** The slices of Apps Script the sidebar server uses (structural, so tests pass small fakes). */

export interface SbRange {
  setValues(values: unknown[][]): SbRange;
  getValues(): unknown[][];
  setNumberFormats(formats: string[][]): SbRange;
  setNote(note: string): SbRange;
  setFontWeight(weight: "bold" | "normal" | null): SbRange;
  setFormula(formula: string): SbRange;
  getA1Notation(): string;
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
}

export interface SbSheet {
  getName(): string;
  getRange(row: number, column: number, numRows: number, numColumns: number): SbRange;
  getLastRow(): number;
  getLastColumn(): number;
  clearContents(): SbSheet;
  clearNotes?(): SbSheet;
  setFrozenRows(rows: number): void;
  hideSheet(): SbSheet;
}

export interface SbSpreadsheet {
  getId(): string;
  getName(): string;
  getSheetByName(name: string): SbSheet | null;
  getSheets(): SbSheet[];
  setActiveSheet(sheet: SbSheet): SbSheet;
  insertSheet(name: string): SbSheet;
  deleteSheet(sheet: SbSheet): void;
  getActiveRange(): SbRange | null;
  getActiveSheet(): SbSheet;
  /** The sheet's time zone, which its date cells are in. */
  getSpreadsheetTimeZone(): string;
}

export interface SbProperties {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}

export interface SbTriggers {
  /** Handler names of this user's triggers of this add-on, in every document. */
  handlers(): string[];
  createDaily(handler: string): void;
  deleteAll(handler: string): void;
}
