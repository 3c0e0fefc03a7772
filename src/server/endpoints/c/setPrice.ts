/**
 * C8 (seller discount for a target margin) and C9 (discount so the buyer pays a target
 * price). Previews only. computedSellerVoucher is always 0: coupons cannot be created through
 * the marketplace's API, so the whole adjustment is a seller discount replacing the current one.
 */
import type { HandlerContext } from "../../handler";
import type { ProductC, SkuC } from "../../data/model";
import { marginOf } from "../../analytics/breakdown";
import { toMajor, toMinor } from "../../analytics/money";
import {
  numberMap,
  objectsOf,
  optNumber,
  reqNumber,
  reqString,
} from "../../analytics/requestFields";
import { discountForBuyerPrice, solveMaxDiscount } from "../../analytics/requiredPrice";
import { unitBreakdownC, type UnitInputC } from "../../fees/c";
import type { ShopViewC } from "./shopView";
import { breakdownWireC } from "./results";
import { shopFromRequest } from "./options";
import { checkRequestBudget } from "../../budget";

interface Unadjustable {
  productId: string;
  skuId: string;
  reason: "sku_not_found" | "unreachable_margin" | "buyer_price_too_low";
  message: string;
}

function findSku(
  view: ShopViewC,
  productId: string,
  skuId: string,
): { product: ProductC; sku: SkuC } | null {
  const product = view.shop.products.find((p) => p.productId === productId);
  const sku = product?.skus.find((s) => s.skuId === skuId);
  return product === undefined || sku === undefined ? null : { product, sku };
}

function inputFor(
  view: ShopViewC,
  product: ProductC,
  sku: SkuC,
  cogs: number | null,
  ads: number | null,
): UnitInputC {
  const dp = view.currency.decimals;
  return {
    ...view.baseline(product, sku),
    sellerVoucher: 0,
    ...(cogs === null ? {} : { cogs: toMinor(cogs, dp), cogsSource: "explicit" as const }),
    ...(ads === null ? {} : { adsCostPerSale: toMinor(ads, dp) }),
  };
}

function adjustedWire(
  view: ShopViewC,
  product: ProductC,
  sku: SkuC,
  input: UnitInputC,
  discount: number,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const dp = view.currency.decimals;
  const unit = unitBreakdownC({ ...input, sellerDiscount: discount });
  return {
    productId: product.productId,
    skuId: sku.skuId,
    originalPrice: toMajor(sku.listPrice, dp),
    currentSellerDiscount: toMajor(sku.sellerDiscount, dp),
    computedSellerDiscount: toMajor(discount, dp),
    computedSellerVoucher: 0,
    resultingBuyerPrice: toMajor(sku.listPrice - discount, dp),
    resultingMargin: marginOf(unit.netProfitMinor, unit.revenueMinor),
    resultingProfit: toMajor(unit.netProfitMinor, dp),
    ...extra,
    ...breakdownWireC(view, unit, view.unitsSold(sku.skuId)),
  };
}

/** C8: POST P_C/preview-set-margin. */
export function previewSetMarginC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const target = reqNumber(ctx.body, "targetMarginPercent");
  const adsByProduct = numberMap(ctx.body, "adsCostByProductId");
  const adjustedItems: Record<string, unknown>[] = [];
  const unadjustableItems: Unadjustable[] = [];
  for (const wanted of objectsOf(ctx.body, "skus")) {
    checkRequestBudget();
    const productId = reqString(wanted, "productId");
    const skuId = reqString(wanted, "skuId");
    const found = findSku(view, productId, skuId);
    if (found === null) {
      unadjustableItems.push({
        productId,
        skuId,
        reason: "sku_not_found",
        message: "no such product or SKU in this shop",
      });
      continue;
    }
    const input = inputFor(
      view,
      found.product,
      found.sku,
      optNumber(wanted, "cogs"),
      adsByProduct.get(productId) ?? null,
    );
    const solved = solveMaxDiscount(
      (discount) => {
        const u = unitBreakdownC({ ...input, sellerDiscount: discount });
        return { profitMinor: u.netProfitMinor, revenueMinor: u.revenueMinor };
      },
      { kind: "margin", fraction: target },
      { maxDiscountMinor: found.sku.listPrice, unitMinor: 1 },
    );
    if ("unreachable" in solved) {
      unadjustableItems.push({
        productId,
        skuId,
        reason: "unreachable_margin",
        message: `margin ${target} is not reached even without any discount`,
      });
    } else {
      adjustedItems.push(
        adjustedWire(view, found.product, found.sku, input, solved.discountMinor, {
          targetMargin: target,
        }),
      );
    }
  }
  return { targetMargin: target, adjustedItems, unadjustableItems };
}

/** C9: POST P_C/preview-set-buyer-price. */
export function previewSetBuyerPriceC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const dp = view.currency.decimals;
  const adjustedItems: Record<string, unknown>[] = [];
  const unadjustableItems: Unadjustable[] = [];
  for (const wanted of objectsOf(ctx.body, "skus")) {
    checkRequestBudget();
    const productId = reqString(wanted, "productId");
    const skuId = reqString(wanted, "skuId");
    const found = findSku(view, productId, skuId);
    if (found === null) {
      unadjustableItems.push({
        productId,
        skuId,
        reason: "sku_not_found",
        message: "no such product or SKU in this shop",
      });
      continue;
    }
    const target = toMinor(reqNumber(wanted, "targetBuyerPrice"), dp);
    const outcome = discountForBuyerPrice({
      listPriceMinor: found.sku.listPrice,
      sellerVoucherMinor: 0,
      platformDiscountMinor: 0,
      targetBuyerPriceMinor: target,
    });
    if ("infeasible" in outcome) {
      unadjustableItems.push({
        productId,
        skuId,
        reason: outcome.infeasible,
        message: outcome.message,
      });
      continue;
    }
    const input = inputFor(view, found.product, found.sku, optNumber(wanted, "cogs"), null);
    adjustedItems.push(
      adjustedWire(view, found.product, found.sku, input, outcome.discountMinor, {
        targetBuyerPrice: toMajor(target, dp),
        noDiscountNeeded: outcome.noDiscountNeeded,
      }),
    );
  }
  return { adjustedItems, unadjustableItems };
}
