/**
 * Bulk calculation: one catalog function over a table of inputs, row by row (a job,
 * sidebar/jobs/bulkJob.ts). Each row's answer is written as values
 * beside the inputs (what a 500-row REQUIRED_PRICE grid needs). A failed row shows its
 * error text in its own row and spoils no other.
 */
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
