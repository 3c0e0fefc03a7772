/**
 * The client's bulk loop, written once: rows grouped so identical ones are asked once,
 * batches sent to the service's `bulkRows` (in the page for Excel and the web demo, through
 * google.script.run for Sheets), progress and cancel. Cancel stops asking at once and keeps
 * the answers already in: the seller paid quota for them and each row stands alone. Rows not
 * answered come back empty, so no stale answer stays beside an input it was not made for.
 * Rows that failed for a passing reason (no answer in time, no connection, a 5xx: a short
 * outage) are asked again twice, 30 s and 90 s after the run's other rows are done; one of
 * them goes first, and if it fails again the others wait for the next round unasked.
 */
import type { Cell } from "../core/shape";
import {
  bulkFunction,
  bulkHeader,
  bulkRowArgs,
  type BulkJob,
  type BulkProgress,
} from "../imports/bulk";
import type { PlacedAnswers } from "./answerPlace";
import type { BulkAnswer } from "./views";

/** What a bulk run produced; on cancel the rows not answered are empty. */
export interface BulkOutcome {
  /** One row per input row (plus a header row if the job has one). */
  readonly values: Cell[][];
  /** Each value's number format, as `values` ("" where the host keeps the cell's own). */
  readonly formats: string[][];
  readonly answered: number;
  readonly failed: number;
  /** Different rows asked (identical rows share one request). */
  readonly asked: number;
  readonly cancelled: boolean;
  /** Input rows asked again after a passing failure, and of those how many still failed. */
  readonly retried: number;
  readonly retriedFailed: number;
}

