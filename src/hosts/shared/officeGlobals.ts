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

/** What a custom function may return in a cell. */
export type ExcelCell = string | number | boolean | Error;

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
