/**
 * The engine's error values in the shape of Excel's CustomFunctions errors, so the web cells
 * reuse Excel's invoke unchanged (arguments, cancellation, the stuck-queue guard, result
 * shaping) and only translate what comes out: a value, a spill, or #VALUE!/#N/A with a message.
 */
import type { CustomFunctionsGlobal, ExcelCell } from "../shared/officeGlobals";

/** A cell error: the engine's error value and the message the seller reads. */
export class EngineError extends Error {
  readonly code: string;
  constructor(code: string, message = "") {
    super(message);
    this.code = code;
  }
}

/** Excel's CustomFunctions as far as invoke uses it, with the engine's error values. */
export const ENGINE_ERRORS: CustomFunctionsGlobal = {
  associate() {
    throw new Error("The web page registers formulas with its spreadsheet engine");
  },
  Error: EngineError,
  ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
};

/** What a formula returns to the engine: one value or a table that spills. */
export type EngineValue = string | number | boolean;
export type EngineResult = EngineValue | EngineValue[][];

/** The engine's "still loading" error value (Excel's #GETTING_DATA). */
export const GETTING_DATA = "#GETTING_DATA";

/** An engine result and, when it shows an error, what the seller reads about it. */
export interface ShownResult {
  readonly value: EngineResult;
  readonly message: string | null;
}

function shownCell(cell: ExcelCell): { value: EngineValue; message: string | null } {
  if (cell instanceof EngineError) return { value: cell.code, message: cell.message };
  if (cell instanceof Error) return { value: "#VALUE!", message: cell.message };
  return { value: cell, message: null };
}

/** What invoke resolved or rejected with, as the engine shows it. */
export function shownResult(outcome: unknown): ShownResult {
  if (!Array.isArray(outcome)) {
    if (outcome instanceof Error) return shownCell(outcome);
    const plain = outcome as EngineValue;
    return { value: plain, message: null };
  }
  let message: string | null = null;
  const rows = (outcome as ExcelCell[][]).map((row, r) =>
    row.map((cell) => {
      const shown = shownCell(cell);
      if (shown.message !== null && message === null) message = `Row ${r + 1}: ${shown.message}`;
      return shown.value;
    }),
  );
  return { value: rows, message };
}
