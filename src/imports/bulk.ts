/**
 * Bulk calculation: one catalog function over a table of inputs, row by row, under the
 * host's rate limit, with progress and cancel. Each row's answer is written as values
 * beside the inputs (what a 500-row REQUIRED_PRICE grid needs). A failed row shows its
 * error text in its own row and spoils no other.
 */
import { isApiError, messageOf } from "../core/errors";
import { CellError } from "../core/shape";
import type { Cell, CellInput, CellResult } from "../functions/cells";
import { errorsAsText, resultFormats } from "../functions/cells";
import type { SheetFunction } from "../functions/define";
import { functionByName } from "../functions/index";

/** Where one argument comes from: a column of the selection, a fixed value, or empty. */
export type BulkArg =
  | { readonly kind: "column"; readonly column: number }
  | { readonly kind: "value"; readonly value: string | number | boolean }
  | { readonly kind: "empty" };

/** A bulk calculation as plain data (it crosses google.script.run). */
export interface BulkJob {
  readonly functionName: string;
  /** One entry per parameter of the function, in order. */
  readonly args: readonly BulkArg[];
  /** The selection's first row is a header: skip it and write a header beside it. */
  readonly hasHeader: boolean;
}

/** Progress of a bulk run. */
export interface BulkProgress {
  /** Rows answered so far (a repeated row counts when its first copy is answered). */
  readonly done: number;
  readonly total: number;
  readonly failed: number;
  /** Different rows asked so far: identical rows are asked once. */
  readonly asked?: number;
  /** When the 60-a-minute limit holds the next request back: how long, in ms. */
  readonly waitMs?: number;
}

/** "Row 13 of 500, next in 42 s" for the sidebar. */
export function bulkProgressText(p: BulkProgress): string {
  const row = `Row ${Math.min(p.done + 1, p.total)} of ${p.total}`;
  const wait = p.waitMs && p.waitMs > 0 ? `, next in ${Math.ceil(p.waitMs / 1000)} s` : "";
  const failed = p.failed ? ` (${p.failed} failed)` : "";
  return `${row}${wait}${failed}`;
}

/** The catalog function of a job; throws a message that names what to fix. */
export function bulkFunction(job: BulkJob): SheetFunction {
  const fn = functionByName(job.functionName);
  if (!fn) throw new Error(`Unknown function ${job.functionName}: pick one from the list`);
  if (job.args.length > fn.params.length) {
    throw new Error(`${fn.name} takes at most ${fn.params.length} arguments`);
  }
  return fn;
}

/**
 * The header over one-figure answers: the function, its field when the seller fixed one, and
 * whether output VAT was counted ("REQUIRED_PRICE requiredListingPrice (output VAT counted)").
 */
export function bulkHeader(job: BulkJob, countVat: boolean): string {
  const fn = functionByName(job.functionName);
  const at = fn?.params.findIndex((p) => p.name === "field") ?? -1;
  const arg = at >= 0 ? job.args[at] : undefined;
  const field = arg?.kind === "value" && arg.value !== "" ? ` ${String(arg.value)}` : "";
  return `${job.functionName}${field} (output VAT ${countVat ? "counted" : "not counted"})`;
}

/** The raw arguments for one input row. */
export function bulkRowArgs(job: BulkJob, row: readonly Cell[]): CellInput[] {
  const args: CellInput[] = job.args.map((a) => {
    if (a.kind === "column") return row[a.column] ?? "";
    if (a.kind === "value") return a.value;
    return "";
  });
  while (args.length > 0 && args[args.length - 1] === "") args.pop();
  return args;
}

/**
 * One result as a row of cells, each with its number format ("" for none): a scalar as one
 * cell; a one-record table (header + row) as its row; a two-column breakdown (line, amount)
 * as its amounts across.
 */
export function answerRow(answer: CellResult): {
  header: string[] | null;
  cells: Cell[];
  formats: string[];
} {
  const result = errorsAsText(answer); // a failed row's CellError as "Error: ..." text
  const formats = resultFormats(answer);
  if (!Array.isArray(result) || !Array.isArray(formats))
    return { header: null, cells: [result as Cell], formats: [String(formats)] };
  if (result.length === 2 && (result[0]?.length ?? 0) > 0) {
    return {
      header: (result[0] ?? []).map(String),
      cells: result[1] ?? [],
      formats: formats[1] ?? [],
    };
  }
  if (result.every((r) => r.length === 2)) {
    const body = result.slice(1);
    return {
      header: body.map((r) => String(r[0])),
      cells: body.map((r) => r[1] ?? ""),
      formats: formats.slice(1).map((r) => r[1] ?? ""),
    };
  }
  return {
    header: null,
    cells: [`Returns a table of ${result.length} rows: pick a field`],
    formats: [""],
  };
}

/** The error text a failed row shows. */
export function rowError(e: unknown): string {
  return `#ERROR: ${messageOf(e)}`;
}

/**
 * How a failed row may still be answered: queued again when the rate limit (ours while
 * waiting, or the API's 429 after retries) stopped it; asked again after a wait when it
 * failed for a passing reason (no answer in time, no connection, a 5xx).
 */
export function rowRetry(x: unknown): { rateLimited?: true; passing?: true } {
  if (!isApiError(x))
    return x instanceof CellError && x.message.startsWith("Rate limit reached")
      ? { rateLimited: true }
      : {};
  if (x.code === "RATE_LIMITED") return { rateLimited: true };
  return x.retryable ? { passing: true } : {};
}
