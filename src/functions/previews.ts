/**
 * Set-margin and set-buyer-price previews for A, B and C: a range of items is one request,
 * and each input row gets its adjusted or unadjustable entry.
 */
import { fitCellText } from "../core/cellLimit";
import type { Marketplace } from "../api/types";
import { call } from "../core/effects";
import { ArgumentError } from "./argumentError";
import type { Cell } from "./cells";
import { effectiveDate, field, headers, VAT_SETTING } from "./common";
import { defineFunction } from "./define";
import {
  ANY_NUMBER,
  choiceParam,
  numberParam,
  optional,
  rangeOf,
  region,
  textId,
  integerId,
  requiredAfterOptional,
  fromBasis,
} from "./params";
import { defined } from "./requests";
import { at as pick, rowCount } from "./rows";
import { flattenRecord, isRecord, pairsTable, toCell } from "../core/shape";
import { pickField } from "../core/pickField";
import {
  checkMarginShare,
  emptyForSome,
  marketplace,
  need,
  neededByAll,
  only,
  percentPoints,
} from "./crossArgs";

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

type TextIds = { values: readonly (string | undefined)[]; isRange: boolean };

/** Which shop and which rows a preview prices (checked before any other argument). */
interface PreviewWhere {
  readonly market: Marketplace;
  readonly owner: number;
  readonly region: string | undefined;
  readonly item: TextIds;
  readonly variant: TextIds | undefined;
}

/** Per-row figures beside the ids (price, cost, target buyer price). */
type PerRow = Readonly<
  Record<string, { values: readonly (number | undefined)[]; isRange: boolean } | undefined>
>;

/** The options both previews send, and how their answer is shown. */
interface PreviewOptions {
  readonly includeVat: "TRUE" | "FALSE" | undefined;
  readonly effectiveDate: string | undefined;
  readonly adsCostPerSale: number | undefined;
  readonly field?: string | undefined;
  readonly headers?: boolean | undefined;
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
  where: PreviewWhere,
  kind: "margin" | "buyer",
  target: Record<string, unknown>,
  perRow: PerRow,
  display: PreviewOptions,
) {
  const rows = { ...where, perRow };
  const options = defined({
    ...vatOption(rows.market, display.includeVat),
    effectiveDate: display.effectiveDate,
    adsCostPerSale: display.adsCostPerSale,
  });
  const ids = PREVIEW_IDS[rows.market];
  const n = rowCount({ itemId: rows.item, variantId: rows.variant, ...rows.perRow });
  const elements: Array<Record<string, unknown> | null> = Array.from({ length: n }, (_, i) => {
    const item = pick(rows.item, i);
    if (item === undefined) return null;
    const variant = pick(rows.variant, i);
    const element: Record<string, unknown> = { [ids.item]: typedId(rows.market, item, "itemId") };
    if (variant !== undefined) element[ids.variant] = typedId(rows.market, variant, "variantId");
    // Spec 4.2/2.4: each A element carries modelId, null for a single-variant product.
    else if (rows.market === "A") element[ids.variant] = null;
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
          status: typeof e.reason === "string" ? fitCellText(e.reason) : "unadjustable",
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
  fromBasis(
    optional(choiceParam("includeVat", "Count output VAT as a cost.", ["TRUE", "FALSE"])),
    (b) => (b.countVat ? "TRUE" : "FALSE"),
    VAT_SETTING,
  ),
  effectiveDate,
  optional(numberParam("adsCostPerSale", "Ads cost per unit sold, C only (default none).")),
] as const;

function previewWhere(a: {
  marketplace: Marketplace;
  shopId: number | undefined;
  region: string | undefined;
  itemId: TextIds;
  variantId: TextIds | undefined;
}): PreviewWhere {
  const owner = need(a.shopId, "shopId", a.marketplace);
  if (a.marketplace === "C") only(a.region, "region", "C", ["A", "B"]);
  else need(a.region, "region", a.marketplace);
  return { market: a.marketplace, owner, region: a.region, item: a.itemId, variant: a.variantId };
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
  example: '=SET_MARGIN_PREVIEW("B", 500001, "MY", 40000001, 20%)',
  *run(a) {
    const m = a.marketplace;
    const where = previewWhere(a);
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
    const perRow = { originalPrice: a.price, cogs: a.cogs };
    return yield* previewRows(where, "margin", target, perRow, a);
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
  example: '=SET_BUYER_PRICE_PREVIEW("A", 100001, "SG", 10000005, 30)',
  *run(a) {
    const m = a.marketplace;
    const where = previewWhere(a);
    only(a.adsCostPerSale, "adsCostPerSale", m, ["C"]);
    only(a.cogs, "cogs", m, ["B", "C"]);
    if (m !== "A" && a.variantId === undefined)
      throw new ArgumentError("variantId", `is required for marketplace ${m} (the SKU id)`);
    const perRow = { targetBuyerPrice: a.targetBuyerPrice, cogs: a.cogs };
    return yield* previewRows(where, "buyer", {}, perRow, a);
  },
});

export const PREVIEW_FUNCTIONS = [SET_MARGIN_PREVIEW, SET_BUYER_PRICE_PREVIEW];
