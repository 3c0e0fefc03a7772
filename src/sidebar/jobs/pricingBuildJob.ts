/**
 * "New pricing sheet" as a job. Its stages, each resumable from the checkpoint:
 *   lists    today's rows from the shop's lists (A7 and A12, B8 and B7, C7): the plan's ground
 *   figures  each model's own figures (A6 a product, or A1 100 models: pricingLists.ts)
 *   early    planned-price previews at Price today (pricingDefaults.ts), 500 rows a request
 *   check    may the sheet be written (sheetChoice: free, or replace on the seller's yes)
 *   write    the table, formulas, highlight and record, with a "building" stamp
 *   targets  target previews, 500 rows a request
 *   ceilings A's ceiling for each target A21 could not reach (pricingCeiling.ts), if any
 *   answers  the answer cells, the record's inputs and the stamp
 *   log      the refresh log's row, and the sheet shown
 * Units within a stage go in order, and a stage's unit changes the state only once it is
 * done, so a step stopped anywhere resumes at its first unfinished unit.
 */
import { teamCostBook } from "../costBookSheet";
import { costedPricingRows } from "../../imports/costBook/pricingCosts";
import type { ProfitBasis } from "../../functions/basis";
import { currencyDecimals } from "../../core/figure";
import {
  rowId,
  withModelFigures,
  type Asked,
  type PricingRow,
  type PricingWhere,
} from "../../imports/pricingSheet";
import { io, type Op } from "../op";
import {
  askBatch,
  combineAnswers,
  plannedBatches,
  targetBatches,
  type PreviewAnswers,
  type PreviewBatch,
} from "../pricingAnswers";
import { askCeiling, ceilingBatches, ceilingNote } from "../pricingCeiling";
import { writeStage } from "./pricingBuildWrite";
import { firstAsked, plannedAtList } from "../pricingDefaults";
import { figureCalls, figureEntries, todayRows, type ListAsk } from "../pricingLists";
import { sheetChoice, type SheetChoice } from "../pricingReplace";
import { heldWithin } from "../../imports/pricingLeftover";
import { parseTableRecord } from "../../imports/managedTable";
import type { Cell } from "../../functions/cells";
import type { SidebarPorts } from "../ports";
import {
  SHOP_WORD,
  checkPricingAsk,
  logPricing,
  newSheetGrid,
  writeAnswerCells,
  type CheckedAsk,
  type PricingOutcome,
  type PricingSheetAsk,
} from "../pricingSheet";
import type { PricingRecord } from "../pricingReplace";
import type { JobKind, StepContext, StepEnd } from "./jobKind";
import { askSplit, asksFor, oneAsk, splitWords, type Split } from "./splitAsk";

type Stage =
  "lists" | "figures" | "early" | "check" | "write" | "targets" | "ceilings" | "answers" | "log";

/** A build's checkpoint (plain JSON; linear in its rows). */
export interface BuildState {
  readonly ask: CheckedAsk;
  /** The basis at the start: the whole sheet stands on one. */
  readonly basis: ProfitBasis;
  replace: boolean;
  stage: Stage;
  /** The next unit of the stage (a request's index). */
  next: number;
  /** Requests this build sent (its log row and outcome). */
  requests: number;
  rows: PricingRow[];
  /** The rows count the Cost book's costs (applied once, before the first previews). */
  costed?: boolean;
  dataFreshAt: string | null;
  currency: string | null;
  missing: string[];
  early: PreviewAnswers;
  targets: PreviewAnswers;
  /** A22's two points of each row A21 could not price (absent in older checkpoints). */
  ceilings?: PreviewAnswers;
  failed: string[];
  /** The old sheet's size to blank, and its highlight's rows (a replaced build). */
  blank: { rows: number; width: number } | null;
  highlighted: number;
  record: PricingRecord | null;
  /** When the log step's row is stamped (kept, so the step run again finds its row). */
  logAt?: number;
  /** Rows a preview carries since the API could not finish a batch in time (splitAsk.ts). */
  split?: Split;
}

const whereOf = (s: BuildState): PricingWhere => ({
  marketplace: s.ask.marketplace,
  shopId: s.ask.shopId,
  region: s.ask.region,
  includeVat: s.basis.countVat,
});

