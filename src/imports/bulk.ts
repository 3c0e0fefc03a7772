/**
 * Bulk calculation: one catalog function over a table of inputs, row by row, under the
 * host's rate limit, with progress and cancel. Each row's answer is written as values
 * beside the inputs (what a 500-row REQUIRED_PRICE grid needs). A failed row shows its
 * error text in its own row and spoils no other.
 */
import type { Program } from "../core/effects";
import { isApiError } from "../core/errors";
import type { Cell, CellInput, CellResult } from "../functions/cells";
import { errorsAsText } from "../functions/cells";
import type { SheetFunction } from "../functions/define";
import { functionByName } from "../functions/index";
import { ImportCancelled } from "./runner";

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
  readonly done: number;
  readonly total: number;
  readonly failed: number;
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
 * One result as a row of cells: a scalar as one cell; a one-record table (header + row) as
 * its row; a two-column breakdown (line, amount) as its amounts across.
 */
export function answerRow(answer: CellResult): { header: string[] | null; cells: Cell[] } {
  const result = errorsAsText(answer); // a failed row's CellError as "Error: ..." text
  if (!Array.isArray(result)) return { header: null, cells: [result] };
  if (result.length === 2 && (result[0]?.length ?? 0) > 0) {
    return { header: (result[0] ?? []).map(String), cells: result[1] ?? [] };
  }
  if (result.every((r) => r.length === 2)) {
    const body = result.slice(1);
    return { header: body.map((r) => String(r[0])), cells: body.map((r) => r[1] ?? "") };
  }
  return { header: null, cells: [`Returns a table of ${result.length} rows: pick a field`] };
}

/** The error text a failed row shows. */
export function rowError(e: unknown): string {
  const message = isApiError(e) || e instanceof Error ? e.message : String(e);
  return `#ERROR: ${message}`;
}

/** Host services for a bulk run. */
export interface BulkRunDeps {
  run(program: Program<CellResult>): Promise<CellResult>;
  readonly onProgress?: (p: BulkProgress) => void;
  readonly signal?: AbortSignal;
  /** Rows answered at once (the host's limiter still holds the rate); default 4. */
  readonly concurrency?: number;
}

/** Answer every input row; the result has one row per input row (plus a header if asked). */
export async function runBulk(
  job: BulkJob,
  input: readonly (readonly Cell[])[],
  deps: BulkRunDeps,
): Promise<Cell[][]> {
  const fn = bulkFunction(job);
  const body = job.hasHeader ? input.slice(1) : input.slice();
  const answers: Cell[][] = new Array<Cell[]>(body.length);
  let header: string[] | null = null;
  let done = 0;
  let failed = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (deps.signal?.aborted) throw new ImportCancelled();
      const i = next++;
      if (i >= body.length) return;
      const row = body[i] ?? [];
      try {
        if (row.every((c) => c === "" || c === null)) {
          answers[i] = [""];
        } else {
          const answer = answerRow(await deps.run(fn.program(bulkRowArgs(job, row))));
          header = header ?? answer.header;
          answers[i] = answer.cells;
        }
      } catch (e) {
        if (deps.signal?.aborted) throw new ImportCancelled();
        failed++;
        answers[i] = [rowError(e)];
      }
      done++;
      deps.onProgress?.({ done, total: body.length, failed });
    }
  };
  const workers = Math.max(1, Math.min(deps.concurrency ?? 4, body.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  const width = Math.max(1, ...answers.map((r) => r.length));
  const pad = (r: readonly Cell[]): Cell[] => [...r, ...new Array<Cell>(width - r.length).fill("")];
  const out = answers.map(pad);
  if (job.hasHeader) {
    const top: Cell[] = header ?? [fn.name];
    out.unshift(pad(top));
  }
  return out;
}
