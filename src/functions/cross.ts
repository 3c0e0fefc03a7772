/**
 * Functions that span marketplaces: the first argument names the marketplace (A, B or C) and
 * the shared arguments come first, so one formula can be filled across a mixed product list.
 */
import type { Marketplace } from "../api/types";
import { type ApiCall, apiCall, call } from "../core/effects";
import { ArgumentError } from "./argumentError";
import type { Cell } from "./cells";
import {
  effectiveDate,
  field,
  headers,
  includeVat,
  lookbackDays,
  sellerType,
  VAT_SETTING,
} from "./common";
import { defineFunction } from "./define";
import { present } from "./answer";
import { categoryPath } from "./mktc";
import {
  ANY_NUMBER,
  FRACTION,
  choiceParam,
  idOrTextParam,
  numberParam,
  amountParam,
  optional,
  rangeOf,
  region,
  integerId,
  requiredAfterOptional,
  fromBasis,
} from "./params";
import { defined, fetchEach, type RowOutcome } from "./requests";
import { at as pick, idCell, rangeResult, rowCount, single } from "./rows";
import { isRecord, keyValueTable, toCell } from "../core/shape";
import { profitTable } from "./shape";
import {
  checkMarginShare,
  emptyForSome,
  marketplace,
  need,
  only,
  percentPoints,
  shopOrSeller,
} from "./crossArgs";

export const REQUIRED_PRICE = defineFunction({
  name: "REQUIRED_PRICE",
  help: "Listing price that reaches your target profit (A) or margin (B, C) after all fees.",
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
      "B and C: target margin, a fraction or % (25% or 0.25). Leave empty for A (its API solves for a profit amount: give targetProfit, the last argument).",
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
      amountParam("targetProfit", "Target profit."),
      "A only (required there): target profit per unit, an amount in the shop's currency (5 = 5 SGD), never a percent: 25% would be read as 0.25 SGD.",
    ),
  ],
  notes: [
    "A (A4): shopId, region, category id; targetMargin empty and targetProfit (the last argument) a profit amount per unit.",
    "shopId and region are optional in the formula because one marketplace leaves each empty; category, cogs and target are always required (an empty one names itself in the error).",
    "targetDiscountPercent is a share for every marketplace (10% or 0.1); A's API takes percent points, so it is sent as 10.",
    "B (B4): region, category id (shopId empty); targetMargin a fraction or % (25%); sellerType allowed.",
    'C (C6): shopId, category path "L1 > L2 > L3" (region empty); targetMargin a fraction or % (25%); returnRate allowed.',
    'field "requiredListingPrice" returns the price alone.',
  ],
  example: '=REQUIRED_PRICE("B", , "MY", 200004, 150, 25%, "requiredListingPrice")',
  *run(a) {
    const m = a.marketplace;
    only(a.sellerType, "sellerType", m, ["B"]);
    only(a.returnRate, "returnRate", m, ["C"]);
    only(a.adsCostPerSale, "adsCostPerSale", m, ["A", "C"]);
    only(a.targetProfit, "targetProfit", m, ["A"]);
    if (m === "A" && a.targetMargin !== undefined)
      throw new ArgumentError(
        "targetMargin",
        "is for marketplaces B and C: marketplace A's required price solves for a profit per unit. Leave targetMargin empty and give targetProfit (the last argument) as an amount, e.g. 5 for 5 per unit",
      );
    const target =
      m === "A" ? need(a.targetProfit, "targetProfit", m) : need(a.targetMargin, "targetMargin", m);
    checkMarginShare(target, m !== "A");
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
      // A4's targetMargin is an amount per unit (spec); B4 and C6 read a fraction.
      targetMargin: target,
      targetDiscount: a.targetDiscount,
      // A4 reads percent points (10 = 10 %); B4 and C6 read a fraction.
      targetDiscountPercent:
        a.targetDiscountPercent === undefined || m !== "A"
          ? a.targetDiscountPercent
          : percentPoints(a.targetDiscountPercent),
      hasVat: a.hasVat === undefined ? undefined : a.hasVat === "TRUE",
      effectiveDate: a.effectiveDate,
    };
    let request: ApiCall;
    if (m === "A") {
      const shopId = need(a.shopId, "shopId", m);
      const regionCode = need(a.region, "region", m);
      request = apiCall(
        "A4",
        defined({
          shopId,
          region: regionCode,
          ...category(),
          ...shared,
          adsCostPerSale: a.adsCostPerSale,
        }),
      );
    } else if (m === "B") {
      only(a.shopId, "shopId", m, ["A", "C"]);
      request = apiCall(
        "B4",
        defined({
          region: need(a.region, "region", m),
          ...category(),
          ...shared,
          sellerType: a.sellerType,
        }),
      );
    } else {
      only(a.region, "region", m, ["A", "B"]);
      request = apiCall(
        "C6",
        defined({
          shopId: need(a.shopId, "shopId", m),
          ...category(),
          ...shared,
          adsCostPerSale: a.adsCostPerSale,
          returnRate: a.returnRate,
        }),
      );
    }
    const value: unknown = yield* call(request.endpoint, request.params);
    return present(value, a, profitTable);
  },
});