const listAsk = (s: BuildState): ListAsk => ({
  ...s.ask,
  includeVat: s.basis.countVat,
  salesWindowDays: s.basis.salesWindowDays,
});

/** The rows as asked: default inputs, planned at the list price where the early answers say. */
function askedOf(s: BuildState): { asked: Asked[]; listed: Record<string, number> } {
  const decimals = currencyDecimals(s.currency);
  return plannedAtList(firstAsked(s.rows, decimals), s.early, whereOf(s), decimals);
}

/** The state's rows, asked, grid: what the sheet holds before its answers. */
function sheetOf(s: BuildState) {
  const { asked, listed } = askedOf(s);
  return { asked, listed, ...newSheetGrid(s.ask, s.rows, asked, s.missing) };
}

/**
 * The build's way to ask: as the job, each answer counted in its requests, a batch the API
 * could not finish in time asked again in smaller parts (splitAsk.ts).
 */
const askerOf =
  (s: BuildState, ctx: StepContext) =>
  (endpoint: string, params: Record<string, unknown>): Op<unknown> =>
    askSplit(ctx.ask, endpoint, params, (s.split ??= {}), () => void s.requests++);

/**
 * Ask units from `list` while the step may, each answered into the state; the units' requests
 * (`callOf`) go ahead together where the host can (StepContext.ahead): they are independent.
 */
function* units<T>(
  s: BuildState,
  ctx: StepContext,
  list: readonly T[],
  callOf: (unit: T) => { readonly endpoint: string; readonly params: Record<string, unknown> },
  one: (unit: T) => Op<void>,
  then: Stage,
): Op<void> {
  while (s.next < list.length && (yield* ctx.more())) {
    yield* ctx.ahead(
      list.slice(s.next).map((u) => {
        const c = callOf(u);
        return oneAsk(c.endpoint, c.params, s.split);
      }),
    );
    yield* one(list[s.next] as T);
    s.next++;
  }
  if (s.next >= list.length) [s.stage, s.next] = [then, 0];
}

/** Rows a figures call carries (A1's model ids; 1 for a product's own call). */
const rowsOfCall = (params: Record<string, unknown>): number =>
  Array.isArray(params.modelIds) ? params.modelIds.length : 1;

/** Each row's index by id: figures land on their row in one lookup. */
const rowIndex = (rows: readonly PricingRow[]): Map<string, number> =>
  new Map(rows.map((r, i) => [rowId(r.itemId, r.modelId), i]));

function* listsStage(s: BuildState, ctx: StepContext): Op<void> {
  const today = yield* todayRows(function* (endpoint, params) {
    s.requests++;
    return yield* ctx.ask(endpoint, params);
  }, listAsk(s));
  const m = s.ask.marketplace;
  if (today.rows.length === 0)
    throw new Error(
      m === "C"
        ? `None of these products is in shop ${s.ask.shopId}: check the ids (${s.ask.productIds.slice(0, 3).join(", ")})`
        : `${SHOP_WORD[m]} ${s.ask.shopId} ${s.ask.region} has no products to price`,
    );
  Object.assign(s, { ...today, stage: "figures", next: 0 });
}

/** Where a figure answer's model entry lands: its row's index, if the sheet has that row. */
function rowOfEntry(index: ReadonlyMap<string, number>, e: unknown): number | undefined {
  const r = e !== null && typeof e === "object" ? (e as Record<string, unknown>) : {};
  return index.get(rowId(r.itemId, r.modelId));
}

/** The sheet as a replace of this build's own cells, when it holds nothing else; else null. */
function* ownWrite(
  p: SidebarPorts,
  name: string,
  wanted: readonly (readonly Cell[])[],
): Op<SheetChoice | null> {
  const grid = yield* io(() => p.tables.read(name));
  if (!grid || !grid.some((r) => r.some((c) => c !== "" && c !== null))) return null;
  if (!heldWithin(grid, wanted)) return null;
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(name)));
  const width = Math.max(0, ...grid.map((r) => r.length));
  const values = grid.map(() => Array<string>(width).fill(""));
  return {
    kind: "replace",
    blank: { row: 0, col: 0, values, formats: Array<string>(width).fill("General") },
    highlighted: (record as PricingRecord | null)?.pricing?.highlighted ?? 0,
  };
}

