/**
 * Functions that span marketplaces: the first argument names the marketplace (A, B or C) and
 * the shared arguments come first, so one formula can be filled across a mixed product list.
 */
import type { Marketplace } from "../api/types";
import { type ApiCall, apiCall, call } from "../core/effects";
import { ArgumentError } from "./argumentError";
import type { Cell } from "./cells";
import {
  DEFAULT_LIMIT,
  MARKETPLACES,
  effectiveDate,
  field,
  headers,
  includeVat,
  limit,
  lookbackDays,
  sellerType,
} from "./common";
import { type ParamSpec, defineFunction } from "./define";
import { present } from "./answer";
import { categoryPath } from "./mktc";
import {
  ANY_NUMBER,
  FRACTION,
  choiceParam,
  idOrTextParam,
  numberParam,
  optional,
  rangeOf,
  region,
  textId,
  textParam,
  integerId,
  requiredAfterOptional,
} from "./params";
import { defined, fetchEach, type RowOutcome } from "./requests";
import { at as pick, idCell, rangeResult, rowCount, single } from "./rows";
import {
  flattenRecord,
  isRecord,
  keyValueTable,
  pairsTable,
  pickField,
  recordsTable,
  toCell,
} from "../core/shape";
import { profitTable } from "./shape";

/**
 * A parameter every marketplace the function accepts needs, read as optional so the body
 * can say which marketplace needs it (`need`). Declared required: nobody leaves it empty.
 */
function neededByAll<N extends string, T>(
  p: ParamSpec<N, T>,
  help: string,
): ParamSpec<N, T | undefined> {
  const o = optional(p);
  return { ...o, optional: false, help };
}

/**
 * A parameter some marketplace leaves empty: declared optional (so Excel passes null for an
 * empty argument), and the body checks it per marketplace with `need` and `only`.
 */
function emptyForSome<N extends string, T>(
  p: ParamSpec<N, T>,
  help: string,
): ParamSpec<N, T | undefined> {
  return { ...optional(p), help };
}

/** A share (0.235) as percent points (23.5), without binary noise (0.07 * 100). */
function percentPoints(share: number): number {
  return Math.round(share * 100 * 1e9) / 1e9;
}

/** A target margin typed as a share must be below 100 % (25% or 0.25). */
function checkMarginShare(target: number, isShare: boolean): void {
  if (isShare && (target < 0 || target >= 1)) {
    throw new ArgumentError(
      "target",
      `must be a margin from 0 to below 100 %, typed as 25% or 0.25 (got ${target})`,
    );
  }
}

/** Fail when a marketplace needs an argument the seller left empty. */
function need<T>(value: T | undefined, name: string, market: Marketplace): T {
  if (value === undefined) throw new ArgumentError(name, `is required for marketplace ${market}`);
  return value;
}

/** Fail when an option does not apply to this marketplace. */
function only(
  value: unknown,
  name: string,
  market: Marketplace,
  allowed: readonly Marketplace[],
): void {
  if (value !== undefined && !allowed.includes(market)) {
    throw new ArgumentError(
      name,
      `applies to marketplace ${allowed.join(" or ")} only, not ${market}`,
    );
  }
}

