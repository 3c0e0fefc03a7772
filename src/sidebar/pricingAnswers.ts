/**
 * A pricing sheet's answers for the rows asked: the lowest buyer price that reaches each target
 * margin, or on A target profit, from A21 (asked at a list price well above today's, so its largest discount lands on
 * that price whether it is above or below today's) or B14/C8 (at today's list price: a target
 * it does not reach is said, with what to do), and profit and margin at each planned buyer
 * price from A22/B15/C9. Batches of 500 variants per target; nothing per row. A job asks the
 * batches one at a time (askBatch) and keeps the answers between its steps, compact.
 */
import type { ApiCall } from "../core/effects";
import { messageOf } from "../core/errors";
import { currencyDecimals } from "../core/figure";
import { aboveListPriceNote, plannedAboveList } from "../imports/pricingNotes";
import { plannedCallsBC, targetCallsBC } from "../imports/pricingCallsBC";
import { BOTH_TARGETS_NOTE } from "../imports/pricingProfit";
import {
  plannedCalls,
  previewAnswers,
  targetCalls,
  type Asked,
  type PreviewAnswer,
  type PricingAnswer,
  type PricingWhere,
} from "../imports/pricingSheet";
import { profitAtCost } from "../core/costBook";
import { unitFiguresOf } from "../imports/feeChange/unitFigures";
import { isPassing } from "./jobs/passing";
import type { Op } from "./op";

/** Answers by row id, as a job keeps them between steps. */
export type PreviewAnswers = Record<string, PreviewAnswer>;

/** One preview request and the rows it answers. */
export interface PreviewBatch {
  readonly call: ApiCall;
  readonly ids: readonly string[];
}

/** Where an adjusted entry holds the buyer price, profit and margin (A21/A22 vs B and C). */
const FIELDS = {
  A: { price: "buyerPrice", profit: "netProfit", margin: "margin" },
  BC: { price: "resultingBuyerPrice", profit: "resultingProfit", margin: "resultingMargin" },
} as const;
/** What an answer keeps of its entry: the figures above and whether a discount was needed. */
const KEPT = [
  ...Object.values(FIELDS.A),
  ...Object.values(FIELDS.BC),
  "noDiscountNeeded",
  "originalPrice",
];

const money = (v: unknown): number | "" => (typeof v === "number" ? v : "");

const isBC = (where: PricingWhere): boolean =>
  where.marketplace === "B" || where.marketplace === "C";

const batches = (list: readonly { call: ApiCall; rows: Asked[] }[]): PreviewBatch[] =>
  list.map((b) => ({ call: b.call, ids: b.rows.map((r) => r.id) }));

/** A21/B14/C8 requests for the rows whose target changed. */
export const targetBatches = (where: PricingWhere, asked: readonly Asked[]): PreviewBatch[] =>
  batches(isBC(where) ? targetCallsBC(where, asked) : targetCalls(where, asked));

/** A22/B15/C9 requests for the rows whose planned price changed. */
export const plannedBatches = (where: PricingWhere, asked: readonly Asked[]): PreviewBatch[] =>
  batches(isBC(where) ? plannedCallsBC(where, asked) : plannedCalls(where, asked));

/** An answer with only what the sheet reads of it (a job keeps thousands between steps). */
function compact(a: PreviewAnswer): PreviewAnswer {
  if (!("entry" in a)) return a;
  return {
    entry: Object.fromEntries(KEPT.filter((k) => k in a.entry).map((k) => [k, a.entry[k]])),
  };
}

/**
 * Ask one batch: its rows' answers land in `into`. A batch the API refused for good answers
 * each of its rows with why, and `failed` names it (the refresh log); a passing failure (no
 * quota, a 5xx burst) is thrown, so the job asks it again after a wait.
 */
export function* askBatch(
  ask: (endpoint: string, params: Record<string, unknown>) => Op<unknown>,
  explain: (e: unknown) => string,
  batch: PreviewBatch,
  into: PreviewAnswers,
  failed: string[],
  /** What an answer keeps (a job holds it between steps). */
  keep: (a: PreviewAnswer) => PreviewAnswer = compact,
): Op<void> {
  try {
    const data = yield* ask(batch.call.endpoint, batch.call.params);
    for (const [id, a] of previewAnswers(data)) into[id] = keep(a);
  } catch (e) {
    if (isPassing(e)) throw e;
    const why = explain(e) || messageOf(e);
    failed.push(`${batch.call.endpoint}: ${why}`);
    for (const id of batch.ids) into[id] = { reason: why };
  }
}

