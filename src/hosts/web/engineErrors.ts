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

/**
 * What a cell shows while its answer is on the way: short, so it fits a column (Excel's
 * "#GETTING_DATA" was cut off); selecting the cell says more in the message line.
 */
export const GETTING_DATA = "Loading…";

/** A cell of an answer (offsets from the formula's cell) and the number format it gets. */
export type CellFormat = readonly [row: number, column: number, numberFormat: string];

/**
 * The format of an answer's cell that has none of its own (an id, a name): a format another
 * answer left on that cell goes (a blocked table's money format turned shop ids into
 * "100,001.00"); a cell nobody formatted is left alone.
 */
export const PLAIN_FORMAT = "General";

/** `given`, and PLAIN_FORMAT for every other cell of the answer `value`. */
export function withPlainCells(value: unknown, given: readonly CellFormat[]): CellFormat[] {
  const taken = new Set(given.map(([r, c]) => `${r}:${c}`));
  const rows = Array.isArray(value) ? (value as unknown[][]) : [[value]];
  const plain = rows.flatMap((row, r) =>
    row.flatMap((_, c): CellFormat[] => (taken.has(`${r}:${c}`) ? [] : [[r, c, PLAIN_FORMAT]])),
  );
  return [...given, ...plain];
}

/** An engine result, its cells' number formats and, when it shows an error, its message. */
export interface ShownResult {
  readonly value: EngineResult;
  readonly message: string | null;
  readonly formats: readonly CellFormat[];
  /** Offsets of the cells showing an error value (a text "#N/A" from the API is not one). */
  readonly errors: ReadonlyArray<readonly [row: number, column: number]>;
}

function shownCell(cell: ExcelCell): {
  value: EngineValue;
  message: string | null;
  format: string | null;
} {
  if (cell instanceof EngineError) return { value: cell.code, message: cell.message, format: null };
  if (cell instanceof Error) return { value: "#VALUE!", message: cell.message, format: null };
  // The engine has no cards: a product card shows its net profit, as in Sheets.
  if (typeof cell === "object" && cell.type === "Entity") {
    const net = cell.properties.netProfit;
    return net?.type === "Double"
      ? { value: net.basicValue, message: null, format: net.numberFormat }
      : { value: cell.text, message: null, format: null };
  }
  // The engine takes plain values: a formatted number's format goes on its cell instead.
  if (typeof cell === "object")
    return { value: cell.basicValue, message: null, format: cell.numberFormat };
  return { value: cell, message: null, format: null };
}

/** What invoke resolved or rejected with, as the engine shows it. */
export function shownResult(outcome: unknown): ShownResult {
  if (!Array.isArray(outcome)) {
    const shown = shownCell(outcome as ExcelCell);
    const formats: CellFormat[] = shown.format === null ? [] : [[0, 0, shown.format]];
    const errors = shown.message === null ? [] : [[0, 0] as const];
    return { value: shown.value, message: shown.message, formats, errors };
  }
  let message: string | null = null;
  const formats: CellFormat[] = [];
  const errors: Array<readonly [number, number]> = [];
  const rows = (outcome as ExcelCell[][]).map((row, r) =>
    row.map((cell, c) => {
      const shown = shownCell(cell);
      if (shown.message !== null && message === null) message = `Row ${r + 1}: ${shown.message}`;
      if (shown.format !== null) formats.push([r, c, shown.format]);
      if (shown.message !== null) errors.push([r, c]);
      return shown.value;
    }),
  );
  return { value: rows, message, formats, errors };
}
