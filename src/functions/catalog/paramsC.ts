/**
 * Parameters several marketplace C functions share: shopId / productId / skuId (text ids),
 * and the category path C takes instead of a category id. Margins of C are fractions.
 */
import { ArgumentError } from "../argumentError";
import { field, headers } from "../common";
import { booleanParam, integerId, numberParam, optional, rangeOf, textId } from "../params";

export const shopIdC = integerId("shopId", "Marketplace C shop id (see SHOPS).");
export const productIdsC = rangeOf(textId("productId", "Marketplace C product id."));
const skuIdsC = optional(
  rangeOf(textId("skuId", "Marketplace C SKU id; empty for the whole product.")),
);

/** The leading parameters of per-SKU functions: which rows, and how they are shown. */
export const variantRowsC = [shopIdC, productIdsC, skuIdsC, field, headers] as const;

export const adsCostPerSale = optional(
  numberParam("adsCostPerSale", "Ads cost per unit sold, as you estimate it (default none)."),
);
export const ownFleetOnly = optional(
  booleanParam("isOwnFleetOnly", "Ships with your own fleet only (default FALSE)."),
);

/** "Beauty > Skincare > Serum" -> categoryL1..L3 (also "/" as separator). */
export function categoryPath(path: string, argument: string): Record<string, string> {
  const parts = path
    .split(/\s*[>/]\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0 || parts.length > 3) {
    throw new ArgumentError(
      argument,
      `must be a category path such as "Beauty > Skincare > Serum", 1 to 3 levels (got "${path}")`,
    );
  }
  const out: Record<string, string> = {};
  parts.forEach((p, i) => (out[`categoryL${i + 1}`] = p));
  return out;
}
