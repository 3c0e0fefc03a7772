/** A21, A22: previews of the seller discount that reaches a target profit, margin or buyer price. */
import { effectiveDateOf } from "../../analytics/requestFields";
import { toMajor, toMinor } from "../../analytics/money";
import type { ProfitTarget } from "../../analytics/requiredPrice";
import type { ModelA, ProductA } from "../../data/model";
import { netProfitMinor, revenueMinor, unitLinesA, type UnitSaleA } from "../../fees/a";
import type { EndpointHandler, HandlerContext } from "../../handler";
import { ApiProblem } from "../../problem";
import { baselineSaleA } from "./simulate";
import {
  breakdownWithMetadata,
  commissionRateA,
  shopFrom,
  type CogsSource,
  type ShopIndex,
} from "./shop";
import { previewEach, pricedForBuyerPrice, pricedForTarget, type Priced } from "../pricePreview";

interface Found {
  readonly p: ProductA;
  readonly m: ModelA;
}

/** The model a request element names, or null (sku_not_found). Single-variant: modelId null/omitted. */
function findModel(idx: ShopIndex, itemId: unknown, modelId: unknown): Found | null {
  const p = typeof itemId === "number" ? idx.products.get(itemId) : undefined;
  if (!p) return null;
  const id = typeof modelId === "number" ? modelId : null;
  const m = p.models.find((x) => x.modelId === id);
  return m ? { p, m } : null;
}

function saleFor(
  ctx: HandlerContext,
  idx: ShopIndex,
  f: Found,
  effectiveDate: string,
): { sale: UnitSaleA; cogsSource: CogsSource } {
  const rate = commissionRateA(ctx.data, f.p.categoryId, idx.shop.region, effectiveDate);
  const hasVat = ctx.body.includeVat !== false && idx.shop.vatRegistered;
  return baselineSaleA(idx, f.p, f.m.modelId ?? undefined, rate, effectiveDate, ctx.today, hasVat);
}

function adjusted(
  idx: ShopIndex,
  f: Found,
  sale: UnitSaleA,
  cogsSource: CogsSource,
  effectiveDate: string,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const d = idx.decimals;
  const lines = unitLinesA(sale);
  const { breakdown, metadata } = breakdownWithMetadata(
    idx,
    {
      lines,
      units: 0,
      cogsSource,
      commissionRate: sale.commissionRate,
      hasVat: sale.hasVat,
      vatRate: sale.hasVat ? sale.schedule.vatRate : 0,
      basis: "input",
    },
    effectiveDate,
  );
  return {
    itemId: f.p.itemId,
    modelId: f.m.modelId,
    originalPrice: toMajor(sale.listPrice, d),
    computedSellerDiscount: toMajor(sale.sellerDiscount, d),
    computedSellerVoucher: toMajor(sale.sellerVoucher, d),
    buyerPrice: toMajor(sale.listPrice - sale.sellerDiscount - sale.sellerVoucher, d),
    ...extra,
    netProfit: metadata.netProfit,
    margin: metadata.margin,
    breakdown,
    metadata,
  };
}

const elements = (ctx: HandlerContext): Record<string, unknown>[] =>
  (Array.isArray(ctx.body.models) ? ctx.body.models : []).filter(
    (x): x is Record<string, unknown> => typeof x === "object" && x !== null,
  );

/** A21 and A22 name models by itemId and modelId (null or omitted: single-variant). */
function previewA(
  ctx: HandlerContext,
  idx: ShopIndex,
  price: (f: Found, wanted: Record<string, unknown>) => Priced,
): Record<string, unknown> {
  return {
    currency: idx.shop.currency,
    ...previewEach(elements(ctx), {
      find: (el) => {
        const f = findModel(idx, el.itemId, el.modelId);
        return f ? [f] : null;
      },
      notFound: (el) => ({ itemId: el.itemId ?? null, modelId: el.modelId ?? null }),
      // Spec: modelId null is for a single-variant product; name the fix for the others.
      notFoundMessage: (el) => {
        const item = typeof el.itemId === "number" ? idx.products.get(el.itemId) : undefined;
        return item && (el.modelId ?? null) === null && item.models.length > 1
          ? `item ${item.itemId} has ${item.models.length} models: give the modelId of each`
          : "no such item/model in this shop";
      },
      idsOf: (f) => ({ itemId: f.p.itemId, modelId: f.m.modelId }),
      price,
    }),
  };
}

/** The mode's target, with a 400 naming the field the mode needs. */
function targetOf(ctx: HandlerContext, mode: "PROFIT" | "MARGIN", d: number): ProfitTarget {
  if (mode === "PROFIT") {
    if (typeof ctx.body.targetProfit !== "number")
      throw new ApiProblem(400, "targetProfit is required when mode is PROFIT", [
        { field: "targetProfit", problem: "is required when mode is PROFIT (an amount per unit)" },
      ]);
    return { kind: "profit", amountMinor: toMinor(ctx.body.targetProfit, d) };
  }
  if (typeof ctx.body.targetMarginPercent !== "number")
    throw new ApiProblem(400, "targetMarginPercent is required when mode is MARGIN", [
      {
        field: "targetMarginPercent",
        problem: "is required when mode is MARGIN (a percentage, 23.5 = 23.5 %)",
      },
    ]);
  return { kind: "margin", fraction: ctx.body.targetMarginPercent / 100 };
}

/** A21: largest seller discount (voucher 0) at the given list price that still meets the target. */
export const a21PreviewSetMargin: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const d = idx.decimals;
  const mode = ctx.body.mode === "MARGIN" ? "MARGIN" : "PROFIT";
  const target = targetOf(ctx, mode, d);
  const effectiveDate = effectiveDateOf(ctx);
  return previewA(ctx, idx, (f, el) => {
    const { sale: base, cogsSource } = saleFor(ctx, idx, f, effectiveDate);
    const listPrice =
      typeof el.originalPrice === "number" ? toMinor(el.originalPrice, d) : f.m.listPrice;
    const at = (discount: number): UnitSaleA => ({
      ...base,
      listPrice,
      sellerDiscount: discount,
      sellerVoucher: 0,
    });
    return pricedForTarget(
      listPrice,
      target,
      (discount) => {
        const lines = unitLinesA(at(discount));
        return { profitMinor: netProfitMinor(lines), revenueMinor: revenueMinor(lines) };
      },
      (discount) => adjusted(idx, f, at(discount), cogsSource, effectiveDate, { mode }),
    );
  });
};

/** A22: seller discount (voucher 0) so the buyer pays the target price, at the current list price. */
export const a22PreviewSetBuyerPrice: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const effectiveDate = effectiveDateOf(ctx);
  return previewA(ctx, idx, (f, el) => {
    const { sale: base, cogsSource } = saleFor(ctx, idx, f, effectiveDate);
    const target = typeof el.targetBuyerPrice === "number" ? el.targetBuyerPrice : -1;
    return pricedForBuyerPrice(
      f.m.listPrice,
      toMinor(target, idx.decimals),
      (discount, noDiscountNeeded) => {
        const sale = {
          ...base,
          listPrice: f.m.listPrice,
          sellerDiscount: discount,
          sellerVoucher: 0,
        };
        return adjusted(idx, f, sale, cogsSource, effectiveDate, {
          targetBuyerPrice: el.targetBuyerPrice,
          noDiscountNeeded,
        });
      },
    );
  });
};
