/**
 * Parameters several marketplace B functions share: sellerId / itemId / skuId. Margins of B
 * are fractions (0.235 = 23.5 %).
 */
import { effectiveDate, field, hasVat, headers, limit, regionCode, sellerType } from "../common";
import { integerId, optional, rangeOf } from "../params";

export const sellerIdB = integerId("sellerId", "Marketplace B seller id (see SHOPS).");
export const itemIdsB = rangeOf(integerId("itemId", "Marketplace B item (product) id."));
const skuIdsB = optional(
  rangeOf(integerId("skuId", "Marketplace B SKU id; empty for the whole product.")),
);

/** The leading parameters of per-item and per-SKU functions: which rows, how they are shown. */
export const itemRowsB = [sellerIdB, regionCode, itemIdsB, field, headers] as const;
export const variantRowsB = [sellerIdB, regionCode, itemIdsB, skuIdsB, field, headers] as const;

/** The profit basis B's profit functions end with: VAT, seller programme, the fee rates' date. */
export const basisB = [hasVat, sellerType, effectiveDate] as const;

/** The shop-wide listings of B (MKTB_PRODUCTS, MKTB_ALL_SKUS): which seller, how many rows. */
export const listingB = [sellerIdB, regionCode, limit, headers, ...basisB] as const;