const marketplace = choiceParam("marketplace", "Marketplace: A, B or C.", MARKETPLACES);
const shopOrSeller = neededByAll(
  integerId("shopId", "Shop id."),
  "Shop id (A and C) or seller id (B), see SHOPS.",
);

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
    requiredAfterOptional(
      numberParam(
        "target",
        "A: target profit per unit (an amount). B and C: target margin as a fraction or % (25%).",
        ANY_NUMBER,
      ),
    ),
    field,
    headers,
    optional(numberParam("targetDiscount", "Discount per unit you plan to give (an amount).")),
    optional(
      numberParam(
        "targetDiscountPercent",
        "Planned discount as a share of the listing price: a fraction or % (10%), every marketplace.",
        { min: 0, max: 0.99 },
      ),
    ),
    optional(choiceParam("hasVat", "You are VAT-registered: TRUE or FALSE.", ["TRUE", "FALSE"])),
    optional(numberParam("adsCostPerSale", "Ads cost per unit sold (A and C).")),
    effectiveDate,
    sellerType,
    optional(
      numberParam("returnRate", "Share of orders returned, fraction or % (C only).", FRACTION),
    ),
  ],
  notes: [
    "A (A4): shopId, region, category id; target is a profit amount per unit.",
    "shopId and region are optional in the formula because one marketplace leaves each empty; category, cogs and target are always required (an empty one names itself in the error).",
    "targetDiscountPercent is a share for every marketplace (10% or 0.1); A's API takes percent points, so it is sent as 10.",
    "B (B4): region, category id (shopId empty); target is a margin fraction; sellerType allowed.",
    'C (C6): shopId, category path "L1 > L2 > L3" (region empty); target is a margin fraction; returnRate allowed.',
    'field "requiredListingPrice" returns the price alone.',
  ],
  example: '=REQUIRED_PRICE("B", , "TH", 12, 150, 25%, "requiredListingPrice")',
  *run(a) {
    const m = a.marketplace;
    only(a.sellerType, "sellerType", m, ["B"]);
    only(a.returnRate, "returnRate", m, ["C"]);
    only(a.adsCostPerSale, "adsCostPerSale", m, ["A", "C"]);
    checkMarginShare(a.target, m !== "A");
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
      targetMargin: a.target,
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
  if (market === "A") return toCell(value[A_FRAME_FIELD[frame]]);
  const inner = value[frame.toLowerCase()];
  if (!isRecord(inner)) return "Not yet available";
  const key = Object.keys(inner).find((k) => /roas/i.test(k));
  return key === undefined ? "" : toCell(inner[key]);
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
  example: '=PROFIT_ROAS("A", 1001, "SG", 100012, "CLEANED", "roas")',
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

/** Id field names per marketplace in preview bodies and results. */
const PREVIEW_IDS = {
  A: {
    item: "itemId",
    variant: "modelId",
    list: "models",
    owner: "shopId",
    endpoints: { margin: "A21", buyer: "A22" },
  },
  B: {
    item: "itemId",
    variant: "skuId",
    list: "skus",
    owner: "sellerId",
    endpoints: { margin: "B14", buyer: "B15" },
  },
  C: {
    item: "productId",
    variant: "skuId",
    list: "skus",
    owner: "shopId",
    endpoints: { margin: "C8", buyer: "C9" },
  },
} as const;

/** Row-aligned preview arguments. */
interface PreviewRows {
  readonly market: Marketplace;
  readonly owner: number;
  readonly region: string | undefined;
  readonly item: { values: readonly (string | undefined)[]; isRange: boolean };
  readonly variant: { values: readonly (string | undefined)[]; isRange: boolean } | undefined;
  readonly perRow: Readonly<
    Record<string, { values: readonly (number | undefined)[]; isRange: boolean } | undefined>
  >;
}

/** An id typed for the marketplace: A and B ids are whole numbers, C ids text. */
function typedId(market: Marketplace, value: string, name: string): string | number {
  if (market === "C") return value;
  if (!/^\d+$/.test(value))
    throw new ArgumentError(
      name,
      `must be whole-number ids for marketplace ${market} (got "${value}")`,
    );
  return Number(value);
}

/** One request with every row's element; each input row gets its adjusted or unadjustable entry. */
function* previewRows(
  rows: PreviewRows,
  kind: "margin" | "buyer",
  target: Record<string, unknown>,
  display: { field?: string | undefined; headers?: boolean | undefined },
  options: Record<string, unknown>,
) {
  const ids = PREVIEW_IDS[rows.market];
  const n = rowCount({ itemId: rows.item, variantId: rows.variant, ...rows.perRow });
  const elements: Array<Record<string, unknown> | null> = Array.from({ length: n }, (_, i) => {
    const item = pick(rows.item, i);
    if (item === undefined) return null;
    const variant = pick(rows.variant, i);
    const element: Record<string, unknown> = { [ids.item]: typedId(rows.market, item, "itemId") };
    if (variant !== undefined) element[ids.variant] = typedId(rows.market, variant, "variantId");
    for (const [name, arg] of Object.entries(rows.perRow)) {
      const v = pick(arg, i);
      if (v !== undefined) element[name] = v;
    }
    return element;
  });
  const present_ = elements.filter((e): e is Record<string, unknown> => e !== null);
  const body = defined({
    [ids.owner]: rows.owner,
    region: rows.market === "C" ? undefined : rows.region,
    [ids.list]: present_,
    ...target,
    ...options,
  });
  const result: unknown = yield* call(ids.endpoints[kind], body);
  const entries: Array<{ entry: Record<string, unknown>; status: string }> = [];
  if (isRecord(result)) {
    for (const e of Array.isArray(result.adjustedItems) ? result.adjustedItems : [])
      if (isRecord(e)) entries.push({ entry: e, status: "adjusted" });
    for (const e of Array.isArray(result.unadjustableItems) ? result.unadjustableItems : []) {
      if (isRecord(e))
        entries.push({
          entry: e,
          status: typeof e.reason === "string" ? e.reason : "unadjustable",
        });
    }
  }
  const keyOf = (item: unknown, variant: unknown): string =>
    `${String(item)}|${variant === undefined || variant === null ? "" : String(variant)}`;
  const found = new Map(entries.map((x) => [keyOf(x.entry[ids.item], x.entry[ids.variant]), x]));
  const rowPairs = elements.map((el): Array<[string, Cell]> => {
    if (el === null) return [];
    const hit = found.get(keyOf(el[ids.item], el[ids.variant]));
    const idPairs: Array<[string, Cell]> = [
      [ids.item, toCell(el[ids.item])],
      [ids.variant, toCell(el[ids.variant] ?? "")],
    ];
    if (!hit) return [...idPairs, ["status", "not in result"]];
    const { breakdown: _b, metadata: _m, ...figures } = hit.entry;
    const rest = flattenRecord(figures).filter(([k]) => k !== ids.item && k !== ids.variant);
    return [...idPairs, ["status", hit.status], ...rest];
  });
  const single_ =
    !rows.item.isRange &&
    !(rows.variant?.isRange ?? false) &&
    !Object.values(rows.perRow).some((r) => r?.isRange);
  if (display.field !== undefined) {
    const cells = rowPairs.map((pairs) => {
      const record = Object.fromEntries(pairs);
      return [pairs.length === 0 ? "" : pickField(record, display.field as string)];
    });
    return single_ ? (cells[0]?.[0] ?? "") : cells;
  }
  if (single_) {
    const rowsKv: Cell[][] = (rowPairs[0] ?? []).map(([k, v]) => [k, v]);
    return (display.headers ?? true) ? [["Field", "Value"], ...rowsKv] : rowsKv;
  }
  return pairsTable(rowPairs, display.headers ?? true);
}

const previewShared = [
  marketplace,
  neededByAll(integerId("shopId", "Shop id."), "Shop id (A, C) or seller id (B), see SHOPS."),
  emptyForSome(region("region", "Region."), "Two-letter region: A and B; leave empty for C."),
  requiredAfterOptional(rangeOf(textId("itemId", "Item id (A, B) or product id (C)."))),
] as const;
const variantIds = optional(
  rangeOf(
    textId(
      "variantId",
      "Model id (A), SKU id (B, C; required for C). Empty for a single-variant product.",
    ),
  ),
);
const cogsRange = optional(
  rangeOf(numberParam("cogs", "Unit product cost (B, C; required for C set-margin).")),
);
const previewOptions = [
  optional(
    choiceParam(
      "includeVat",
      "Count output VAT (A default TRUE; B hasVat default TRUE; C default FALSE).",
      ["TRUE", "FALSE"],
    ),
  ),
  effectiveDate,
  optional(numberParam("adsCostPerSale", "Ads cost per unit sold (C only).")),
] as const;

function previewOwner(a: {
  marketplace: Marketplace;
  shopId: number | undefined;
  region: string | undefined;
}): { owner: number; region: string | undefined } {
  const owner = need(a.shopId, "shopId", a.marketplace);
  if (a.marketplace === "C") only(a.region, "region", "C", ["A", "B"]);
  else need(a.region, "region", a.marketplace);
  return { owner, region: a.region };
}

function vatOption(
  market: Marketplace,
  value: "TRUE" | "FALSE" | undefined,
): Record<string, unknown> {
  if (value === undefined) return {};
  return market === "A" ? { includeVat: value === "TRUE" } : { hasVat: value === "TRUE" };
}

export const SET_MARGIN_PREVIEW = defineFunction({
  name: "SET_MARGIN_PREVIEW",
  help: "Seller discount (and voucher) that reaches a target margin or profit, per product or SKU (preview only).",
  marketplace: null,
  endpoints: ["A21", "B14", "C8"],
  params: [
    ...previewShared,
    requiredAfterOptional(
      numberParam(
        "target",
        "A mode PROFIT: profit per unit (an amount). Otherwise a target margin as a fraction or % (25%).",
        ANY_NUMBER,
      ),
    ),
    variantIds,
    optional(choiceParam("mode", "A only: PROFIT (default) or MARGIN.", ["PROFIT", "MARGIN"])),
    optional(rangeOf(numberParam("price", "A: each model's list price (required for A)."))),
    cogsRange,
    field,
    headers,
    ...previewOptions,
  ],
  notes: [
    "A range of items (with matching ranges of variants, prices, costs) is ONE request: one row per input row.",
    "A (A21): needs price (list price) per row; mode PROFIT takes a profit amount, MARGIN a share (23.5% or 0.235; sent to the API as 23.5).",
    "cogs is refused for A: A21 takes no cost (A uses the cost it holds for each model); leave it empty.",
    "B (B14): target margin fraction; variantId (SKU) and cogs optional.",
    "C (C8): target margin fraction; variantId (SKU) and cogs required per row; the voucher is always 0.",
  ],
  example: '=SET_MARGIN_PREVIEW("B", 2001, "TH", A2:A20, 20%, B2:B20)',
  *run(a) {
    const m = a.marketplace;
    const { owner, region: regionCode } = previewOwner(a);
    only(a.mode, "mode", m, ["A"]);
    only(a.price, "price", m, ["A"]);
    only(a.adsCostPerSale, "adsCostPerSale", m, ["C"]);
    // A21 has no cost field (the server rejects one): say so rather than drop the seller's cost.
    if (m === "A" && a.cogs !== undefined)
      throw new ArgumentError(
        "cogs",
        "applies to marketplace B or C only, not A: A's preview uses the cost it holds for each model, so leave cogs empty",
      );
    if (m === "A" && a.price === undefined)
      throw new ArgumentError("price", "is required for marketplace A (each model's list price)");
    if (m === "C" && a.variantId === undefined)
      throw new ArgumentError("variantId", "is required for marketplace C (the SKU id)");
    if (m === "C" && a.cogs === undefined)
      throw new ArgumentError("cogs", "is required for marketplace C set-margin previews");
    const byProfit = m === "A" && (a.mode ?? "PROFIT") === "PROFIT";
    checkMarginShare(a.target, !byProfit);
    const target: Record<string, unknown> =
      m !== "A"
        ? { targetMarginPercent: a.target } // B14 and C8 read a fraction despite the name
        : byProfit
          ? { mode: "PROFIT", targetProfit: a.target }
          : { mode: "MARGIN", targetMarginPercent: percentPoints(a.target) };
    return yield* previewRows(
      {
        market: m,
        owner,
        region: regionCode,
        item: a.itemId,
        variant: a.variantId,
        perRow: { originalPrice: a.price, cogs: a.cogs },
      },
      "margin",
      target,
      a,
      defined({
        ...vatOption(m, a.includeVat),
        effectiveDate: a.effectiveDate,
        adsCostPerSale: a.adsCostPerSale,
      }),
    );
  },
});

export const SET_BUYER_PRICE_PREVIEW = defineFunction({
  name: "SET_BUYER_PRICE_PREVIEW",
  help: "Seller discount that makes the buyer pay a target price, per product or SKU (preview only).",
  marketplace: null,
  endpoints: ["A22", "B15", "C9"],
  params: [
    ...previewShared,
    requiredAfterOptional(
      rangeOf(numberParam("targetBuyerPrice", "Final price the buyer should pay.")),
    ),
    variantIds,
    cogsRange,
    field,
    headers,
    ...previewOptions,
  ],
  notes: [
    "A range of items (with matching ranges of variants and prices) is ONE request: one row per input row.",
    "B and C need variantId (the SKU id) per row; cogs only changes the profit shown.",
  ],
  example: '=SET_BUYER_PRICE_PREVIEW("A", 1001, "SG", A2:A20, C2:C20, B2:B20)',
  *run(a) {
    const m = a.marketplace;
    const { owner, region: regionCode } = previewOwner(a);
    only(a.adsCostPerSale, "adsCostPerSale", m, ["C"]);
    only(a.cogs, "cogs", m, ["B", "C"]);
    if (m !== "A" && a.variantId === undefined)
      throw new ArgumentError("variantId", `is required for marketplace ${m} (the SKU id)`);
    return yield* previewRows(
      {
        market: m,
        owner,
        region: regionCode,
        item: a.itemId,
        variant: a.variantId,
        perRow: { targetBuyerPrice: a.targetBuyerPrice, cogs: a.cogs },
      },
      "buyer",
      {},
      a,
      defined({
        ...vatOption(m, a.includeVat),
        effectiveDate: a.effectiveDate,
        adsCostPerSale: a.adsCostPerSale,
      }),
    );
  },
});

const SHOP_ENDPOINTS = { A: "SHOPS_A", B: "SHOPS_B", C: "SHOPS_C" } as const;

export const SHOPS = defineFunction({
  name: "SHOPS",
  help: "Your connected shops (A, C) and sellers (B), with the ids the other functions take.",
  marketplace: null,
  endpoints: ["SHOPS_A", "SHOPS_B", "SHOPS_C"],
  params: [
    optional(choiceParam("marketplace", "A, B or C; empty for all three.", MARKETPLACES)),
    headers,
  ],
  example: "=SHOPS()",
  *run(a) {
    const markets: Marketplace[] = a.marketplace ? [a.marketplace] : [...MARKETPLACES];
    const outcomes = yield* fetchEach(markets.map((mk) => apiCall(SHOP_ENDPOINTS[mk], {})));
    const rows: Array<Array<[string, Cell]>> = [];
    outcomes.forEach((o, i) => {
      if (!o) return;
      // The B and C lists are reference-server extensions: where the API has none (404),
      // listing all marketplaces shows A's shops rather than failing the cell.
      if (!o.ok && !a.marketplace && markets[i] !== "A" && o.error.code === "NOT_FOUND") return;
      if (!o.ok) throw o.error;
      for (const shop of Array.isArray(o.value) ? o.value : [])
        rows.push([["marketplace", markets[i] as string], ...flattenRecord(shop)]);
    });
    return rows.length === 0 ? [["No shops connected"]] : pairsTable(rows, a.headers ?? true);
  },
});

export const PRODUCT_SEARCH = defineFunction({
  name: "PRODUCT_SEARCH",
  help: "Find your products across marketplaces by free text; returns their ids.",
  marketplace: null,
  endpoints: ["SEARCH"],
  params: [textParam("query", "Words to search for."), limit, headers],
  example: '=PRODUCT_SEARCH("serum")',
  *run(a) {
    const found: unknown = yield* call("SEARCH", { query: a.query });
    const list = Array.isArray(found)
      ? found
      : isRecord(found) && Array.isArray(found.data)
        ? found.data
        : [];
    return recordsTable(list.slice(0, a.limit ?? DEFAULT_LIMIT), a.headers ?? true);
  },
});

export const CROSS_FUNCTIONS = [
  REQUIRED_PRICE,
  PROFIT_ROAS,
  SET_MARGIN_PREVIEW,
  SET_BUYER_PRICE_PREVIEW,
  SHOPS,
  PRODUCT_SEARCH,
];
