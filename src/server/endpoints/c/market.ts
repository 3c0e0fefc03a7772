/** Marketplace C as the shared B/C layer (endpoints/bc) sees it: its engine and its names. */
import type { OrderC, ProductC, SkuC } from "../../data/model";
import { unitBreakdownC, type UnitInputC } from "../../fees/c";
import type { MarketBC } from "../bc/market";

export const MARKET_C: MarketBC<ProductC, SkuC, UnitInputC, OrderC> = {
  unitOf: unitBreakdownC,
  discount: "sellerDiscount",
  // A SKU's breakdown carries the product's title.
  title: (p) => ({ title: p.name }),
  currentDiscount: (sku) => sku.sellerDiscount,
  withDiscount: (input, discount) => ({ ...input, sellerDiscount: discount }),
  ids: { field: "productId", type: "string", noun: "product" },
  productFlags: (p) => ({
    categoryL1: p.categoryL1,
    categoryL2: p.categoryL2,
    categoryL3: p.categoryL3,
    isPreOrder: p.isPreOrder,
    isOwnFleetOnly: p.isOwnFleetOnly,
  }),
  productKey: (p) => p.productId,
  orderProduct: (o) => o.productId,
  cogsCategory: (p) => p.categoryL1,
};
