/**
 * Parameters several marketplace B functions share: sellerId / itemId / skuId. Margins of B
 * are fractions (0.235 = 23.5 %).
 */
import { effectiveDate, field, hasVat, headers, regionCode, sellerType } from "../common";
import { integerId, optional, rangeOf } from "../params";

export const sellerIdB = integerId("sellerId", "Marketplace B seller id (see SHOPS).");
export const itemIdsB = rangeOf(integerId("itemId", "Marketplace B item (product) id."));
const skuIdsB = optional(
  rangeOf(integerId("skuId", "Marketplace B SKU id; empty for the whole product.")),
);

/** The leading parameters of per-SKU functions: which rows, and how they are shown. */
export const variantRowsB = [sellerIdB, regionCode, itemIdsB, skuIdsB, field, headers] as const;

/** The profit basis B's profit functions end with: VAT, seller programme, the fee rates' date. */
export const basisB = [hasVat, sellerType, effectiveDate] as const;
