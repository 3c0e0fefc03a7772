/**
 * What the set-margin and set-buyer-price previews share (A21/A22, B14/B15, C8/C9): each
 * requested element names variants, and each variant is priced or told why it cannot be.
 * The discount replaces the current one and no voucher is used.
 */
import {
  discountForBuyerPrice,
  solveMaxDiscount,
  type ProfitAtPrice,
  type ProfitTarget,
} from "../analytics/requiredPrice";
import { checkRequestBudget } from "../budget";

type Entry = Record<string, unknown>;

/** A variant's adjusted entry, or the reason it cannot be adjusted. */
export type Priced =
  { readonly adjusted: Entry } | { readonly reason: string; readonly message: string };

export interface Preview<V> {
  /** The variants a request element names, or null when it names none (sku_not_found). */
  readonly find: (wanted: Entry) => readonly V[] | null;
  /** The ids of an element that names nothing, and what the caller is told. */
  readonly notFound: (wanted: Entry) => Entry;
  /** What the caller is told for an element that names nothing. */
  readonly notFoundMessage: string | ((wanted: Entry) => string);
  /** A variant's ids in an unadjustable entry. */
  readonly idsOf: (variant: V) => Entry;
  readonly price: (variant: V, wanted: Entry) => Priced;
}

/** Every element priced, in request order. */
export function previewEach<V>(
  elements: readonly Entry[],
  p: Preview<V>,
): { adjustedItems: Entry[]; unadjustableItems: Entry[] } {
  const adjustedItems: Entry[] = [];
  const unadjustableItems: Entry[] = [];
  for (const wanted of elements) {
    checkRequestBudget();
    const found = p.find(wanted);
    if (found === null) {
      const ids = p.notFound(wanted);
      const message =
        typeof p.notFoundMessage === "string" ? p.notFoundMessage : p.notFoundMessage(wanted);
      unadjustableItems.push({ ...ids, reason: "sku_not_found", message });
      continue;
    }
    for (const variant of found) {
      const r = p.price(variant, wanted);
      if ("adjusted" in r) adjustedItems.push(r.adjusted);
      else unadjustableItems.push({ ...p.idsOf(variant), reason: r.reason, message: r.message });
    }
  }
  return { adjustedItems, unadjustableItems };
}

/**
 * The largest discount at `listPriceMinor` that still meets the target (one minor unit more
 * would miss it); `unreachable` replaces the solver's message where the spec words it.
 */
export function pricedForTarget(
  listPriceMinor: number,
  target: ProfitTarget,
  profitAt: (discountMinor: number) => ProfitAtPrice,
  entryAt: (discountMinor: number) => Entry,
  unreachable?: string,
): Priced {
  const solved = solveMaxDiscount(profitAt, target, {
    maxDiscountMinor: listPriceMinor,
    unitMinor: 1,
  });
  if ("unreachable" in solved)
    return { reason: solved.unreachable, message: unreachable ?? solved.message };
  return { adjusted: entryAt(solved.discountMinor) };
}

/** B14 and C8: a margin target (a fraction) over the engine's unit breakdown at a discount. */
export function pricedForMargin(
  listPriceMinor: number,
  fraction: number,
  unitAt: (discountMinor: number) => { netProfitMinor: number; revenueMinor: number },
  entryAt: (discountMinor: number) => Entry,
): Priced {
  return pricedForTarget(
    listPriceMinor,
    { kind: "margin", fraction },
    (discount) => {
      const u = unitAt(discount);
      return { profitMinor: u.netProfitMinor, revenueMinor: u.revenueMinor };
    },
    entryAt,
    `margin ${fraction} is not reached even without any discount`,
  );
}

/** The discount that makes the buyer pay the target, at the list price. */
export function pricedForBuyerPrice(
  listPriceMinor: number,
  targetBuyerPriceMinor: number,
  entryAt: (discountMinor: number, noDiscountNeeded: boolean) => Entry,
): Priced {
  const outcome = discountForBuyerPrice({
    listPriceMinor,
    sellerVoucherMinor: 0,
    platformDiscountMinor: 0,
    targetBuyerPriceMinor,
  });
  if ("infeasible" in outcome) return { reason: outcome.infeasible, message: outcome.message };
  return { adjusted: entryAt(outcome.discountMinor, outcome.noDiscountNeeded) };
}
