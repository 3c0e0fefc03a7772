/**
 * How a marketplace B product or SKU is asked, for every function that shows one (MKTB_BREAKDOWN,
 * MKTB_PRODUCT_CARD): SKUs through the B1 batch, a product without a SKU through B2. One place,
 * so a card and a breakdown cell of the same product send the same request.
 */
import { apiCall } from "../../core/effects";
import type { IdArg } from "../params";
import { defined } from "../requests";
import type { VariantPlan } from "../variantRows";

interface UnitOptionsB {
  readonly sellerId: number;
  readonly region: string;
  readonly sellerType?: string | undefined;
  readonly hasVat?: boolean | undefined;
  readonly lookbackDays?: number | undefined;
  readonly effectiveDate?: string | undefined;
}

/** B's per-unit options, as both B1 and B2 take them. */
export const unitOptionsB = (a: UnitOptionsB): Record<string, unknown> =>
  defined({
    sellerType: a.sellerType,
    hasVat: a.hasVat,
    lookbackDays: a.lookbackDays,
    effectiveDate: a.effectiveDate,
  });

export function variantPlanB(
  a: UnitOptionsB,
  itemIds: IdArg<number> | undefined,
  skuIds: IdArg<number> | undefined,
): VariantPlan {
  const options = unitOptionsB(a);
  const common = { sellerId: a.sellerId, region: a.region };
  return {
    product: { name: "itemId", arg: itemIds },
    variant: { name: "skuId", label: "SKU", arg: skuIds },
    batch: { endpoint: "B1", params: { ...common, ...options }, usable: true },
    callOf: (itemId) =>
      itemId === undefined ? null : apiCall("B2", { ...common, ...options, itemId }),
    where: `for seller ${a.sellerId}`,
    listedBy: "MKTB_ALL_SKUS(seller, region) lists the valid ones",
  };
}
