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
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

type Answers = Map<string, PreviewAnswer>;

/** Where an adjusted entry holds the buyer price, profit and margin (A21/A22 vs B and C). */
const FIELDS = {
  A: { price: "buyerPrice", profit: "netProfit", margin: "margin" },
  BC: { price: "resultingBuyerPrice", profit: "resultingProfit", margin: "resultingMargin" },
} as const;

const money = (v: unknown): number | "" => (typeof v === "number" ? v : "");

/** Answers for `asked`, the requests spent, and what failed (for the refresh log). */
export function* pricingAnswers(
  p: SidebarPorts,
  where: PricingWhere & { readonly currency?: string | null },
  asked: readonly Asked[],
): Op<{ answers: Map<string, PricingAnswer>; requests: number; errors: string }> {
  let requests = 0;
  const failed: string[] = [];
  const ask = function* (batches: { call: ApiCall; rows: Asked[] }[]): Op<Answers> {
    const out: Answers = new Map();
    for (const b of batches) {
      requests++;
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
  };
  const bc = where.marketplace === "B" || where.marketplace === "C";
  const f = bc ? FIELDS.BC : FIELDS.A;
  const decimals = currencyDecimals(where.currency ?? null);
  const targets = yield* ask(bc ? targetCallsBC(where, asked) : targetCalls(where, asked));
  const planned = yield* ask(bc ? plannedCallsBC(where, asked) : plannedCalls(where, asked));

  const answers = new Map<string, PricingAnswer>();
  for (const r of asked) {
    const t = targets.get(r.id);
    const q = planned.get(r.id);
    const notes: string[] = [];
    if (r.inputs.profit !== null && r.inputs.target !== null) notes.push(BOTH_TARGETS_NOTE);
    let priceForTarget: number | "" = "";
    if (t && "entry" in t) priceForTarget = money(t.entry[f.price]);
    else if (t && bc && t.code === "unreachable_margin")
      // B14/C8 discount from today's list price; they cannot raise it.
      notes.push(
        `Target not reached even at today's list price (no discount): raise the list price on the marketplace, or lower the target`,
      );
    else if (t) notes.push(`Target: ${t.reason}`);
    let profitAtPlanned: number | "" = "";
    let marginAtPlanned: number | "" = "";
    if (q && "entry" in q) {
      // With no discount the buyer pays the list price: either field names it.
      const shown = money(q.entry.originalPrice);
      const listPrice = shown === "" ? money(q.entry[f.price]) : shown;
      const planned = r.inputs.planned ?? 0;
      // The previews lower today's list price by a discount; they cannot raise it: a planned
      // price above it is answered at the list price, which is not the price asked.
      if (
        q.entry.noDiscountNeeded === true &&
        listPrice !== "" &&
        plannedAboveList(planned, listPrice, decimals)
      )
        notes.push(aboveListPriceNote(planned, listPrice, r.priceToday, decimals));
      else {
        profitAtPlanned = money(q.entry[f.profit]);
        marginAtPlanned = money(q.entry[f.margin]);
      }
    } else if (q) notes.push(`Planned price: ${q.reason}`);
    answers.set(r.id, { priceForTarget, profitAtPlanned, marginAtPlanned, note: notes.join("; ") });
  }
  return { answers, requests, errors: failed.join("; ").slice(0, 500) };
}