/** Where each frame's ROAS sits in the A summary. */
const A_FRAME_FIELD = {
  RAW: "profitAdjustedRoas",
  CLEANED: "profitAdjustedCleanedRoas",
  DEFLATED: "profitAdjustedDeflatedRoas",
} as const;

/** The ROAS figure of one frame, from an A summary or a B summary (frames as objects). */
function frameRoas(value: unknown, market: Marketplace, frame: keyof typeof A_FRAME_FIELD): Cell {
  if (!isRecord(value)) return "";
  if (market === "A") return roasOrWhy(value, A_FRAME_FIELD[frame]);
  const inner = value[frame.toLowerCase()];
  if (!isRecord(inner))
    return `Not yet available from the API for marketplace B's ${frame} frame: use RAW`;
  const key = Object.keys(inner).find((k) => /roas/i.test(k));
  return key === undefined ? "" : roasOrWhy(inner, key);
}

/** The ROAS figure, or why there is none: a blank cell would say nothing (no spend, no ratio). */
function roasOrWhy(record: Record<string, unknown>, key: string): Cell {
  const roas = record[key];
  if (roas !== null && roas !== undefined) return toCell(roas);
  const spend = Object.keys(record).find((k) => /ad(Expense|Spend)/i.test(k));
  return spend !== undefined && record[spend] === 0
    ? "No ad spend in this window: ROAS has no value"
    : "Not reported by the API for this product";
}

export const PROFIT_ROAS = defineFunction({
  name: "PROFIT_ROAS",
  help: "Return on ad spend measured on profit (break-even at 1), in the RAW, CLEANED or DEFLATED frame.",
  marketplace: null,
  endpoints: ["A8", "A9", "B9", "B10"],
  params: [
    choiceParam("marketplace", "Marketplace: A or B (C has no ROAS endpoint).", ["A", "B"]),
    shopOrSeller,
    region("region", "Two-letter region code of the shop, e.g. SG."),
    rangeOf(integerId("itemId", "Item (product) id.")),
    optional(
      choiceParam(
        "frame",
        "RAW (default, as the marketplace attributes), CLEANED (chain re-buys removed) or DEFLATED (all cancels removed).",
        ["RAW", "CLEANED", "DEFLATED"],
      ),
    ),
    field,
    headers,
    lookbackDays(180, "Ads history window"),
    includeVat,
    effectiveDate,
    sellerType,
  ],
  notes: [
    "A: RAW uses the profit-adjusted ROAS endpoint (A8); CLEANED and DEFLATED the de-duplicated one (A9).",
    "B: the same frames from B9/B10, which the API marks not yet active: cells say so until they are.",
    'Without field the table starts with the chosen frame\'s ROAS; field "roas" returns that figure alone.',
  ],
  example: '=PROFIT_ROAS("A", 100001, "SG", 10001691, "CLEANED", "roas")',
  *run(a) {
    const m = a.marketplace;
    only(a.sellerType, "sellerType", m, ["B"]);
    const shopId = need(a.shopId, "shopId", m);
    const frame = a.frame ?? "RAW";
    const endpoint = m === "A" ? (frame === "RAW" ? "A8" : "A9") : frame === "RAW" ? "B9" : "B10";
    const body =
      m === "A"
        ? {
            shopId,
            region: a.region,
            lookbackDays: a.lookbackDays,
            includeVat: a.includeVat,
            effectiveDate: a.effectiveDate,
          }
        : {
            sellerId: shopId,
            region: a.region,
            lookbackDays: a.lookbackDays,
            hasVat: a.includeVat,
            sellerType: a.sellerType,
            effectiveDate: a.effectiveDate,
          };
    const n = rowCount({ itemId: a.itemId });
    const outcomes = yield* fetchEach(
      Array.from({ length: n }, (_, i) =>
        pick(a.itemId, i) === undefined
          ? null
          : apiCall(endpoint, defined({ ...body, itemId: pick(a.itemId, i) })),
      ),
    );
    // The chosen frame's figure leads every result, so `field` "roas" works for A and B alike.
    const enriched: RowOutcome[] = outcomes.map((o) =>
      o?.ok
        ? {
            ok: true,
            value: {
              roas: frameRoas(o.value, m, frame),
              frame,
              ...(isRecord(o.value) ? o.value : {}),
            },
          }
        : o,
    );
    if (!a.itemId.isRange) return single(enriched[0] ?? null, (v) => present(v, a, keyValueTable));
    return rangeResult(
      a.itemId.values.map((id) => [["itemId", idCell(id)]]),
      enriched,
      { field: a.field, headers: a.headers ?? true },
    );
  },
});

export const CROSS_FUNCTIONS = [REQUIRED_PRICE, PROFIT_ROAS];