/**
 * Today's list price of a planned-price answer given at it because the planned price is above
 * it (the previews discount from the list price and cannot raise it); null otherwise.
 */
export function listPriceAbove(
  q: PreviewAnswer | undefined,
  planned: number,
  decimals: number,
  bc: boolean,
): number | null {
  if (!q || !("entry" in q) || q.entry.noDiscountNeeded !== true) return null;
  // With no discount the buyer pays the list price: either field names it.
  const shown = money(q.entry.originalPrice);
  const list = shown === "" ? money(q.entry[(bc ? FIELDS.BC : FIELDS.A).price]) : shown;
  return list !== "" && plannedAboveList(planned, list, decimals) ? list : null;
}

/** What an A row priced for a target says when the cost book gives its cost. */
const A21_AT_API_COST =
  "Price for target at the API's cost: A's target preview (A21) takes no cost; the profit at the planned price counts the Cost book's";

/** A's preview answer at the team's cost `cogs`: [profit, margin] (null: no cost line). */
function atTeamCost(
  entry: Record<string, unknown>,
  cogs: number,
  decimals: number,
): [number, number | ""] | null {
  const f = unitFiguresOf(entry);
  if (!f) return null;
  const profit = profitAtCost(f.profit, f.cogs, cogs, decimals);
  return [profit, f.revenue > 0 ? profit / f.revenue : ""];
}

/** Each asked row's answer cells from the previews' answers, and what failed (the log). */
export function combineAnswers(
  where: PricingWhere & { readonly currency?: string | null },
  asked: readonly Asked[],
  targets: PreviewAnswers,
  planned: PreviewAnswers,
  failed: readonly string[],
  /** A's words for a target A21 could not reach at any discount (pricingCeiling.ts), or null. */
  unreached: (r: Asked) => string | null = () => null,
): { answers: Map<string, PricingAnswer>; errors: string } {
  const bc = isBC(where);
  const f = bc ? FIELDS.BC : FIELDS.A;
  const decimals = currencyDecimals(where.currency ?? null);
  const answers = new Map<string, PricingAnswer>();
  for (const r of asked) {
    const t = targets[r.id];
    const q = planned[r.id];
    const notes: string[] = [];
    if (r.unread) notes.push(r.unread);
    if (r.inputs.profit !== null && r.inputs.target !== null) notes.push(BOTH_TARGETS_NOTE);
    let priceForTarget: number | "" = "";
    if (t && "entry" in t) {
      priceForTarget = money(t.entry[f.price]);
      if (!bc && r.cogs !== undefined) notes.push(A21_AT_API_COST);
    } else if (t && bc && t.code === "unreachable_margin")
      // B14/C8 discount from today's list price; they cannot raise it.
      notes.push(
        `Target not reached even at today's list price (no discount): raise the list price on the marketplace, or lower the target`,
      );
    else if (t) notes.push(unreached(r) ?? `Target: ${t.reason}`);
    let profitAtPlanned: number | "" = "";
    let marginAtPlanned: number | "" = "";
    if (q && "entry" in q) {
      const planned = r.inputs.planned ?? 0;
      const list = listPriceAbove(q, planned, decimals, bc);
      // A planned price above today's list price is answered at the list price, not the price
      // asked: the row says so (a new sheet's default never is: pricingDefaults.ts).
      if (list !== null) notes.push(aboveListPriceNote(planned, list, r.priceToday, decimals));
      else {
        profitAtPlanned = money(q.entry[f.profit]);
        marginAtPlanned = money(q.entry[f.margin]);
        // A's previews take no cost: at the cost book's, the profit moves by the difference.
        const atCost = !bc && r.cogs !== undefined ? atTeamCost(q.entry, r.cogs, decimals) : null;
        if (atCost) [profitAtPlanned, marginAtPlanned] = atCost;
      }
    } else if (q) notes.push(`Planned price: ${q.reason}`);
    answers.set(r.id, { priceForTarget, profitAtPlanned, marginAtPlanned, note: notes.join("; ") });
  }
  return { answers, errors: failed.join("; ").slice(0, 500) };
}
