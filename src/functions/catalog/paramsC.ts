/**
 * Parameters several marketplace C functions share: shopId / productId / skuId (text ids),
 * and the category path C takes instead of a category id. Margins of C are fractions.
 */
import { ArgumentError } from "../argumentError";
import { field, headers } from "../common";
import { booleanParam, integerId, numberParam, optional, rangeOf, textId } from "../params";

const shopIdNumber = integerId("shopId", "Marketplace C shop id (see SHOPS).");
/**
 * Spec 2.4: C's shop list gives shopId as an opaque string, C's requests send it as an
 * integer. A text id cannot be sent, so the refusal says which form the requests take.
 */
export const shopIdC = {
  ...shopIdNumber,
  read: (raw: Parameters<typeof shopIdNumber.read>[0]): number => {
    try {
      return shopIdNumber.read(raw);
    } catch (e) {
      if (typeof raw !== "string" || !(e instanceof Error)) throw e;
      throw new ArgumentError(
        "shopId",
        `${e.message.replace(/^shopId /, "")}: C's requests take the shop's number (spec 2.4); if SHOPS shows none for this shop, ask your API provider`,
      );
    }
  },
};
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
