/**
 * "Fee-change sheet" and its Refresh as a job (issue 34 item 2). Its stages, each resumable
 * from the checkpoint:
 *   start  the day the new fees apply: the one typed, or on A the next change the API names
 *          (A20, one request, asked as the job: in its share of the quota, counted, in the
 *          cost said before it starts with the sheet's planned requests)
 *   ask    the sheet's requests (imports/feeChange/feeChangeStages.ts), one a unit
 *   write  the summary and the managed table under it (feeChangeSheet.ts)
 * Nothing is written before the last request is answered; the write merges by id, so a stop
 * after it and a resume writes the same cells and no row twice.
 */
import { parseTableRecord } from "../../imports/managedTable";
import { firstFeeChangeState, type FeeChangeState } from "../../imports/feeChange/feeChangeAsk";
import { feeChangeStages } from "../../imports/feeChange/feeChangeStages";
import { listsDone } from "../../imports/sheetSteps";
import { checkedSheetName } from "../decisionTable";
import { checkedFeeChange, feeChangeStart } from "../feeChange";
import {
  isFeeChange,
  sheetOwner,
  writeFeeChangeSheet,
  type FeeChangeSheetAsk,
} from "../feeChangeSheet";
import { io } from "../op";
import type { JobKind } from "./jobKind";
import { stagedGuess, stagedLeft, stagedUnits, type StagedProgress } from "./stagedSteps";
import { splitWords } from "./splitAsk";

/** A new sheet's question, or the sheet to refresh (its question asked again). */
export type FeeChangeJobAsk = FeeChangeSheetAsk | { readonly refresh: string };

export interface FeeChangeJobState {
  ask: FeeChangeSheetAsk;
  stage: "start" | "ask" | "write";
  /** The A20 request that named the date (0 when it was typed). */
  dateRequests: number;
  run: StagedProgress<FeeChangeState> | null;
  /** The sheet's requests as planned before the start (the date's request apart). */
  plan?: number;
}

/** Requests the start asks: A20 for the date unless one was typed. */
const dateCost = (ask: FeeChangeSheetAsk): number => (ask.date ? 0 : 1);

export const feeChangeJob: JobKind<FeeChangeJobAsk, FeeChangeJobState> = {
  perStep: 20,
  *begin(p, input) {
    let ask: FeeChangeSheetAsk;
    if ("refresh" in input) {
      const name = checkedSheetName(input.refresh);
      const record = parseTableRecord(yield* io(() => p.tables.readRecord(name)));
      if (!isFeeChange(record))
        throw new Error(`${name} is not a fee-change sheet: make one with "Fee-change sheet"`);
      ask = { ...record.feeChange.ask, sheetName: name };
    } else ask = { ...input, sheetName: checkedSheetName(input.sheetName) };
    checkedFeeChange(ask);
    if (!ask.date && ask.marketplace !== "A")
      throw new Error(
        `Date: type the day the new fees apply (YYYY-MM-DD). Marketplace ${ask.marketplace}'s API names no scheduled changes; A's commission overview does`,
      );
    // Refused before a request is spent: a sheet holding the seller's data.
    yield* sheetOwner(p, ask.sheetName);
    const where = [ask.marketplace, ask.shopId, ask.region].filter(Boolean).join(" ");
    // The plan before the date is known: the sheet's stages at any date cost the same.
    const basis = yield* io(() => p.basis());
    const planned = firstFeeChangeState({
      marketplace: ask.marketplace,
      shopId: ask.shopId,
      region: ask.region,
      date: ask.date ?? "",
      includeVat: basis.countVat,
      salesWindowDays: basis.salesWindowDays,
      ...(ask.productIds ? { productIds: [...new Set(ask.productIds)] } : {}),
    });
    const plan = stagedLeft(feeChangeStages, { sheet: planned, batches: 0, singles: 0 });
    return {
      state: { ask, stage: "start", dateRequests: 0, run: null, plan },
      title: `Fee change${ask.date ? ` on ${ask.date}` : ""} · ${where} → ${ask.sheetName}`,
      sheet: ask.sheetName,
    };
  },
  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one asks nothing
  *answer() {
    return null;
  },
  *step(p, s, ctx) {
    if (s.stage === "start") {
      const started = yield* feeChangeStart(p, s.ask, (e, params) => ctx.ask(e, params));
      s.ask = { ...s.ask, date: started.state.ask.date };
      s.dateRequests = started.dateRequests;
      s.run = { sheet: started.state, batches: 0, singles: 0 };
      s.stage = "ask";
      return { kind: "more" };
    }
    const run = s.run as StagedProgress<FeeChangeState>;
    if (s.stage === "ask") {
      // While the shop's lists are walked, the step ends with them: the seller is asked the
      // cost before the first request it is about.
      const known = (st: FeeChangeState): boolean => listsDone(feeChangeStages(st), st);
      const until = known(run.sheet) ? undefined : known;
      if (yield* stagedUnits(p, feeChangeStages, run, ctx, Infinity, until)) s.stage = "write";
      return { kind: "more" };
    }
    const count = { batches: run.batches + s.dateRequests, singles: run.singles };
    return { kind: "done", result: yield* writeFeeChangeSheet(p, s.ask, run.sheet, count) };
  },
  left: (s) => ({
    requests:
      s.run === null
        ? dateCost(s.ask) + (s.plan ?? 0)
        : s.stage === "ask"
          ? stagedLeft(feeChangeStages, s.run)
          : 0,
    writes: 1,
    rows: 0,
    rowsWritten: 0,
    // Known once the shop's lists are walked: the cost question is asked then, on its batches.
    planned: s.run !== null && listsDone(feeChangeStages(s.run.sheet), s.run.sheet),
    // A's single requests for rows near a fee cap: a share until the previews answer.
    ...(s.run !== null && s.stage === "ask"
      ? { guessed: stagedGuess(feeChangeStages, s.run) }
      : {}),
  }),
  doing: (s) =>
    s.stage === "start"
      ? "finding the day the new fees apply"
      : s.stage === "ask"
        ? s.run !== null && !listsDone(feeChangeStages(s.run.sheet), s.run.sheet)
          ? "listing the shop's products and models"
          : `asking the fees of ${s.ask.date}${splitWords(s.run?.split)}`
        : `writing ${s.ask.sheetName}`,
  *drop() {
    // Nothing to undo: the sheet is written in the job's last step only.
  },
};
