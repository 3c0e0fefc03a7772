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
import { unitBreakdownC, type UnitInputC } from "../../fees/c";
import type { ShopViewC } from "./shopView";
import { breakdownWireC } from "./results";
import { shopFromRequest } from "./options";
import { previewEach, pricedForBuyerPrice, pricedForMargin, type Priced } from "../pricePreview";

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

/** C8 and C9 name SKUs by productId and skuId. */
function previewC(
  ctx: HandlerContext,
  view: ShopViewC,
  price: (product: ProductC, sku: SkuC, wanted: Record<string, unknown>) => Priced,
): { adjustedItems: Record<string, unknown>[]; unadjustableItems: Record<string, unknown>[] } {
  const idsOf = (wanted: Record<string, unknown>): { productId: string; skuId: string } => ({
    productId: reqString(wanted, "productId"),
    skuId: reqString(wanted, "skuId"),
  });
  return previewEach(objectsOf(ctx.body, "skus"), {
    find: (wanted) => {
      const ids = idsOf(wanted);
      const found = findSku(view, ids.productId, ids.skuId);
      return found && [found];
    },
    notFound: idsOf,
    notFoundMessage: "no such product or SKU in this shop",
    idsOf: (v) => ({ productId: v.product.productId, skuId: v.sku.skuId }),
    price: (v, wanted) => price(v.product, v.sku, wanted),
  });
}

/** C8: POST P_C/preview-set-margin. */
export function previewSetMarginC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const target = reqNumber(ctx.body, "targetMarginPercent");
  const adsByProduct = numberMap(ctx.body, "adsCostByProductId");
  const items = previewC(ctx, view, (product, sku, wanted) => {
    const ads = adsByProduct.get(product.productId) ?? null;
    const input = inputFor(view, product, sku, optNumber(wanted, "cogs"), ads);
    return pricedForMargin(
      sku.listPrice,
      target,
      (discount) => unitBreakdownC({ ...input, sellerDiscount: discount }),
      (discount) => adjustedWire(view, product, sku, input, discount, { targetMargin: target }),
    );
  });
  return { targetMargin: target, ...items };
}

/** C9: POST P_C/preview-set-buyer-price. */
export function previewSetBuyerPriceC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const dp = view.currency.decimals;
  return previewC(ctx, view, (product, sku, wanted) => {
    const target = toMinor(reqNumber(wanted, "targetBuyerPrice"), dp);
    return pricedForBuyerPrice(sku.listPrice, target, (discount, noDiscountNeeded) => {
      const input = inputFor(view, product, sku, optNumber(wanted, "cogs"), null);
      return adjustedWire(view, product, sku, input, discount, {
        targetBuyerPrice: toMajor(target, dp),
        noDiscountNeeded,
      });
    });
  });
}
