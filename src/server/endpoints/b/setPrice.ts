/**
 * B14 (seller-funded discount for a target margin) and B15 (discount so the buyer pays a
 * target price). Previews only. The computed discount is a special-price discount that
 * replaces the current one; vouchers are not used (computedSellerVoucher 0).
 * B14 gives the largest discount whose margin still meets the target, so applying it
 * reproduces the target; one minor unit more would miss it.
 */
import type { HandlerContext } from "../../handler";
import type { ProductB, SkuB } from "../../data/model";
import { marginOf } from "../../analytics/breakdown";
import { toMajor, toMinor } from "../../analytics/money";
import { objectsOf, optNumber, reqNumber } from "../../analytics/requestFields";
import { discountForBuyerPrice, solveMaxDiscount } from "../../analytics/requiredPrice";
import { unitBreakdownB, type UnitInputB } from "../../fees/b";
import type { SellerViewB } from "./sellerView";
import { breakdownWire } from "./results";
import { sellerFromBody } from "./options";
import { checkRequestBudget } from "../../budget";

interface Unadjustable {
  itemId: number;
  skuId: number | null;
  reason: "sku_not_found" | "unreachable_margin" | "buyer_price_too_low";
  message: string;
}

function skusOf(
  view: SellerViewB,
  itemId: number,
  skuId: number | null,
): { product: ProductB; skus: SkuB[] } | null {
  const product = view.seller.products.find((p) => p.itemId === itemId);
  if (product === undefined) return null;
  const skus = skuId === null ? [...product.skus] : product.skus.filter((s) => s.skuId === skuId);
  return skus.length === 0 ? null : { product, skus };
}

function inputFor(
  view: SellerViewB,
  product: ProductB,
  sku: SkuB,
  cogs: number | null,
): UnitInputB {
  const base = view.baseline(product, sku);
  return {
    ...base,
    sellerVoucher: 0,
    ...(cogs === null
      ? {}
      : { cogs: toMinor(cogs, view.currency.decimals), cogsSource: "explicit" as const }),
  };
}

function adjustedWire(
  view: SellerViewB,
  product: ProductB,
  sku: SkuB,
  input: UnitInputB,
  discount: number,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const dp = view.currency.decimals;
  const unit = unitBreakdownB({ ...input, specialPriceDiscount: discount });
  return {
    itemId: product.itemId,
    skuId: sku.skuId,
    sellerSku: sku.sellerSku,
    originalPrice: toMajor(sku.listPrice, dp),
    currentSpecialPriceDiscount: toMajor(sku.specialPriceDiscount, dp),
    computedSpecialPriceDiscount: toMajor(discount, dp),
    computedSellerVoucher: 0,
    resultingBuyerPrice: toMajor(sku.listPrice - discount, dp),
    resultingMargin: marginOf(unit.netProfitMinor, unit.revenueMinor),
    resultingProfit: toMajor(unit.netProfitMinor, dp),
    ...extra,
    ...breakdownWire(view, unit, view.unitsSold(sku.skuId)),
  };
}

/** B14: POST P_B/preview-set-margin. */
export function previewSetMarginB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const target = reqNumber(ctx.body, "targetMarginPercent");
  const adjustedItems: Record<string, unknown>[] = [];
  const unadjustableItems: Unadjustable[] = [];
  for (const wanted of objectsOf(ctx.body, "skus")) {
    checkRequestBudget();
    const itemId = reqNumber(wanted, "itemId");
    const skuId = optNumber(wanted, "skuId");
    const found = skusOf(view, itemId, skuId);
    if (found === null) {
      unadjustableItems.push({
        itemId,
        skuId,
        reason: "sku_not_found",
        message: "no such item or SKU for this seller",
      });
      continue;
    }
    for (const sku of found.skus) {
      const input = inputFor(view, found.product, sku, optNumber(wanted, "cogs"));
      const solved = solveMaxDiscount(
        (discount) => {
          const u = unitBreakdownB({ ...input, specialPriceDiscount: discount });
          return { profitMinor: u.netProfitMinor, revenueMinor: u.revenueMinor };
        },
        { kind: "margin", fraction: target },
        { maxDiscountMinor: sku.listPrice, unitMinor: 1 },
      );
      if ("unreachable" in solved) {
        unadjustableItems.push({
          itemId,
          skuId: sku.skuId,
          reason: "unreachable_margin",
          message: `margin ${target} is not reached even without any discount`,
        });
      } else {
        adjustedItems.push(
          adjustedWire(view, found.product, sku, input, solved.discountMinor, {
            targetMargin: target,
          }),
        );
      }
    }
  }
  return { targetMargin: target, adjustedItems, unadjustableItems };
}

/** B15: POST P_B/preview-set-buyer-price (COGS affects displayed profit only). */
export function previewSetBuyerPriceB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const dp = view.currency.decimals;
  const adjustedItems: Record<string, unknown>[] = [];
  const unadjustableItems: Unadjustable[] = [];
  for (const wanted of objectsOf(ctx.body, "skus")) {
    checkRequestBudget();
    const itemId = reqNumber(wanted, "itemId");
    const skuId = reqNumber(wanted, "skuId");
    const found = skusOf(view, itemId, skuId);
    const sku = found?.skus[0];
    if (found === null || sku === undefined) {
      unadjustableItems.push({
        itemId,
        skuId,
        reason: "sku_not_found",
        message: "no such item or SKU for this seller",
      });
      continue;
    }
    const targetBuyerPrice = toMinor(reqNumber(wanted, "targetBuyerPrice"), dp);
    const outcome = discountForBuyerPrice({
      listPriceMinor: sku.listPrice,
      sellerVoucherMinor: 0,
      platformDiscountMinor: 0,
      targetBuyerPriceMinor: targetBuyerPrice,
    });
    if ("infeasible" in outcome) {
      unadjustableItems.push({
        itemId,
        skuId,
        reason: outcome.infeasible,
        message: outcome.message,
      });
      continue;
    }
    const input = inputFor(view, found.product, sku, optNumber(wanted, "cogs"));
    adjustedItems.push(
      adjustedWire(view, found.product, sku, input, outcome.discountMinor, {
        targetBuyerPrice: toMajor(targetBuyerPrice, dp),
        noDiscountNeeded: outcome.noDiscountNeeded,
      }),
    );
  }
  return { adjustedItems, unadjustableItems };
}