/** What is left, stage by stage: requests of the stages ahead, the writes ahead. */
const ORDER: readonly Stage[] = [
  "lists",
  "figures",
  "early",
  "check",
  "write",
  "targets",
  "ceilings",
  "answers",
  "log",
];
const WRITES: readonly Stage[] = ["check", "write", "answers", "log"];

export const pricingBuildJob: JobKind<PricingSheetAsk, BuildState> = {
  *begin(p, input) {
    const ask = checkPricingAsk(input);
    // A new sheet never writes over cells the seller typed (sheetChoice throws then).
    const first = yield* sheetChoice(p, ask.sheetName, input.replace === true);
    const state: BuildState = {
      ask,
      basis: yield* io(() => p.basis()),
      replace: input.replace === true,
      stage: "lists",
      next: 0,
      requests: 0,
      rows: [],
      dataFreshAt: null,
      currency: null,
      missing: [],
      early: {},
      targets: {},
      failed: [],
      blank: null,
      highlighted: 0,
      record: null,
    };
    const where = [ask.marketplace, ask.shopId, ask.region].filter(Boolean).join(" ");
    return {
      state,
      title: `Pricing sheet · ${where} → ${ask.sheetName}`,
      sheet: ask.sheetName,
      ...(first.kind === "ask" ? { question: first.question } : {}),
    };
  },

  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one reads nothing
  *answer(_p, s, yes) {
    if (!yes)
      return `Nothing written: ${s.ask.sheetName} is kept. Name a new sheet to make another.`;
    s.replace = true;
    return null;
  },

  *step(p, s, ctx): Op<StepEnd> {
    const where = whereOf(s);
    const ask = askerOf(s, ctx);
    const name = s.ask.sheetName;
    switch (s.stage) {
      case "lists":
        yield* listsStage(s, ctx);
        return { kind: "more" };
      case "figures": {
        const index = rowIndex(s.rows);
        yield* units(
          s,
          ctx,
          figureCalls(listAsk(s), s.rows),
          (c) => c,
          function* (c) {
            for (const e of figureEntries(yield* ask(c.endpoint, c.params))) {
              const at = rowOfEntry(index, e);
              const row = at === undefined ? undefined : s.rows[at];
              if (at !== undefined && row) s.rows[at] = withModelFigures([row], [e])[0] ?? row;
            }
          },
          "early",
        );
        return { kind: "more" };
      }
      case "early": {
        if (!s.costed) {
          // Today's figures at the team's costs where the cost book has them (issue 34 item 5),
          // once: the previews are asked with them, and a resumed step must not count it twice.
          const day = new Date(p.now()).toISOString().slice(0, 10);
          const book = yield* teamCostBook(p);
          const decimals = currencyDecimals(s.currency);
          s.rows = costedPricingRows(s.rows, book, s.ask.marketplace, day, decimals);
          s.costed = true;
        }
        const first = firstAsked(s.rows, currencyDecimals(s.currency));
        yield* units(
          s,
          ctx,
          plannedBatches(where, first),
          (b) => b.call,
          (b) => askBatch(ask, p.api.explain, b, s.early, s.failed),
          "check",
        );
        return { kind: "more" };
      }
      case "check": {
        // The sheet may hold this build's own cells: its write went in, the checkpoint after it
        // did not (a closed tab, a save mid-step). They are written again, not asked about.
        const choice =
          (yield* ownWrite(p, name, sheetOf(s).grid)) ?? (yield* sheetChoice(p, name, s.replace));
        if (choice.kind === "ask") return { kind: "ask", question: choice.question };
        if (choice.kind === "replace") {
          s.blank = { rows: choice.blank.values.length, width: choice.blank.formats.length };
          s.highlighted = choice.highlighted;
        }
        s.stage = "write";
        return { kind: "more" };
      }
      case "write":
        yield* writeStage(p, s, ctx, sheetOf(s));
        return { kind: "more" };
      case "targets":
        yield* units(
          s,
          ctx,
          targetBatches(where, askedOf(s).asked),
          (b) => b.call,
          (b) => askBatch(ask, p.api.explain, b, s.targets, s.failed),
          "ceilings",
        );
        return { kind: "more" };
      case "ceilings": {
        const into = (s.ceilings ??= {});
        yield* units(
          s,
          ctx,
          ceilingBatches({ ...where, currency: s.currency }, askedOf(s).asked, s.targets),
          (b) => b.call,
          (b) => askCeiling(ask, p.api.explain, b, into, s.failed),
          "answers",
        );
        return { kind: "more" };
      }
      case "answers": {
        const { asked, grid } = sheetOf(s);
        const { answers } = combineAnswers(
          { ...where, currency: s.currency },
          asked,
          s.targets,
          s.early,
          s.failed,
          (r) => ceilingNote(s.ceilings ?? {}, r),
        );
        const rowOf = Object.fromEntries(asked.map((a, i) => [a.id, 1 + i]));
        yield* writeAnswerCells(p, name, s.record as PricingRecord, asked, rowOf, answers, grid);
        [s.stage, s.logAt] = ["log", p.now()];
        return { kind: "more" };
      }
      case "log": {
        const { asked } = askedOf(s);
        const missing = s.missing.length
          ? `not in shop ${s.ask.shopId}: ${s.missing.slice(0, 10).join(", ")}${s.missing.length > 10 ? ` and ${s.missing.length - 10} more` : ""}`
          : "";
        const errors = [missing, s.failed.join("; ")].filter(Boolean).join("; ").slice(0, 500);
        yield* logPricing(
          p,
          name,
          s.record as PricingRecord,
          {
            requests: s.requests,
            rows: asked.length,
            errors,
          },
          s.logAt,
        );
        // Last: in Google Sheets a sheet inserted since (the Refresh log) became the active one.
        yield* io(() => p.tables.show?.(name));
        const outcome: PricingOutcome = {
          sheetName: name,
          rows: s.rows.length + s.missing.length,
          asked: asked.length,
          requests: s.requests,
          ...(s.missing.length ? { notFound: s.missing } : {}),
        };
        return { kind: "done", result: outcome };
      }
    }
  },

  left(s) {
    const planned = s.stage !== "lists";
    const where = whereOf(s);
    const first = planned ? firstAsked(s.rows, currencyDecimals(s.currency)) : [];
    // Each unit's requests: one, or its parts since a split (splitAsk.ts).
    const asks = (list: readonly PreviewBatch[]): number[] =>
      list.map((b) => asksFor(b.call.endpoint, b.ids.length, s.split));
    const counts: Partial<Record<Stage, number[]>> = {
      figures: figureCalls(listAsk(s), s.rows).map((c) =>
        asksFor(c.endpoint, rowsOfCall(c.params), s.split),
      ),
      early: asks(plannedBatches(where, first)),
      targets: asks(targetBatches(where, first)),
      // Known as the targets are answered (none before: most sheets need none): counted from
      // the first target answer that did not reach its margin, so the plan grows then.
      ceilings:
        s.stage === "ceilings" || s.stage === "targets"
          ? asks(ceilingBatches({ ...where, currency: s.currency }, askedOf(s).asked, s.targets))
          : [],
    };
    const now = ORDER.indexOf(s.stage);
    const ahead = (st: Stage): boolean => ORDER.indexOf(st) >= now;
    const sum = (list: readonly number[]): number => list.reduce((a, b) => a + b, 0);
    const requests = planned
      ? ORDER.filter(ahead).reduce(
          (n, st) => n + sum((counts[st] ?? []).slice(st === s.stage ? s.next : 0)),
          0,
        )
      : 0;
    const rows = s.rows.length;
    const written = now > ORDER.indexOf("write");
    return {
      requests,
      writes: WRITES.filter(ahead).length,
      rows,
      rowsWritten: written ? rows : 0,
      planned,
    };
  },

  doing(s) {
    const rows = `${s.rows.length.toLocaleString("en-US")} rows`;
    const slow = splitWords(s.split);
    const words: Record<Stage, string> = {
      lists: "asking the shop's lists",
      figures: `asking each model's own figures${slow}`,
      early: `asking the planned prices' previews${slow}`,
      check: `checking ${s.ask.sheetName} is free to write`,
      write: `writing ${rows}, their formulas and the highlight`,
      targets: `asking the target prices' previews${slow}`,
      ceilings: `asking the highest margin of the targets not reached${slow}`,
      answers: `writing the answers of ${rows}`,
      log: "writing the refresh log",
    };
    return words[s.stage];
  },

  *drop() {
    // The sheet stays as far as it was written: its record lets a new build replace it.
  },
};
