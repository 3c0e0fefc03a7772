/**
 * How a marketplace C product or SKU is asked, for every function that shows one (MKTC_BREAKDOWN,
 * MKTC_PRODUCT_CARD): SKUs go to the C3 batch when no option C3 lacks was given, else C1 per
 * SKU; a product without a SKU is C2. One place, so a card and a breakdown cell of the same
 * product send the same request and are coalesced together.
 */
import { apiCall } from "../../core/effects";
import type { IdArg } from "../params";
import { defined } from "../requests";
import type { VariantPlan } from "../variantRows";

/** The options a C unit request takes (C3 takes only hasVat and effectiveDate). */
interface UnitOptionsC {
  readonly shopId: number;
  readonly hasVat?: boolean | undefined;
  readonly adsCostPerSale?: number | undefined;
  readonly sellerVoucher?: number | undefined;
  readonly lookbackDays?: number | undefined;
  readonly effectiveDate?: string | undefined;
}

export function variantPlanC(
  a: UnitOptionsC,
  productIds: IdArg<string> | undefined,
  skuIds: IdArg<string> | undefined,
): VariantPlan {
  const unitOptions = defined({
    hasVat: a.hasVat,
    adsCostPerSale: a.adsCostPerSale,
    sellerVoucher: a.sellerVoucher,
    lookbackDays: a.lookbackDays,
    effectiveDate: a.effectiveDate,
  });
  return {
    product: { name: "productId", arg: productIds },
    variant: { name: "skuId", label: "SKU", arg: skuIds },
    // C3 lacks lookbackDays, adsCostPerSale and sellerVoucher: with them, C1 per SKU.
    batch: {
      endpoint: "C3",
      params: defined({ shopId: a.shopId, hasVat: a.hasVat, effectiveDate: a.effectiveDate }),
      usable:
        a.lookbackDays === undefined &&
        a.adsCostPerSale === undefined &&
        a.sellerVoucher === undefined,
    },
    callOf: (productId, skuId) => {
      if (productId === undefined) return null;
      return skuId === undefined
        ? apiCall("C2", { shopId: a.shopId, productId, ...unitOptions })
        : apiCall("C1", { shopId: a.shopId, productId, skuId, ...unitOptions });
    },
    where: `in shop ${a.shopId}`,
    listedBy: "MKTC_BREAKDOWN(shop, product) lists the product's SKUs",
  };
}
