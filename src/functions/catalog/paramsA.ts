/**
 * Parameters several marketplace A functions share: shopId / itemId / modelId, and the sales
 * window. Margins of A are shown as fractions (see core/marginUnit).
 */
import { effectiveDate, field, headers, includeVat, regionCode, WINDOW_SETTING } from "../common";
import { fromBasis, integerId, optional, rangeOf, wholeNumberParam } from "../params";

export const shopIdA = integerId("shopId", "Marketplace A shop id (see SHOPS).");
export const itemIdsA = rangeOf(integerId("itemId", "Marketplace A item (product) id."));
const modelIdsA = optional(
  rangeOf(integerId("modelId", "Marketplace A model (variant) id; empty for the whole product.")),
);

/** Marketplace A's sales window: the seller's setting unless the cell gives one. */
export const salesWindow = fromBasis(
  optional(wholeNumberParam("lookbackDays", "Sales window in days (1 to 730).", 1, 730)),
  (b) => b.salesWindowDays,
  WINDOW_SETTING,
);

/** The leading parameters of per-item and per-model functions: which rows, how they are shown. */
export const itemRowsA = [shopIdA, regionCode, itemIdsA, field, headers] as const;
export const variantRowsA = [shopIdA, regionCode, itemIdsA, modelIdsA, field, headers] as const;

/** The profit basis A's profit functions end with: sales window, VAT, the fee rates' date. */
export const basisA = [salesWindow, includeVat, effectiveDate] as const;
