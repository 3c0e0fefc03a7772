/** A1, A2, A3, A6: per-unit breakdowns of models, products and not-yet-listed products. */
import { effectiveDateOf } from "../../analytics/requestFields";
import { toMinor } from "../../analytics/money";
import { feeScheduleA } from "../../fees/ratesA";
import type { EndpointHandler, HandlerContext } from "../../handler";
import {
  breakdownWithMetadata,
  commissionRateA,
  metadataA,
  modelOf,
  productOf,
  realizedA,
  shopFrom,
  unitAt,
  unitCogs,
  windowFrom,
  type ShopIndex,
  type SalesWindow,
} from "./shop";
import { shopReturnRate } from "./shopReturns";
import { toMajor } from "../../analytics/money";
import type { ProductA } from "../../data/model";
import { marginPercent, netProfitMinor, revenueMinor } from "../../fees/a";

const int = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** One model's flat entry (A1 entries, A6 modelBreakdowns). */
export function modelEntry(
  ctx: HandlerContext,
  idx: ShopIndex,
  p: ProductA,
  modelId: number | null,
  w: SalesWindow,
  productMargin: number | null,
): Record<string, unknown> {
  const model = p.models.find((m) => m.modelId === modelId);
  const r = realizedA(ctx.data, idx, p, modelId, w);
  return {
    itemId: p.itemId,
    modelId,
    modelName: model?.name ?? null,
    originalPrice: toMajor(model?.listPrice ?? 0, idx.decimals),
    ...breakdownWithMetadata(idx, r, w.effectiveDate),
    modelUnitsSold: r.units,
    productMargin,
  };
}

function productMarginOf(
  ctx: HandlerContext,
  idx: ShopIndex,
  p: ProductA,
  w: SalesWindow,
): number | null {
  const r = realizedA(ctx.data, idx, p, undefined, w);
  return marginPercent(netProfitMinor(r.lines), revenueMinor(r.lines));
}

/** A1: realized breakdowns for a batch of model ids; unknown ids are left out. */
export const a1ModelBatch: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  // A1 has no includeVat: VAT applies when the shop is VAT-registered.
  const w = windowFrom(ctx, true);
  const wanted = new Set(
    (Array.isArray(ctx.body.modelIds) ? ctx.body.modelIds : []).filter(
      (x): x is number => typeof x === "number",
    ),
  );
  const out: Record<string, unknown>[] = [];
  for (const p of idx.shop.products) {
    const hits = p.models.filter((m) => m.modelId !== null && wanted.has(m.modelId));
    if (hits.length === 0) continue;
    const pm = productMarginOf(ctx, idx, p, w);
    for (const m of hits) out.push(modelEntry(ctx, idx, p, m.modelId, w, pm));
  }
  return out;
};

/** A2: one product's (or model's) realized per-unit lines, with metadata beside them. */
export const a2Product: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const w = windowFrom(ctx, true);
  const p = productOf(idx, int(ctx.body.itemId) ?? -1);
  const modelId =
    ctx.body.modelId === undefined || ctx.body.modelId === null ? undefined : int(ctx.body.modelId);
  if (modelId !== undefined) modelOf(p, modelId); // 404 for a model the item does not have
  const r = realizedA(ctx.data, idx, p, modelId, w);
  const { breakdown, metadata } = breakdownWithMetadata(idx, r, w.effectiveDate, {
    itemId: p.itemId,
    modelId: modelId ?? null,
  });
  return { ...breakdown, metadata };
};

/** A3: profit of a product before listing it, at the proposed price. */
export const a3NewProduct: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const d = idx.decimals;
  const effectiveDate = effectiveDateOf(ctx);
  const listPrice = toMinor(Number(ctx.body.listingPrice), d);
  const commissionRate = commissionRateA(
    ctx.data,
    int(ctx.body.categoryId) ?? -1,
    idx.shop.region,
    effectiveDate,
  );
  const given =
    typeof ctx.body.manufacturingCogs === "number" ? toMinor(ctx.body.manufacturingCogs, d) : null;
  const c =
    given === null
      ? unitCogs(idx, undefined, listPrice)
      : { cogs: given, source: "explicit" as const };
  const r = unitAt(
    {
      listPrice,
      sellerDiscount: 0,
      sellerVoucher: 0,
      platformDiscount: 0,
      buyerShipping:
        typeof ctx.body.buyerPaidShippingFee === "number"
          ? toMinor(ctx.body.buyerPaidShippingFee, d)
          : 0,
      commissionRate,
      schedule: feeScheduleA(idx.shop.region, effectiveDate),
      inServiceFeeProgramme: idx.shop.inServiceFeeProgramme,
      hasVat: ctx.body.hasVat === true,
      cogs: c.cogs,
      adsCostPerSale: 0,
      returnRate: shopReturnRate(idx, { lookbackDays: 180, today: ctx.today }),
    },
    c.source,
  );
  return {
    breakdown: breakdownWithMetadata(idx, r, effectiveDate).breakdown,
    metadata: metadataA(idx, r, effectiveDate, {
      inferredCogsAmount: c.source === "inferred" ? toMajor(c.cogs, d) : null,
    }),
    modelBreakdowns: [],
  };
};

/** A6: realized breakdown of an item across its models, plus one entry per model. */
export const a6Item: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const w = windowFrom(ctx, false);
  const p = productOf(idx, int(ctx.path.itemId) ?? -1);
  const r = realizedA(ctx.data, idx, p, undefined, w);
  const pm = marginPercent(netProfitMinor(r.lines), revenueMinor(r.lines));
  return {
    ...breakdownWithMetadata(idx, r, w.effectiveDate, { itemId: p.itemId, name: p.name }),
    modelBreakdowns: p.models.map((m) => modelEntry(ctx, idx, p, m.modelId, w, pm)),
  };
};
