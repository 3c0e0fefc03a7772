/**
 * Parameters shared across the catalog, written once so every function names and explains
 * them the same way. Order in a function: required ids, required values, then options.
 */
import {
  optional,
  region,
  integerId,
  wholeNumberParam,
  booleanParam,
  dateParam,
  choiceParam,
  fromBasis,
  numberParam,
} from "./params";

export const MARKETPLACES = ["A", "B", "C"] as const;

export const regionCode = region("region", "Two-letter region code of the shop, e.g. SG.");

export { field, fieldOf } from "./fieldArg";
export const headers = optional(booleanParam("headers", "Show the header row (default TRUE)."));
export const effectiveDate = optional(
  dateParam("effectiveDate", "Date whose fee rates apply (default today)."),
);
/** How the help names the basis settings. */
export const VAT_SETTING = 'the setting "Count output VAT as a cost" (TRUE unless you change it)';
export const WINDOW_SETTING = 'the setting "Sales window" (180 days unless you change it)';

export const includeVat = fromBasis(
  optional(booleanParam("includeVat", "Count output VAT as a cost.")),
  (b) => b.countVat,
  VAT_SETTING,
);
export const hasVat = fromBasis(
  optional(booleanParam("hasVat", "Count output VAT as a cost (you are VAT-registered).")),
  (b) => b.countVat,
  VAT_SETTING,
);
/** Marketplace B/C overviews: includeVat adds the forward VAT position, not a cost line. */
export const vatPosition = optional(
  booleanParam("includeVat", "Show the forward VAT position (default FALSE)."),
);
export const sellerType = optional(
  choiceParam("sellerType", "Marketplace B seller programme (default REGULAR).", [
    "REGULAR",
    "MALL",
  ]),
);
export const limit = optional(
  wholeNumberParam("limit", "Most rows to return (default 100); pages are followed.", 1, 5000),
);
export const topN = optional(
  wholeNumberParam("topN", "How many top entries to list (default: the API's, 20).", 1, 100),
);

/** A lookback window (not the sales window) with its spec default in the help. */
export function lookbackDays(defaultDays: number, what = "Sales window") {
  return optional(
    wholeNumberParam("lookbackDays", `${what} in days (default ${defaultDays}, 1 to 730).`, 1, 730),
  );
}

/** The windows several functions look back over, each named as its help says. */
export const returnRateWindow = lookbackDays(30, "Return-rate window");
export const adsWindow = lookbackDays(30, "Ads window");

/** What a new listing is priced from (the new-product estimates). */
export const listingPrice = numberParam("listingPrice", "Proposed listing price.");
export const categoryId = integerId("categoryId", "Category id; sets the commission rate.");

/** Default row limit of listings. */
export const DEFAULT_LIMIT = 100;

/** What-if values the simulations share; empty keeps what the API has on file. */
export const originalPriceOverride = optional(
  numberParam("originalPrice", "List price to assume (default: the current one)."),
);
export const sellerVoucherOverride = optional(
  numberParam("sellerVoucher", "Seller voucher per unit (default: the current one)."),
);
export const cogsOverride = optional(
  numberParam("manufacturingCogs", "Unit product cost to assume (default: the cost on file)."),
);
export const returnCostOverride = optional(
  numberParam("returnCostPerSale", "Return cost per sale to assume (default: from your returns)."),
);
/** A new listing's unit cost where the API does not infer one (B and C). */
export const newListingCogs = optional(
  numberParam(
    "manufacturingCogs",
    "Unit product cost (default: none, counted as 0 with COGS source missing).",
  ),
);
