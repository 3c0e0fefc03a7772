/** Marketplace B as the shared B/C layer (endpoints/bc) sees it: its engine and its names. */
import type { OrderB, ProductB, SkuB } from "../../data/model";
import { unitBreakdownB, type UnitInputB } from "../../fees/b";
import type { MarketBC } from "../bc/view";

export const MARKET_B: MarketBC<ProductB, SkuB, UnitInputB, OrderB> = {
  unitOf: unitBreakdownB,
  revenueLines: ["originalPrice", "specialPriceDiscount", "sellerVoucher"],
  withDiscount: (input, discount) => ({ ...input, specialPriceDiscount: discount }),
  currentDiscount: (sku) => sku.specialPriceDiscount,
  discountNames: {
    current: "currentSpecialPriceDiscount",
    computed: "computedSpecialPriceDiscount",
  },
  productKey: (p) => p.itemId,
  orderProduct: (o) => o.itemId,
  orderExtra: (o) => o.coinDeduction,
  cogsCategory: (p) => p.categoryId,
  productIdField: "itemId",
  productIds: (p) => ({ itemId: p.itemId }),
  skuIds: (p, sku) => ({ itemId: p.itemId, skuId: sku.skuId, sellerSku: sku.sellerSku }),
  // A SKU's breakdown carries the SKU's name.
  title: (p, sku) => ({ name: (sku ?? p).name }),
  productFlags: (p) => ({ isInFreeShipping: p.isInFreeShipping }),
};
