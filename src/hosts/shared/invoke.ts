/**
 * One custom-function call, from Excel's raw arguments to what the cell shows. The promise
 * always settles: a value, a spill, or a CustomFunctions.Error with a message saying what
 * to do. A recalculation that cancels the cell (invocation.onCanceled, functions.json
 * "cancelable") withdraws its queued calls; Excel ignores a cancelled invocation's result.
 * A last-resort guard covers anything the core might miss, because an unsettled promise is
 * #BUSY! until Excel restarts; it never fails a cell whose queue is still moving.
 */
import { CellError } from "../../functions/cells";
import type { CellResult } from "../../functions/cells";
import type { SheetFunction } from "../../functions/define";
import { excelArguments, excelResult, toExcelError, type FigureOut } from "./excelValues";
import { resultDimensionality } from "./metadata";
import type { CustomFunctionsGlobal, ExcelCell } from "./officeGlobals";
import type { HostPlaces } from "../../core/places";
import { EXCEL_PLACES } from "./places";

import type { ExcelSession } from "./session";

/** How long a cell may go without its queue moving before it shows an error. */
export const CELL_DEADLINE_MS = 150_000;

export interface InvokeContext {
  readonly session: ExcelSession;
  readonly customFunctions: CustomFunctionsGlobal;
  readonly cellDeadlineMs?: number;
  /** Where this host's messages send the seller (the web demo shares this runtime); default Excel's. */
  readonly places?: HostPlaces;
  /** How figures leave, asked per call (Excel: the requirement set, known once Office loaded). */
  readonly figures?: () => FigureOut;
}

/** What Excel appends to the arguments (functions.json: requiresAddress, cancelable). */
interface Invocation {
  address?: string;
  onCanceled?: () => void;
}

/** Run a catalog function for one cell: resolves with its value, or rejects with a CustomFunctions.Error. */
export async function invokeFunction(
  fn: SheetFunction,
  raw: readonly unknown[],
  ctx: InvokeContext,
): Promise<ExcelCell | ExcelCell[][]> {
  const cf = ctx.customFunctions;
  const invocation = invocationOf(raw[fn.params.length]);
  const controller = typeof AbortController === "function" ? new AbortController() : undefined;
  if (invocation && controller) invocation.onCanceled = () => controller.abort();
  const places = ctx.places ?? EXCEL_PLACES;
  const guard = stuckGuard(ctx, places);
  try {
    const args = excelArguments(fn, raw);
    const run = ctx.session.run(fn.program(args, await ctx.session.basis()), {
      ...(invocation?.address ? { address: invocation.address } : {}),
      ...(controller ? { signal: controller.signal } : {}),
      showsError,
    });
    const result = await Promise.race([run, guard.promise]);
    return excelResult(result, resultDimensionality(fn), cf, places, ctx.figures?.() ?? "plain");
  } catch (error) {
    // Excel shows a thrown CustomFunctions.Error as #VALUE!/#N/A with the message on hover.
    throw toExcelError(error, cf, places);
  } finally {
    guard.stop();
  }
}

/** The function Excel calls for a catalog entry (what `CustomFunctions.associate` gets). */
export function excelFunction(
  fn: SheetFunction,
  ctx: InvokeContext,
): (...args: unknown[]) => Promise<ExcelCell | ExcelCell[][]> {
  return (...args) => invokeFunction(fn, args, ctx);
}

function invocationOf(value: unknown): Invocation | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Invocation)
    : null;
}

/** A value showing an error: the whole cell, or any cell of a spill. */
function showsError(value: CellResult): boolean {
  if (value instanceof CellError) return true;
  return Array.isArray(value) && value.some((row) => row.some((c) => c instanceof CellError));
}

/**
 * Rejects when the cell waited `cellDeadlineMs` and its queue is not moving (no request out
 * or back, no slot due soon): a bug somewhere, so the cell says so instead of #BUSY! for ever.
 */
function stuckGuard(
  ctx: InvokeContext,
  places: HostPlaces,
): { promise: Promise<never>; stop(): void } {
  // F9 does not re-run a custom function; the host's refresh does.
  const askAgain = `${places.refreshErrors} to ask again`;
  const deadlineMs = ctx.cellDeadlineMs ?? CELL_DEADLINE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const promise = new Promise<never>((_, reject) => {
    const check = (): void => {
      void ctx.session.progressing().then(
        (moving) => {
          if (stopped) return;
          if (moving) timer = setTimeout(check, deadlineMs);
          else
            reject(new Error(`No answer within ${Math.round(deadlineMs / 1000)} s: ${askAgain}`));
        },
        () => reject(new Error(`No answer: ${askAgain}`)),
      );
    };
    timer = setTimeout(check, deadlineMs);
  });
  promise.catch(() => undefined);
  return {
    promise,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
