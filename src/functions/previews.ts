/**
 * What SET_MARGIN_PREVIEW and SET_BUYER_PRICE_PREVIEW (./catalog) share, for A, B and C: their
 * leading parameters and options, and the body where a range of items is one request (more only
 * when answers could not be told apart) and each input row gets its adjusted or unadjustable
 * entries.
 */
import { fitCellText } from "../core/cellLimit";
import type { Marketplace } from "../api/types";
import { call } from "../core/effects";
import { ArgumentError } from "./argumentError";
import { CellError, type Cell, type ResultCell } from "./cells";
import { effectiveDate, fieldOf, headers, VAT_SETTING } from "./common";
import type { ParamSpec } from "./define";
import {
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
import { MAX_REQUESTS_PER_CELL, defined, tooManyRequestsError } from "./requests";
import { MAX_PREVIEW_ROWS } from "../api/endpoints";
import { at as pick, rowCount } from "./rows";
import { flattenRecord, humanize, isRecord, pairsTable, toCell } from "../core/shape";
import { Figure, currencyOf, figureCell } from "../core/figure";
import { pickField } from "../core/pickField";
import { emptyForSome, marketplace, need, neededByAll, only } from "./crossArgs";

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

type PreviewEntry = { readonly entry: Record<string, unknown>; readonly status: string };

/**
 * The answers for one sent element: the entry of the same product and variant; for a product
 * sent without a variant (B's optional skuId, A's null modelId), every variant the API priced.
 */
function answersFor(
  entries: readonly PreviewEntry[],
  el: Record<string, unknown>,
  ids: { readonly item: string; readonly variant: string },
): PreviewEntry[] {
  const sameItem = entries.filter((x) => String(x.entry[ids.item]) === String(el[ids.item]));
  const sent = el[ids.variant];
  if (sent === undefined || sent === null) return sameItem;
  return sameItem.filter((x) => String(x.entry[ids.variant]) === String(sent)).slice(0, 1);
}

/** The adjusted and unadjustable entries of a preview's answer, each with its status. */
function previewEntries(result: unknown): PreviewEntry[] {
  const entries: PreviewEntry[] = [];
  if (!isRecord(result)) return entries;
  for (const e of Array.isArray(result.adjustedItems) ? result.adjustedItems : [])
    if (isRecord(e)) entries.push({ entry: e, status: "Adjusted" });
  for (const e of Array.isArray(result.unadjustableItems) ? result.unadjustableItems : []) {
    if (isRecord(e))
      entries.push({
        entry: e,
        // The API's reason code in words: "unreachable_margin" -> "Unreachable margin".
        status: typeof e.reason === "string" ? fitCellText(humanize(e.reason)) : "Unadjustable",
      });
  }
  return entries;
}

/**
 * The input rows grouped into requests whose answers can be told apart: answers name only the
 * product and variant, so one request never carries the same product and variant twice (two
 * targets for one SKU), nor a product without a variant beside another row of it; and at most
 * MAX_PREVIEW_ROWS rows. Usually one request.
 */
function previewBatches(
  elements: ReadonlyArray<Record<string, unknown> | null>,
  ids: { readonly item: string; readonly variant: string },
): number[][] {
  const batches: Array<{ rows: number[]; taken: Set<string> }> = [];
  elements.forEach((el, i) => {
    if (el === null) return;
    const item = String(el[ids.item]);
    const v = el[ids.variant];
    const bare = v === undefined || v === null;
    // "item|" marks any row of the product, "item" one without its variant.
    const clash = bare ? [`${item}|`] : [`${item}|${String(v)}`, item];
    let batch = batches.find(
      (b) => b.rows.length < MAX_PREVIEW_ROWS && !clash.some((k) => b.taken.has(k)),
    );
    if (!batch) batches.push((batch = { rows: [], taken: new Set() }));
    batch.rows.push(i);
    batch.taken.add(`${item}|`).add(bare ? item : `${item}|${String(v)}`);
  });
  return batches.map((b) => b.rows);
}

/**
 * Every row's element, in as few requests as the answers allow (previewBatches); each input
 * row gets its adjusted or unadjustable entries.
 */
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
  const batches = previewBatches(elements, ids);
  if (batches.length > MAX_REQUESTS_PER_CELL) throw tooManyRequestsError(batches.length);
  // Each row reads the answers of the request it went in.
  const entriesOf = new Map<number, PreviewEntry[]>();
  for (const batch of batches) {
    const body = defined({
      [ids.owner]: rows.owner,
      region: rows.market === "C" ? undefined : rows.region,
      [ids.list]: batch.map((i) => elements[i]),
      ...target,
      ...options,
    });
    const entries = previewEntries(yield* call(ids.endpoints[kind], body));
    for (const i of batch) entriesOf.set(i, entries);
  }
  // Per input row, its answered rows: one, or every variant of a product sent without one.
  // Each answered row's currency, for its money figures (the entry's metadata names it).
  const currencies = new Map<ReadonlyArray<[string, Cell]>, string | null>();
  const answered = elements.map((el, i): Array<Array<[string, Cell]>> => {
    if (el === null) return [];
    const hits = answersFor(entriesOf.get(i) ?? [], el, ids);
    const rowOf = (hit: PreviewEntry | undefined): Array<[string, Cell]> => {
      const idPairs: Array<[string, Cell]> = [
        [ids.item, toCell(el[ids.item])],
        [ids.variant, toCell(el[ids.variant] ?? hit?.entry[ids.variant] ?? "")],
      ];
      if (!hit) return [...idPairs, ["status", "Not in the answer"]];
      const { breakdown: _b, metadata: _m, ...figures } = hit.entry;
      const rest = flattenRecord(figures).filter(([k]) => k !== ids.item && k !== ids.variant);
      const currency = currencyOf(hit.entry);
      // The currency its money is in, as every breakdown table names it.
      const named: Array<[string, Cell]> =
        currency !== null && !rest.some(([k]) => k === "currency") ? [["currency", currency]] : [];
      const row: Array<[string, Cell]> = [...idPairs, ["status", hit.status], ...rest, ...named];
      currencies.set(row, currency);
      return row;
    };
    return hits.length === 0 ? [rowOf(undefined)] : hits.map(rowOf);
  });
  const single_ =
    !rows.item.isRange &&
    !(rows.variant?.isRange ?? false) &&
    !Object.values(rows.perRow).some((r) => r?.isRange);
  if (display.field !== undefined) {
    // One cell cannot hold several variants' figures: an error naming the argument to give.
    const several = new ArgumentError(
      "variantId",
      `is needed for a field: the product has several ${ids.variant === "modelId" ? "models" : "SKUs"} (leave field empty to list them)`,
    );
    if (single_ && (answered[0]?.length ?? 0) > 1) throw several;
    const cells = answered.map(([first, ...more]): ResultCell[] => [
      first === undefined
        ? ""
        : more.length > 0
          ? CellError.of(several)
          : withCurrency(
              pickField(Object.fromEntries(first), display.field as string),
              currencies.get(first) ?? null,
            ),
    ]);
    return single_ ? (cells[0]?.[0] ?? "") : cells;
  }
  const rowPairs = answered
    .flat()
    .map((row) =>
      row.map(([k, v]): [string, ResultCell] => [k, figureCell(k, v, currencies.get(row) ?? null)]),
    );
  if (single_ && rowPairs.length === 1) {
    const rowsKv: ResultCell[][] = (rowPairs[0] ?? []).map(([k, v]) => [humanize(k), v]);
    return (display.headers ?? true) ? [["Field", "Value"], ...rowsKv] : rowsKv;
  }
  return pairsTable(rowPairs, display.headers ?? true);
}

