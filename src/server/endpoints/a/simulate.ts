/** A5: what-if profit of a product or model with overridden discount, voucher, costs or rate. */
import { effectiveDateOf } from "../../analytics/requestFields";
import { toMajor, toMinor } from "../../analytics/money";
import {
  marginPercent,
  netProfitMinor,
  revenueMinor,
  unitLinesA,
  type UnitSaleA,
} from "../../fees/a";
import { feeScheduleA } from "../../fees/ratesA";
import type { EndpointHandler } from "../../handler";
import type { ProductA } from "../../data/model";
import {
  adsCostPerSaleOf,
  breakdownWithMetadata,
  combineSource,
  commissionRateA,
  modelOf,
  productOf,
  returnRateOf,
  salesOf,
  shopFrom,
  unitCogs,
  type CogsSource,
  type ShopIndex,
} from "./shop";

/**
 * Today's baseline of one unit: current list price and discount (unit-weighted over the models
 * sold in the last 180 days at product level), COGS, ads cost per sale and return rate from the
 * last 180 days, commission of `effectiveDate`. No voucher.
 */
export function baselineSaleA(
  idx: ShopIndex,
  p: ProductA,
  modelId: number | undefined,
  commissionRate: number,
  effectiveDate: string,
  today: string,
  hasVat: boolean,
): { sale: UnitSaleA; cogsSource: CogsSource } {
  const sales = salesOf(idx, p.itemId, { lookbackDays: 180, today });
  const models = modelId === undefined ? p.models : [modelOf(p, modelId)];
  const units = new Map<number | null, number>();
  for (const o of sales.completed) units.set(o.modelId, (units.get(o.modelId) ?? 0) + o.quantity);
  let weight = 0;
  let price = 0;
  let discount = 0;
  let cogs = 0;
  let source: CogsSource = "explicit";
  const anySold = models.some((m) => (units.get(m.modelId) ?? 0) > 0);
  for (const m of models) {
    const wgt = anySold ? (units.get(m.modelId) ?? 0) : 1;
    const c = unitCogs(idx, m, m.listPrice);
    if (wgt > 0) source = combineSource(source, c.source);
    weight += wgt;
    price += wgt * m.listPrice;
    discount += wgt * m.sellerDiscount;
    cogs += wgt * c.cogs;
  }
  const w = Math.max(1, weight);
  return {
    sale: {
      listPrice: Math.round(price / w),
      sellerDiscount: Math.round(discount / w),
      sellerVoucher: 0,
      platformDiscount: 0,
      buyerShipping: 0,
      commissionRate,
      schedule: feeScheduleA(idx.shop.region, effectiveDate),
      inServiceFeeProgramme: idx.shop.inServiceFeeProgramme,
      hasVat,
      cogs: Math.round(cogs / w),
      adsCostPerSale: adsCostPerSaleOf(sales),
      returnRate: returnRateOf(sales),
    },
    cogsSource: source,
  };
}

export const a5Simulate: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const d = idx.decimals;
  const b = ctx.body;
  const effectiveDate = effectiveDateOf(ctx);
  const p = productOf(idx, typeof b.itemId === "number" ? b.itemId : -1);
  const modelId = typeof b.modelId === "number" ? b.modelId : undefined;
  const rate = commissionRateA(ctx.data, p.categoryId, idx.shop.region, effectiveDate);
  const { sale: baseline, cogsSource } = baselineSaleA(
    idx,
    p,
    modelId,
    rate,
    effectiveDate,
    ctx.today,
    idx.shop.vatRegistered,
  );
  const money = (v: unknown, fallback: number): number =>
    typeof v === "number" ? toMinor(v, d) : fallback;
  const simulated: UnitSaleA = {
    ...baseline,
    sellerDiscount: Math.min(baseline.listPrice, money(b.sellerDiscount, baseline.sellerDiscount)),
    sellerVoucher: money(b.sellerVoucher, baseline.sellerVoucher),
    cogs: money(b.manufacturingCogs, baseline.cogs),
    adsCostPerSale: money(b.adsCostPerSale, baseline.adsCostPerSale),
    commissionRate:
      typeof b.commissionRate === "number" ? b.commissionRate : baseline.commissionRate,
  };
  const baseLines = unitLinesA(baseline);
  const baseProfit = netProfitMinor(baseLines);
  const lines = unitLinesA(simulated);
  const profit = netProfitMinor(lines);
  const { breakdown, metadata } = breakdownWithMetadata(
    idx,
    {
      lines,
      units: 0,
      cogsSource: typeof b.manufacturingCogs === "number" ? "explicit" : cogsSource,
      commissionRate: simulated.commissionRate,
      hasVat: simulated.hasVat,
      vatRate: simulated.hasVat ? simulated.schedule.vatRate : 0,
      basis: "input",
    },
    effectiveDate,
    {
      itemId: p.itemId,
      modelId: modelId ?? null,
      baselineNetProfit: toMajor(baseProfit, d),
      baselineMargin: marginPercent(baseProfit, revenueMinor(baseLines)),
      profitDelta: toMajor(profit - baseProfit, d),
    },
  );
  return { breakdown, metadata, modelBreakdowns: [] };
};
