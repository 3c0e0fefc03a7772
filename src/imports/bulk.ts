/**
 * Bulk calculation: one catalog function over a table of inputs, row by row, under the
 * host's rate limit, with progress and cancel. Each row's answer is written as values
 * beside the inputs (what a 500-row REQUIRED_PRICE grid needs). A failed row shows its
 * error text in its own row and spoils no other.
 */
import type { ProfitBasis } from "../functions/basis";
import type { AsyncClock } from "../core/clock";
import type { Program } from "../core/effects";
import { isApiError } from "../core/errors";
import { CellError } from "../core/shape";
import type { Cell, CellInput, CellResult } from "../functions/cells";
import { errorsAsText } from "../functions/cells";
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
  /**
   * Answer one row's program on the host's scheduler; the host withdraws its queued calls at
   * cancel (`signal`), so nothing is sent after the seller pressed Cancel.
   */
  run(program: Program<CellResult>): Promise<CellResult>;
  /** The host's clock. */
  readonly clock: AsyncClock;
  /** How long the host's queue waits for quota now (0 when it is not waiting): "next in N s". */
  readonly waitMs?: () => number;
  readonly onProgress?: (p: BulkProgress) => void;
  readonly signal?: AbortSignal;
  /** Different rows asked at once (the host's limiter still holds the rate); default 4. */
  readonly concurrency?: number;
  /** The seller's profit basis; the add-in's default when absent. */
  readonly basis?: ProfitBasis;
}

/** Times a row goes back in the queue after the rate limit held it past its deadline. */
const MAX_REQUEUES = 10;

/** Did the rate limit (ours while waiting, or the API's 429 after retries) stop this row? */
function isRateLimited(x: unknown): boolean {
  if (isApiError(x)) return x.code === "RATE_LIMITED";
  return x instanceof CellError && x.message.startsWith("Rate limit reached");
}

/** What a bulk run produced; on cancel the rows not answered are empty. */
export interface BulkOutcome {
  /** One row per input row (plus a header row if the job has one). */
  readonly values: Cell[][];
  readonly answered: number;
  readonly failed: number;
  /** Different rows asked (identical rows share one request). */
  readonly asked: number;
  readonly cancelled: boolean;
}

/**
 * Answer every input row. Identical rows are asked once; rate-limit waits show as "next in N s"
 * in progress. Cancel stops asking at once (nothing is sent after it) and keeps the answers
 * already in: a seller has paid quota for them, and each row stands alone (unlike an import,
 * no row depends on another). Rows not answered come back empty, so no stale answer from an
 * earlier run stays beside an input it was not calculated for.
 */
export async function runBulk(
  job: BulkJob,
  input: readonly (readonly Cell[])[],
  deps: BulkRunDeps,
): Promise<BulkOutcome> {
  const fn = bulkFunction(job);
  const body = job.hasHeader ? input.slice(1) : input.slice();
  const answers: (Cell[] | undefined)[] = Array.from({ length: body.length }, () => undefined);
  // Rows grouped by their arguments: each group is one request.
  const groups = new Map<string, { args: CellInput[]; rows: number[]; tries: number }>();
  body.forEach((row, i) => {
    if (row.every((c) => c === "" || c === null)) {
      answers[i] = [""];
      return;
    }
    const args = bulkRowArgs(job, row);
    const key = JSON.stringify(args);
    const group = groups.get(key);
    if (group) group.rows.push(i);
    else groups.set(key, { args, rows: [i], tries: 0 });
  });
  const queue = [...groups.values()];
  let header: string[] | null = null;
  let done = body.length - queue.reduce((n, g) => n + g.rows.length, 0);
  let failed = 0;
  let asked = 0;
  const cancelled = (): boolean => deps.signal?.aborted === true;
  const report = (): void => {
    const waitMs = Math.max(0, deps.waitMs?.() ?? 0);
    deps.onProgress?.({ done, total: body.length, failed, asked, ...(waitMs ? { waitMs } : {}) });
  };
  const worker = async (): Promise<void> => {
    for (let group = queue.shift(); group && !cancelled(); group = queue.shift()) {
      if (group.tries === 0) asked++;
      let cells: Cell[];
      let isError = false;
      try {
        const raw = await deps.run(fn.program(group.args, deps.basis));
        if (isRateLimited(raw) && group.tries < MAX_REQUEUES) {
          // Another row took the slot this one waited for: queue it again rather than fail it.
          group.tries++;
          queue.unshift(group);
          continue;
        }
        isError = raw instanceof CellError;
        const answer = answerRow(raw);
        header = header ?? (isError ? null : answer.header);
        cells = answer.cells;
      } catch (e) {
        if (isRateLimited(e) && group.tries < MAX_REQUEUES && !cancelled()) {
          group.tries++;
          queue.unshift(group);
          continue;
        }
        isError = true;
        cells = [rowError(e)];
      }
      // A row cut short by cancel has no answer; one that came back whole is kept.
      if (cancelled() && isError) return;
      for (const i of group.rows) answers[i] = cells;
      done += group.rows.length;
      if (isError) failed += group.rows.length;
      report();
    }
  };
  report();
  const workers = Math.max(1, Math.min(deps.concurrency ?? 4, queue.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  const width = Math.max(1, ...answers.map((r) => r?.length ?? 0));
  const pad = (r: readonly Cell[]): Cell[] => [...r, ...new Array<Cell>(width - r.length).fill("")];
  const values = answers.map((r) => pad(r ?? []));
  if (job.hasHeader) values.unshift(pad(header ?? [fn.name]));
  return { values, answered: done, failed, asked, cancelled: cancelled() };
}
