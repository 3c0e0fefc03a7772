/**
 * A pricing sheet's Refresh as a job: the rows whose inputs changed since their answer are
 * found at the start (refreshAsked, from the sheet and its record), their previews asked one
 * batch a unit (targets, then planned prices), then the answer cells, record and stamp
 * written, then the refresh log's row. Only answer cells are written: the seller's stay theirs.
 */
import type { Cell } from "../../functions/cells";
import { parseTableRecord } from "../../imports/managedTable";
import type { Asked } from "../../imports/pricingSheet";
import { io, type Op } from "../op";
import {
  askBatch,
  combineAnswers,
  plannedBatches,
  targetBatches,
  type PreviewAnswers,
} from "../pricingAnswers";
import { askCeiling, ceilingBatches, ceilingNote } from "../pricingCeiling";
import type { PricingRecord } from "../pricingReplace";
import {
  logPricing,
  refreshAsked,
  storedGrid,
  writeAnswerCells,
  type PricingOutcome,
} from "../pricingSheet";
import type { JobKind, StepEnd } from "./jobKind";
import { askSplit, asksFor, oneAsk, splitWords, type Split } from "./splitAsk";

/** A refresh's checkpoint (plain JSON; linear in the sheet's rows). */
export interface RefreshState {
  readonly sheetName: string;
  readonly record: PricingRecord;
  /** The sheet's cells at the start (the fingerprint after the write is of them). */
  readonly grid: Cell[][];
  readonly asked: Asked[];
  readonly rowOf: Record<string, number>;
  stage: "ask" | "answers" | "log";
  next: number;
  targets: PreviewAnswers;
  planned: PreviewAnswers;
  /** A22's two points of each row A21 could not price (absent in older checkpoints). */
  ceilings?: PreviewAnswers;
  failed: string[];
  answered: number;
  /** When the log step's row is stamped (kept, so the step run again finds its row). */
  logAt?: number;
  /** Rows a preview carries since the API could not finish a batch in time (splitAsk.ts). */
  split?: Split;
  /** Requests answered (absent in older checkpoints: one a batch). */
  requests?: number;
}

/** The requests in order; the ceilings' are known once the targets are answered. */
const batchesOf = (s: RefreshState) => ({
  targets: targetBatches(s.record.pricing, s.asked),
  planned: plannedBatches(s.record.pricing, s.asked),
  ceilings: ceilingBatches(s.record.pricing, s.asked, s.targets),
});

export const pricingRefreshJob: JobKind<{ sheetName: string }, RefreshState> = {
  *begin(p, input) {
    const sheetName = String(input.sheetName);
    const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
    if (!record || !("pricing" in record))
      throw new Error(`${sheetName} is not a pricing sheet: make one with "New pricing sheet"`);
    const pricing = record as PricingRecord;
    const cells = (yield* io(() => p.tables.read(sheetName))) ?? [];
    const { asked, rowOf } = refreshAsked(cells, pricing, sheetName);
    const grid = storedGrid(cells);
    const state: RefreshState = {
      sheetName,
      record: pricing,
      grid,
      asked,
      rowOf,
      stage: "ask",
      next: 0,
      targets: {},
      planned: {},
      ceilings: {},
      failed: [],
      answered: 0,
    };
    const title = `${pricing.pricing.title.split("\n")[0] ?? "Pricing sheet"} → ${sheetName}`;
    return { state, title: `Refresh of ${title}`, sheet: sheetName };
  },

  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one reads nothing
  *answer() {
    return null;
  },

  *step(p, s, ctx): Op<StepEnd> {
    if (s.stage === "ask") {
      const ceilings = (s.ceilings ??= {});
      const split = (s.split ??= {});
      const ask = (endpoint: string, params: Record<string, unknown>) =>
        askSplit(ctx.ask, endpoint, params, split, () => void (s.requests = (s.requests ?? 0) + 1));
      for (;;) {
        // Targets, planned prices, then the ceilings of the targets A21 could not reach.
        const { targets, planned, ceilings: more } = batchesOf(s);
        const first = targets.length + planned.length;
        if (s.next >= first + more.length) {
          s.stage = "answers";
          break;
        }
        if (!(yield* ctx.more())) break;
        // The batches are independent: they go ahead together where the host can.
        yield* ctx.ahead(
          [...targets, ...planned, ...more]
            .slice(s.next)
            .map((b) => oneAsk(b.call.endpoint, b.call.params, split)),
        );
        const into = s.next < targets.length ? s.targets : s.planned;
        const batch = [...targets, ...planned][s.next];
        if (batch) yield* askBatch(ask, p.api.explain, batch, into, s.failed);
        const ceiling = more[s.next - first];
        if (!batch && ceiling) yield* askCeiling(ask, p.api.explain, ceiling, ceilings, s.failed);
        s.next++;
      }
      return { kind: "more" };
    }
    const where = s.record.pricing;
    const ceilings = s.ceilings ?? {};
    const { answers, errors } = combineAnswers(
      where,
      s.asked,
      s.targets,
      s.planned,
      s.failed,
      (r) => ceilingNote(ceilings, r),
    );
    if (s.stage === "answers") {
      yield* writeAnswerCells(p, s.sheetName, s.record, s.asked, s.rowOf, answers, s.grid);
      [s.stage, s.answered, s.logAt] = ["log", answers.size, p.now()];
      return { kind: "more" };
    }
    const requests = s.requests ?? s.next;
    yield* logPricing(p, s.sheetName, s.record, { requests, rows: s.answered, errors }, s.logAt);
    const outcome: PricingOutcome = {
      sheetName: s.sheetName,
      rows: s.grid.length - 1,
      asked: s.answered,
      requests,
    };
    return { kind: "done", result: outcome };
  },

  left(s) {
    const { targets, planned, ceilings } = batchesOf(s);
    // Each batch's requests: one, or its parts since a split (splitAsk.ts).
    const requests =
      s.stage === "ask"
        ? [...targets, ...planned, ...ceilings]
            .slice(s.next)
            .reduce((n, b) => n + asksFor(b.call.endpoint, b.ids.length, s.split), 0)
        : 0;
    const writes = s.stage === "ask" ? 2 : s.stage === "answers" ? 2 : 1;
    const rows = s.asked.length;
    return { requests, writes, rows, rowsWritten: s.stage === "log" ? rows : 0, planned: true };
  },

  doing(s) {
    const n = s.asked.length.toLocaleString("en-US");
    return s.stage === "ask"
      ? `asking the API for ${n} changed row${s.asked.length === 1 ? "" : "s"}${splitWords(s.split)}`
      : s.stage === "answers"
        ? `writing ${n} rows' answers`
        : "writing the refresh log";
  },

  *drop() {
    // Nothing was written before the answers: the sheet is as it was.
  },
};