/** A money figure picked from a row that lost its metadata, with the row's currency. */
function withCurrency(cell: ResultCell, currency: string | null): ResultCell {
  return cell instanceof Figure && cell.kind === "money"
    ? new Figure(cell.value, cell.kind, currency)
    : cell;
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

/**
 * A preview's parameters: which shop and items, its target (required on every marketplace,
 * declared optional only because an optional one precedes it), the variant, the preview's own
 * options, then costs, display and the options both previews send.
 */
export function previewParams<const N extends string, V, const O extends readonly ParamSpec[]>(
  target: ParamSpec<N, V>,
  own: O,
) {
  return [
    ...previewShared,
    requiredAfterOptional(target),
    variantIds,
    ...own,
    cogsRange,
    fieldOf(
      '"Resulting margin" (resultingMargin), "Buyer price" (buyerPrice) or "Computed seller discount" (computedSellerDiscount), for one product and variant',
    ),
    headers,
    ...previewOptions,
  ] as const;
}

/** The arguments every preview has: its shop and rows, and the options both send. */
type PreviewArgs = PreviewOptions & {
  readonly marketplace: Marketplace;
  readonly shopId: number | undefined;
  readonly region: string | undefined;
  readonly itemId: TextIds;
  readonly variantId: TextIds | undefined;
};

/** What a preview's own checks decide: the target it sends and the figures of each row. */
interface PreviewPlan {
  readonly target: Record<string, unknown>;
  readonly perRow: PerRow;
}

/**
 * A preview's body: which shop and rows first (checked before any other argument), then the
 * preview's own checks and target (`plan`), then one request for every row.
 */
export function previewBody<A extends PreviewArgs>(
  kind: "margin" | "buyer",
  plan: (a: A) => PreviewPlan,
) {
  return function* run(a: A) {
    const where = previewWhere(a);
    const { target, perRow } = plan(a);
    return yield* previewRows(where, kind, target, perRow, a);
  };
}

function previewWhere(a: PreviewArgs): PreviewWhere {
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
