/** Marketplace B endpoint handlers by spec id (B1..B16); each reads only ctx.account's sellers. */
import type { EndpointHandler } from "../../handler";
import { skuBatchB, allSkusB } from "./skuLists";
import { productB, itemB } from "./productBreakdown";
import { newProductB, requiredPriceB } from "./newProduct";
import { simulateB } from "./simulate";
import { productPageB, sortedByProfitB } from "./productLists";
import {
  profitAdjustedRoasB,
  profitAdjustedRoasDedupB,
  correctedRoasB,
  sortedByRoasB,
} from "./roas";
import { previewSetMarginB, previewSetBuyerPriceB } from "./setPrice";
import { shopOverviewB } from "./overview";

export const handlersB: Readonly<Record<string, EndpointHandler>> = {
  B1: skuBatchB,
  B2: productB,
  B3: newProductB,
  B4: requiredPriceB,
  B5: simulateB,
  B6: itemB,
  B7: productPageB,
  B8: allSkusB,
  B9: profitAdjustedRoasB,
  B10: profitAdjustedRoasDedupB,
  B11: correctedRoasB,
  B12: sortedByProfitB,
  B13: sortedByRoasB,
  B14: previewSetMarginB,
  B15: previewSetBuyerPriceB,
  B16: shopOverviewB,
};
