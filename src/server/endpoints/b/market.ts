/** Marketplace B as the shared B/C layer (endpoints/bc) sees it: its engine and its names. */
import type { OrderB, ProductB, SkuB } from "../../data/model";
import { unitBreakdownB, type UnitInputB } from "../../fees/b";
import type { MarketBC } from "../bc/market";

export const MARKET_B: MarketBC<ProductB, SkuB, UnitInputB, OrderB> = {
  unitOf: unitBreakdownB,
  discount: "specialPriceDiscount",
  // A SKU's breakdown carries the SKU's name.
  title: (p, sku) => ({ name: (sku ?? p).name }),
  currentDiscount: (sku) => sku.specialPriceDiscount,
  withDiscount: (input, discount) => ({ ...input, specialPriceDiscount: discount }),
  ids: { field: "itemId", type: "integer", noun: "item" },
  productFlags: (p) => ({ isInFreeShipping: p.isInFreeShipping }),
  skuCode: (sku) => ({ sellerSku: sku.sellerSku }),
  productKey: (p) => p.itemId,
  orderProduct: (o) => o.itemId,
  orderExtra: (o) => o.coinDeduction,
  cogsCategory: (p) => p.categoryId,
};
