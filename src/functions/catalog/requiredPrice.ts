import type { Marketplace } from "../../api/types";
import { call } from "../../core/effects";
import { present } from "../answer";
import { ArgumentError } from "../argumentError";
import { VAT_SETTING, effectiveDate, field, headers, sellerType } from "../common";
import {
  checkMarginShare,
  emptyForSome,
  marketplace,
  need,
  only,
  onlyFor,
  percentPoints,
} from "../crossArgs";
import { defineFunction } from "../define";
import {
  ANY_NUMBER,
  FRACTION,
  amountParam,
  choiceParam,
  fromBasis,
  idOrTextParam,
  integerId,
  numberParam,
  optional,
  region,
  requiredAfterOptional,
} from "../params";
import { defined } from "../requests";
import { profitTable } from "../shape";
import { categoryPath } from "./paramsC";
import { requiredPriceForMarginA } from "../marginTargetA";

const REQUIRED_PRICE_ENDPOINTS = { A: "A4", B: "B4", C: "C6" } as const;

/** The shop fields a marketplace's required price takes (A both, B region, C shopId). */
function shopFields(
  m: Marketplace,
  shopId: number | undefined,
  regionCode: string | undefined,
): Record<string, unknown> {
  if (m === "B") {
    only(shopId, "shopId", m, ["A", "C"]);
    return { region: need(regionCode, "region", m) };
  }
  if (m === "C") {
    only(regionCode, "region", m, ["A", "B"]);
    return { shopId: need(shopId, "shopId", m) };
  }
  return { shopId: need(shopId, "shopId", m), region: need(regionCode, "region", m) };
}

