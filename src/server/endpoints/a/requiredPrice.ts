/** A4: the lowest listing price whose profit per unit reaches a target amount. */
import { effectiveDateOf } from "../../analytics/requestFields";
import { toMajor, toMinor } from "../../analytics/money";
import { solveRequiredPrice } from "../../analytics/requiredPrice";
import { netProfitMinor, revenueMinor, unitLinesA, type UnitSaleA } from "../../fees/a";
import { feeScheduleA } from "../../fees/ratesA";
import type { EndpointHandler } from "../../handler";
import { ApiProblem } from "../../problem";
import { breakdownWithMetadata, commissionRateA, shopFrom, unitAt } from "./shop";
import { shopReturnRate } from "./shopReturns";

/** The inputs of A4 in minor units, and the unit sale at a given list price. */
export interface RequiredPriceInputA {
  readonly base: Omit<UnitSaleA, "listPrice" | "sellerDiscount">;
  readonly fixedDiscount: number;
  /** Percent of the listing price (10 = 10 %). */
  readonly discountPercent: number;
}

/** The unit sale at list price `listPrice`: discount = fixed + percent of the price. */
export function saleAtPrice(input: RequiredPriceInputA, listPrice: number): UnitSaleA {
  const pct = Math.round((input.discountPercent / 100) * listPrice);
  return {
    ...input.base,
    listPrice,
    sellerDiscount: Math.min(listPrice, input.fixedDiscount + pct),
  };
}

/** Lowest price in minor units reaching `targetMinor` profit, or the reason none does. */
export function requiredPriceA(
  input: RequiredPriceInputA,
  targetMinor: number,
): { priceMinor: number } | { unreachable: string } {
  if (input.discountPercent >= 100) {
    return { unreachable: "a discount of 100% or more leaves no revenue at any listing price" };
  }
  const s = input.base.schedule;
  const capBreak = s.serviceFeeRate > 0 ? Math.ceil(s.serviceFeeCapMinor / s.serviceFeeRate) : 0;
  const outcome = solveRequiredPrice(
    (price) => {
      const lines = unitLinesA(saleAtPrice(input, price));
      return { profitMinor: netProfitMinor(lines), revenueMinor: revenueMinor(lines) };
    },
    { kind: "profit", amountMinor: targetMinor },
    {
      lowMinor: input.fixedDiscount,
      highMinor:
        Math.max(
          capBreak,
          2 * (Math.abs(targetMinor) + input.base.cogs + input.base.adsCostPerSale) +
            input.fixedDiscount,
        ) + 100,
      unitMinor: 1,
    },
  );
  return outcome;
}

export const a4RequiredPrice: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const d = idx.decimals;
  const b = ctx.body;
  const effectiveDate = effectiveDateOf(ctx);
  const money = (v: unknown): number => (typeof v === "number" ? toMinor(v, d) : 0);
  const hasVat = b.hasVat === true;
  const input: RequiredPriceInputA = {
    base: {
      sellerVoucher: 0,
      platformDiscount: 0,
      buyerShipping: 0,
      commissionRate: commissionRateA(
        ctx.data,
        typeof b.categoryId === "number" ? b.categoryId : -1,
        idx.shop.region,
        effectiveDate,
      ),
      schedule: feeScheduleA(idx.shop.region, effectiveDate),
      inServiceFeeProgramme: idx.shop.inServiceFeeProgramme,
      hasVat,
      cogs: money(b.cogs),
      adsCostPerSale: money(b.adsCostPerSale),
      returnRate: shopReturnRate(idx, { lookbackDays: 180, today: ctx.today }),
    },
    fixedDiscount: money(b.targetDiscount),
    discountPercent: typeof b.targetDiscountPercent === "number" ? b.targetDiscountPercent : 0,
  };
  const target = money(b.targetMargin);
  const outcome = requiredPriceA(input, target);
  if ("unreachable" in outcome) {
    throw new ApiProblem(
      422,
      `target profit ${toMajor(target, d)} ${idx.shop.currency} per unit cannot be reached: ${outcome.unreachable}`,
      [{ field: "targetMargin", problem: "unreachable_margin" }],
    );
  }
  const r = unitAt(saleAtPrice(input, outcome.priceMinor), "explicit");
  const { breakdown, metadata } = breakdownWithMetadata(idx, r, effectiveDate, {
    targetProfit: toMajor(target, d),
    returnRate: Math.round(input.base.returnRate * 1e6) / 1e6,
  });
  return { requiredListingPrice: toMajor(outcome.priceMinor, d), breakdown, metadata };
};
