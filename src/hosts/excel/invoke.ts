/**
 * One custom-function call, from Excel's raw arguments to what the cell shows. The promise
 * always settles: a value, a spill, or a CustomFunctions.Error with a message saying what
 * to do. A last-resort timer covers anything the core's own timeouts might miss, because an
 * unsettled promise is #BUSY! until Excel restarts.
 */
import type { SheetFunction } from "../../functions/define";
import { excelArguments, excelResult, toExcelError } from "./excelValues";
import { resultDimensionality } from "./metadata";
import type { CustomFunctionsGlobal, ExcelCell } from "./officeGlobals";
import type { ExcelSession } from "./session";

/** Longest a cell may wait before it shows a timeout error, whatever happens below. */
export const CELL_DEADLINE_MS = 150_000;

export interface InvokeContext {
  readonly session: ExcelSession;
  readonly customFunctions: CustomFunctionsGlobal;
  readonly cellDeadlineMs?: number;
}

/** Run a catalog function for one cell: resolves with its value, or rejects with a CustomFunctions.Error. */
export async function invokeFunction(
  fn: SheetFunction,
  raw: readonly unknown[],
  ctx: InvokeContext,
): Promise<ExcelCell | ExcelCell[][]> {
  const cf = ctx.customFunctions;
  const deadlineMs = ctx.cellDeadlineMs ?? CELL_DEADLINE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `No answer within ${Math.round(deadlineMs / 1000)} s: recalculate to try again`,
          ),
        ),
      deadlineMs,
    );
  });
  try {
    const args = excelArguments(fn, raw);
    const result = await Promise.race([ctx.session.run(fn.program(args)), guard]);
    return excelResult(result, resultDimensionality(fn), cf);
  } catch (error) {
    // Excel shows a thrown CustomFunctions.Error as #VALUE!/#N/A with the message on hover.
    throw toExcelError(error, cf);
  } finally {
    clearTimeout(timer);
  }
}

/** The function Excel calls for a catalog entry (what `CustomFunctions.associate` gets). */
export function excelFunction(
  fn: SheetFunction,
  ctx: InvokeContext,
): (...args: unknown[]) => Promise<ExcelCell | ExcelCell[][]> {
  return (...args) => invokeFunction(fn, args, ctx);
}
