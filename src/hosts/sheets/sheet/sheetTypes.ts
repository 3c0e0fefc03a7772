/**
 * The slices of Apps Script the sidebar server uses (structural, so tests pass small fakes).
 * Methods come from @types/google-apps-script where the real signature is usable as is;
 * chained ones return the slice, and `_RealSheetsFit` checks that the real classes fit.
 */
/// <reference types="google-apps-script" />
import type { Fits } from "../../shared/realTypes";
import type { PropertiesLike } from "../stores/gas";

type GasRange = GoogleAppsScript.Spreadsheet.Range;
type GasSheet = GoogleAppsScript.Spreadsheet.Sheet;
type GasSpreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface SbRange extends Pick<
  GasRange,
  | "getA1Notation"
  | "getRow"
  | "getColumn"
  | "getNumRows"
  | "getNumColumns"
  | "getNote"
  | "getFormulasR1C1"
> {
  setValues(values: unknown[][]): SbRange;
  getValues(): unknown[][];
  setNumberFormats(formats: string[][]): SbRange;
  getNumberFormats(): string[][];
  setNote(note: string): SbRange;
  setFontWeight(weight: "bold" | "normal" | null): SbRange;
  /** A fill colour ("#eeeeee"), or null: no fill. */
  setBackground(color: string | null): SbRange;
  setFormula(formula: string): SbRange;
  /** Optional only for the small fakes of tests that write no formulas. */
  setFormulas?(formulas: string[][]): SbRange;
  /** "" where a cell holds no formula. */
  getFormulas(): string[][];
  /** Values, formulas (relative references moved), formats and notes, as Edit > Paste does. */
  copyTo(destination: SbRange): void;
  /** Content, formats and notes. */
  clear(): SbRange;
  /** Optional only for the small fakes of tests that make no pricing sheet. */
  setWrap?(isWrapEnabled: boolean): SbRange;
}

export interface SbSheet extends Pick<
  GasSheet,
  "getName" | "getLastRow" | "getLastColumn" | "getSheetId" | "deleteRows"
> {
  getRange(row: number, column: number, numRows: number, numColumns: number): SbRange;
  clearContents(): SbSheet;
  clearNotes?(): SbSheet;
  setFrozenRows(rows: number): void;
  hideSheet(): SbSheet;
  /** Pixels; optional only for the small fakes of tests that make no pricing sheet. */
  setColumnWidth?(columnPosition: number, width: number): SbSheet;
}

export interface SbSpreadsheet extends Pick<
  GasSpreadsheet,
  "getId" | "getName" | "getSpreadsheetTimeZone"
> {
  getSheetByName(name: string): SbSheet | null;
  getSheets(): SbSheet[];
  setActiveSheet(sheet: SbSheet): SbSheet;
  insertSheet(name: string): SbSheet;
  deleteSheet(sheet: SbSheet): void;
  getActiveRange(): SbRange | null;
  getActiveSheet(): SbSheet;
}

/** The same three calls as the add-on's other property reads. */
export type SbProperties = PropertiesLike;

export interface SbTriggers {
  /** Handler names of this user's triggers of this add-on, in every document. */
  handlers(): string[];
  createDaily(handler: string): void;
  deleteAll(handler: string): void;
}

/** Compile-time only: the real classes fit each slice (a failing line names the drift). */
type _RealSheetsFit = [
  Fits<GasRange, SbRange>,
  Fits<GasSheet, SbSheet>,
  Fits<GasSpreadsheet, SbSpreadsheet>,
];