export interface BulkLoopDeps {
  /** The service's bulkRows: answers the first rows of a batch, at least one. */
  answer(rows: Cell[][]): Promise<BulkAnswer[]>;
  /** Rows per call (Sheets: 10 per server call); default 1. */
  readonly batchSize?: number;
  /** Calls at once (the host's scheduler still holds the rate); default 4. */
  readonly concurrency?: number;
  /** How long the host's queue waits for quota now: "next in N s" in progress. */
  readonly waitMs?: () => number;
  readonly onProgress?: (p: BulkProgress) => void;
  readonly signal?: AbortSignal;
  /** The seller's basis: the header over one-figure answers says whether VAT was counted. */
  readonly countVat?: boolean;
  /** Waits before asking again (the host's clock); default a timer. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Times a row goes back in the queue after the rate limit held it past its deadline. */
const MAX_REQUEUES = 10;
/** Waits before asking rows that failed for a passing reason again (one round each). */
export const BULK_RETRY_WAITS_MS: readonly number[] = [30_000, 90_000];

interface Group {
  readonly row: Cell[];
  readonly rows: number[];
  tries: number;
  /** Rounds it was asked again after a passing failure. */
  again: number;
}

const isEmptyRow = (row: readonly Cell[]): boolean =>
  row.every((c) => c === "" || (c as unknown) === null);

/** Answer every input row of `input` (the selection's values). */
export async function driveBulk(
  job: BulkJob,
  input: readonly (readonly Cell[])[],
  deps: BulkLoopDeps,
): Promise<BulkOutcome> {
  const fn = bulkFunction(job);
  const body = job.hasHeader ? input.slice(1) : input.slice();
  const answers: (Cell[] | undefined)[] = body.map((row) => (isEmptyRow(row) ? [""] : undefined));
  const formats: string[][] = body.map(() => []);
  // Rows grouped by their arguments: each group is one request.
  const groups = new Map<string, Group>();
  body.forEach((row, i) => {
    if (isEmptyRow(row)) return;
    const key = JSON.stringify(bulkRowArgs(job, row));
    const group = groups.get(key);
    if (group) group.rows.push(i);
    else groups.set(key, { row: [...row], rows: [i], tries: 0, again: 0 });
  });
  const queue = [...groups.values()];
  let header: string[] | null = null;
  let done = body.length - queue.reduce((n, g) => n + g.rows.length, 0);
  let failed = 0;
  let asked = 0;
  let retriedFailed = 0;
  /** Failed for a passing reason: asked again after a wait. */
  const later: Group[] = [];
  let waitUntil = 0;
  const sleep = deps.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  const cancelled = (): boolean => deps.signal?.aborted === true;
  const report = (): void => {
    const waitMs = Math.max(0, deps.waitMs?.() ?? 0, waitUntil - Date.now());
    deps.onProgress?.({ done, total: body.length, failed, asked, ...(waitMs ? { waitMs } : {}) });
  };
  const settle = (group: Group, answer: BulkAnswer): void => {
    if (answer.rateLimited && group.tries < MAX_REQUEUES && !cancelled()) {
      // Another row took the slot this one waited for: queue it again rather than fail it.
      group.tries++;
      queue.unshift(group);
      return;
    }
    // A row cut short by cancel has no answer; one that came back whole is kept.
    if (cancelled() && answer.failed) return;
    if (answer.passing && group.again < BULK_RETRY_WAITS_MS.length) {
      later.push(group);
      return;
    }
    header = header ?? answer.header ?? null;
    for (const i of group.rows) {
      answers[i] = answer.cells;
      formats[i] = answer.formats ?? [];
    }
    done += group.rows.length;
    if (answer.failed) failed += group.rows.length;
    if (answer.failed && group.again > 0) retriedFailed += group.rows.length;
  };
  const worker = async (once = false): Promise<void> => {
    while (queue.length > 0 && !cancelled()) {
      const sent = queue.splice(0, deps.batchSize ?? 1);
      for (const g of sent) if (g.tries === 0) asked++;
      let got: BulkAnswer[];
      try {
        got = await deps.answer(sent.map((g) => g.row));
      } catch (e) {
        if (cancelled()) return;
        throw e;
      }
      // A call near its time limit answers only its first rows: the rest go back in front.
      const part = sent.slice(0, Math.max(1, got.length));
      queue.unshift(...sent.slice(part.length));
      for (const g of sent.slice(part.length)) if (g.tries === 0) asked--;
      part.forEach((g, k) => settle(g, got[k] ?? { cells: [""], failed: false }));
      report();
      if (once) return;
    }
  };
  const workers = (): Promise<unknown> =>
    Promise.all(
      Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 4, queue.length)) }, () =>
        worker(),
      ),
    );
  await workers();
  for (let round = 0; later.length > 0 && !cancelled(); round++) {
    const wait = BULK_RETRY_WAITS_MS[round] ?? 0;
    waitUntil = Date.now() + wait;
    report();
    await untilOrCancel(sleep(wait), deps.signal);
    waitUntil = 0;
    const again = later.splice(0);
    for (const g of again) g.again++;
    // One row first: if the API is still away the others are not asked this round.
    queue.push(...again.slice(0, 1));
    await worker(true);
    if (later.length > 0) {
      later.push(...again.slice(1));
      continue;
    }
    queue.push(...again.slice(1));
    await workers();
  }
  // Cancelled while waiting: those rows are left empty, as any row not answered.
  const width = Math.max(1, ...answers.map((r) => r?.length ?? 0));
  const pad = (r: readonly Cell[]): Cell[] => [...r, ...new Array<Cell>(width - r.length).fill("")];
  const values = answers.map((r) => pad(r ?? []));
  const shownAs = formats.map((r) => Array.from({ length: width }, (_, j) => r[j] ?? ""));
  const figure = deps.countVat === undefined ? fn.name : bulkHeader(job, deps.countVat);
  if (job.hasHeader) {
    values.unshift(pad(header ?? [figure]));
    shownAs.unshift(new Array<string>(width).fill(""));
  }
  return {
    values,
    formats: shownAs,
    answered: done,
    failed,
    asked,
    cancelled: cancelled(),
    retried: [...groups.values()].reduce((n, g) => n + (g.again > 0 ? g.rows.length : 0), 0),
    retriedFailed,
  };
}

/** A sleep that ends early on cancel. */
function untilOrCancel(slept: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return slept;
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
    void slept.then(resolve);
  });
}

/** What a bulk run reports once its values are placed (or not, when the seller said no). */
export function bulkResult(outcome: BulkOutcome, placed: PlacedAnswers) {
  return {
    address: placed.address,
    written: placed.written,
    rows: outcome.values.length,
    failed: outcome.failed,
    answered: outcome.answered,
    asked: outcome.asked,
    cancelled: outcome.cancelled,
    ...(outcome.retried ? { retried: outcome.retried, retriedFailed: outcome.retriedFailed } : {}),
  };
}
