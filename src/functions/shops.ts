/** Your shop lists: which endpoint lists each marketplace's shops, and when a list is missing. */
import type { Marketplace } from "../api/types";
import type { ApiError } from "../core/errors";

export const SHOP_ENDPOINTS = { A: "SHOPS_A", B: "SHOPS_B", C: "SHOPS_C" } as const;

/**
 * True when the B or C shop list is simply not there: those paths are reference-server
 * extensions (the spec says the lists exist but shows no path), so another API answers them
 * with a 404, a 405 or something that is not a shop list. A rejected key or a rate limit is
 * still that error.
 */
export function isMissingShopList(market: Marketplace, error: ApiError): boolean {
  // "No such endpoint" (a 404 naming the path, or one outside the API's envelope) is CONFIG
  // for every other call; for these two paths it is the missing list itself.
  const noSuchPath = error.code === "CONFIG" && (error.status === 404 || error.status === 405);
  return (
    market !== "A" &&
    (noSuchPath ||
      error.code === "NOT_FOUND" ||
      error.code === "BAD_REQUEST" ||
      error.code === "BAD_RESPONSE")
  );
}