export const REQUIRED_PRICE = defineFunction({
  name: "REQUIRED_PRICE",
  help: "Listing price that reaches your target margin after all fees (or, for A, a profit per unit).",
  marketplace: null,
  endpoints: ["A4", "B4", "C6"],
  params: [
    marketplace,
    emptyForSome(integerId("shopId", "Shop id."), "Shop id: A and C; leave empty for B."),
    emptyForSome(region("region", "Region."), "Two-letter region: A and B; leave empty for C."),
    // Required on every marketplace; declared optional only because an optional one precedes them.
    requiredAfterOptional(
      idOrTextParam("category", 'Category id (A, B) or category path "L1 > L2 > L3" (C).'),
    ),
    requiredAfterOptional(numberParam("cogs", "Unit product cost.")),
    emptyForSome(
      numberParam("targetMargin", "Target margin.", ANY_NUMBER),
      "Target margin, every marketplace: a fraction or % (25% or 0.25) of the revenue per unit. Required unless a target profit is given (A).",
    ),
    field,
    headers,
    optional(
      numberParam(
        "targetDiscount",
        "Discount per unit you plan to give, an amount (default none).",
      ),
    ),
    optional(
      numberParam(
        "targetDiscountPercent",
        "Planned discount as a share of the listing price: a fraction or % (10%), every marketplace (default none).",
        { min: 0, max: 0.99 },
      ),
    ),
    fromBasis(
      optional(
        choiceParam("hasVat", "Count output VAT as a cost: TRUE or FALSE.", ["TRUE", "FALSE"]),
      ),
      (b) => (b.countVat ? "TRUE" : "FALSE"),
      VAT_SETTING,
    ),
    optional(numberParam("adsCostPerSale", "Ads cost per unit sold, A and C (default none).")),
    effectiveDate,
    sellerType,
    optional(
      numberParam(
        "returnRate",
        "Share of orders returned, fraction or %, C only (default: the API's estimate).",
        FRACTION,
      ),
    ),
    emptyForSome(
      amountParam(
        "targetProfit",
        "Target profit per unit, marketplace A only, instead of a margin; empty: the margin in targetMargin is the target.",
      ),
      "A only, instead of a target margin: profit per unit, an amount in the shop's currency (5 = 5 SGD), never a percent: 25% would be read as 0.25 SGD. Empty: the target margin is the target.",
    ),
  ],
  notes: [
    "The target is always the 6th argument, targetMargin: a margin (25% or 0.25) on every marketplace. A profit amount per unit instead goes in targetProfit (the last argument, A only); give one of the two.",
    "A (A4): shopId, region, category id. A's API solves for a profit amount, so a margin is reached in at most 3 requests: a first profit guess, the profit that margin gives at the price found, then the straight line through those two answers; the answer's own breakdown is checked to show the margin within 0.1 percentage point (else the cell says so).",
    "shopId and region are optional in the formula because one marketplace leaves each empty; category, cogs and the target are always required (an empty one names itself in the error).",
    "targetDiscountPercent is a share for every marketplace (10% or 0.1); A's API takes percent points, so it is sent as 10.",
    "B (B4): region, category id (shopId empty); targetMargin a fraction or % (25%); sellerType allowed.",
    'C (C6): shopId, category path "L1 > L2 > L3" (region empty); targetMargin a fraction or % (25%); returnRate allowed.',
    'field "requiredListingPrice" returns the price alone.',
  ],
  example: '=REQUIRED_PRICE("A", 100001, "SG", 100008, 50, 25%, "requiredListingPrice")',
  *run(a) {
    const m = a.marketplace;
    onlyFor(m, a, {
      sellerType: ["B"],
      returnRate: ["C"],
      adsCostPerSale: ["A", "C"],
      targetProfit: ["A"],
    });
    if (a.targetMargin !== undefined && a.targetProfit !== undefined)
      throw new ArgumentError(
        "targetProfit",
        "is a profit per unit instead of a margin: give targetMargin (25%) or targetProfit (an amount), not both",
      );
    if (a.targetMargin === undefined && a.targetProfit === undefined)
      throw new ArgumentError(
        "targetMargin",
        `is required: a margin such as 25% (the 6th argument)${m === "A" ? ", or a profit per unit in targetProfit (the last argument)" : ""}`,
      );
    const margin = a.targetMargin;
    if (margin !== undefined) checkMarginShare(margin, true);
    const category = (): Record<string, unknown> => {
      if (m === "C") return categoryPath(String(a.category), "category");
      if (typeof a.category !== "number") {
        throw new ArgumentError(
          "category",
          `must be a whole-number category id for marketplace ${m} (got "${a.category}")`,
        );
      }
      return { categoryId: a.category };
    };
    const shared = {
      cogs: a.cogs,
      targetDiscount: a.targetDiscount,
      // A4 reads percent points (10 = 10 %); B4 and C6 read a fraction.
      targetDiscountPercent:
        a.targetDiscountPercent === undefined || m !== "A"
          ? a.targetDiscountPercent
          : percentPoints(a.targetDiscountPercent),
      hasVat: a.hasVat === undefined ? undefined : a.hasVat === "TRUE",
      effectiveDate: a.effectiveDate,
    };
    // The marketplace's checks on adsCostPerSale, returnRate and sellerType above leave
    // only the options its endpoint takes.
    const sent = defined({
      ...shopFields(m, a.shopId, a.region),
      ...category(),
      ...shared,
      adsCostPerSale: a.adsCostPerSale,
      returnRate: a.returnRate,
      sellerType: a.sellerType,
    });
    // A4's targetMargin is an amount per unit (spec): a margin is reached by solving
    // (marginTargetA.ts); B4 and C6 read the margin as a fraction.
    // The body is built field by field: the schema checks it before it is sent.
    const endpoint: string = REQUIRED_PRICE_ENDPOINTS[m];
    // (B and C never reach the call without a margin: targetProfit is refused for them above.)
    const value: unknown =
      m === "A" && margin !== undefined
        ? yield* requiredPriceForMarginA(
            sent,
            margin,
            (a.cogs ?? 0) + (a.adsCostPerSale ?? 0) + (a.targetDiscount ?? 0),
          )
        : yield* call(endpoint, {
            ...sent,
            targetMargin: need(margin ?? a.targetProfit, "targetMargin", m),
          });
    // The table ends with the basis it was solved on (VAT, fee date), like every breakdown.
    return present(
      m === "A" ? withTarget(value, margin, a.targetProfit) : value,
      a,
      profitTable,
      sent,
    );
  },
});

/**
 * A's answer does not echo its target as B's and C's do ("Target margin"): the same field
 * beside the price (a fraction, as B's; or the profit amount asked), so a seller reads one
 * table, and picks one field, whichever marketplace answered.
 */
function withTarget(
  value: unknown,
  margin: number | undefined,
  profit: number | undefined,
): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const { requiredListingPrice, ...rest } = value as Record<string, unknown>;
  const target = margin !== undefined ? { targetMargin: margin } : { targetProfit: profit };
  return { requiredListingPrice, ...target, ...rest };
}
