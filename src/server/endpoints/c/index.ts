/** Marketplace C endpoint handlers by spec id (C1..C10); each reads only ctx.account's shops. */
import type { EndpointHandler } from "../../handler";
import { productC, productLevelC, skusC, productsC } from "./productBreakdown";
import { newProductC, requiredPriceC } from "./newProduct";
import { simulateC } from "./simulate";
import { previewSetMarginC, previewSetBuyerPriceC } from "./setPrice";
import { shopOverviewC } from "./overview";

export const handlersC: Readonly<Record<string, EndpointHandler>> = {
  C1: productC,
  C2: productLevelC,
  C3: skusC,
  C4: newProductC,
  C5: simulateC,
  C6: requiredPriceC,
  C7: productsC,
  C8: previewSetMarginC,
  C9: previewSetBuyerPriceC,
  C10: shopOverviewC,
};
