/**
 * The few Office globals the add-in touches, typed here and looked up when used, so modules
 * load (and unit-test) without Office.js and no `any` escapes. Shapes follow
 * @types/custom-functions-runtime and @types/office-runtime.
 */

/** CustomFunctions.ErrorCode values the add-in shows. */
export interface CustomFunctionsErrorCodes {
  readonly invalidValue: string;
  readonly notAvailable: string;
}

/** A number with its format (CustomFunctionsRuntime 1.4, Excel's DoubleCellValue). */
export interface ExcelFormattedNumber {
  readonly type: "Double";
  readonly basicValue: number;
  readonly numberFormat: string;
}

/** What a custom function may return in a cell (an entity: hosts/shared/excelCard.ts). */
export type ExcelCell =
  string | number | boolean | Error | ExcelFormattedNumber | import("./excelCard").ExcelEntity;

/** The CustomFunctions global (shared runtime). */
export interface CustomFunctionsGlobal {
  associate(id: string, fn: (...args: unknown[]) => unknown): void;
  readonly Error: new (code: string, message?: string) => Error;
  readonly ErrorCode: CustomFunctionsErrorCodes;
}

/** OfficeRuntime.storage: async, per origin, about 10 MB, NOT saved in the workbook. */
export interface OfficeStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  getItems(keys: string[]): Promise<Record<string, string | null>>;
  setItems(entries: Record<string, string>): Promise<void>;
  removeItems(keys: string[]): Promise<void>;
  getKeys(): Promise<string[]>;
}

interface OfficeHostGlobals {
  CustomFunctions?: CustomFunctionsGlobal;
  Office?: {
    context?: { requirements?: { isSetSupported(name: string, version?: string): boolean } };
  };
  OfficeRuntime?: { storage?: OfficeStorage };
}

function globals(): OfficeHostGlobals {
  return globalThis as unknown as OfficeHostGlobals;
}

/**
 * The CustomFunctions global; null when the page is not an Excel runtime (the task pane opened
 * on its own says where to open it; an uncaught error behind that sentence helps nobody).
 */
export function customFunctionsGlobal(): CustomFunctionsGlobal | null {
  return globals().CustomFunctions ?? null;
}

/** OfficeRuntime.storage, or null outside Excel. */
export function officeStorage(): OfficeStorage | null {
  return globals().OfficeRuntime?.storage ?? null;
}

/**
 * True when this Excel supports the requirement set (asked at run time: Office.js's
 * `isSetSupported`); false outside Excel or where Office cannot say.
 */
export function requirementSupported(name: string, version: string): boolean {
  try {
    return globals().Office?.context?.requirements?.isSetSupported(name, version) === true;
  } catch {
    return false;
  }
}
