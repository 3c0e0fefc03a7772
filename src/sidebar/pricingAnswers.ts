/**
 * A pricing sheet's answers for the rows asked: the lowest buyer price that reaches each target
 * margin, or on A target profit, from A21 (asked at a list price well above today's, so its largest discount lands on
 * that price whether it is above or below today's) or B14/C8 (at today's list price: a target
 * it does not reach is said, with what to do), and profit and margin at each planned buyer
 * price from A22/B15/C9. Batches of 500 variants per target; nothing per row.
 */
import { call, type ApiCall } from "../core/effects";
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
import { profitAtCost } from "../imports/costBook/bookCost";
import { unitFiguresOf } from "../imports/feeChange/unitFigures";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

type Answers = Map<string, PreviewAnswer>;

/** Where an adjusted entry holds the buyer price, profit and margin (A21/A22 vs B and C). */
const FIELDS = {
  A: { price: "buyerPrice", profit: "netProfit", margin: "margin" },
  BC: { price: "resultingBuyerPrice", profit: "resultingProfit", margin: "resultingMargin" },
} as const;

const money = (v: unknown): number | "" => (typeof v === "number" ? v : "");

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

/** Planned-price answers asked before the sheet is written (a new sheet's default prices). */
export interface Early {
  readonly answers: Answers;
  readonly requests: number;
  readonly failed: readonly string[];
}

const isBC = (where: PricingWhere): boolean =>
  where.marketplace === "B" || where.marketplace === "C";

/** The previews `batches` ask, by row id; a failed request answers each of its rows with why. */
function* askAll(
  p: SidebarPorts,
  batches: readonly { call: ApiCall; rows: Asked[] }[],
  failed: string[],
): Op<Answers> {
  const out: Answers = new Map();
  for (const b of batches) {
    try {
      const data = yield* io(() =>
        p.api.run(call(b.call.endpoint, b.call.params), { fresh: true }),
      );
      for (const [id, a] of previewAnswers(data)) out.set(id, a);
    } catch (e) {
      failed.push(`${b.call.endpoint}: ${p.api.explain(e) || messageOf(e)}`);
      for (const r of b.rows) out.set(r.id, { reason: p.api.explain(e) });
    }
  }
  return out;
}

/** A22/B15/C9 for the rows whose planned price changed, 500 a request. */
export function* plannedAnswers(
  p: SidebarPorts,
  where: PricingWhere,
  asked: readonly Asked[],
): Op<Early> {
  const failed: string[] = [];
  const batches = isBC(where) ? plannedCallsBC(where, asked) : plannedCalls(where, asked);
  return { answers: yield* askAll(p, batches, failed), requests: batches.length, failed };
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

/**
 * Answers for `asked`, the requests spent, and what failed (for the refresh log). `early`: the
 * planned-price answers already asked (a new sheet's), not asked again.
 */
export function* pricingAnswers(
  p: SidebarPorts,
  where: PricingWhere & { readonly currency?: string | null },
  asked: readonly Asked[],
  early?: Early,
): Op<{ answers: Map<string, PricingAnswer>; requests: number; errors: string }> {
  const failed: string[] = [...(early?.failed ?? [])];
  const bc = isBC(where);
  const f = bc ? FIELDS.BC : FIELDS.A;
  const decimals = currencyDecimals(where.currency ?? null);
  const targetBatches = bc ? targetCallsBC(where, asked) : targetCalls(where, asked);
  const targets = yield* askAll(p, targetBatches, failed);
  const later = early ?? (yield* plannedAnswers(p, where, asked));
  const planned = later.answers;
  failed.push(...(early ? [] : later.failed));
  const requests = targetBatches.length + later.requests;

  const answers = new Map<string, PricingAnswer>();
  for (const r of asked) {
    const t = targets.get(r.id);
    const q = planned.get(r.id);
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
    else if (t) notes.push(`Target: ${t.reason}`);
    let profitAtPlanned: number | "" = "";
    let marginAtPlanned: number | "" = "";
    if (q && "entry" in q) {
      const planned = r.inputs.planned ?? 0;
      const list = listPriceAbove(q, planned, decimals, bc);
      // A planned price above today's list price is answered at the list price, not the price
      // asked: the row says so (a new sheet's default never is: pricingSheet.ts).
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
  return { answers, requests, errors: failed.join("; ").slice(0, 500) };
}
