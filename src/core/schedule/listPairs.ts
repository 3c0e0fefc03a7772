/**
 * Shop-wide lists that carry the same figure as a per-product endpoint, so many pending
 * per-product calls of one shop can be answered by one list request (or a few pages). Each
 * pair is our reading of the spec, written down in docs/contract-notes.md, and checked product
 * by product against the reference server (test/core/schedule/listEquality.test.ts).
 *
 * - A2 item level (no modelId) and A6 from A7: all three are "aggregated from actual sales"
 *   per product over the lookback window; A7 is cursor-paged (pageSize up to 500).
 * - B1 from B8: the spec gives both the same entry type, MktBSkuBreakdownFlatEntry.
 * - C2, and C1 without skuId, from C7: C7 is "each volume-weighted across SKUs", which is
 *   C2 ("always the cross-SKU volume-weighted aggregate") and C1 with a null skuId.
 * - A8 and A9 from A12: the spec gives all three the entry type
 *   MktAProductProfitAdjustedRoasSummary (A12 ranks the shop's products by it); A12 is
 *   offset-paged (pageSize up to 500), products without ad spend last.
 *
 * The basis (window, VAT, date, ...) must match after each endpoint's own defaults: A2's
 * includeVat defaults to true, A7's to false, so an A2 call without includeVat is answered
 * from an A7 request with includeVat: true. A list entry may carry less than the endpoint
 * (an A7 entry: item id, name, breakdown, units sold): such "partial" pairs answer only calls
 * whose body declared what it reads, and only when the entry has it.
 */
import { endpointById } from "../../api/endpoints";
import type { EndpointSpec, FieldDefault } from "../../api/types";
import { isUnset } from "../request";
import { isRecord } from "../shape";

export interface ListPair {
  /** "A2<A7": the endpoint answered, and the list that answers it. */
  readonly id: string;
  readonly single: string;
  readonly list: string;
  /** Params naming the shop: they scope the list. */
  readonly scope: readonly string[];
  /** Params that must match after defaults (sent to the list when not its default). */
  readonly basis: readonly string[];
  /** The single's id param (for a batch single, its ids field) and the entries' id field. */
  readonly idParam: string;
  readonly entryId: string;
  /**
   * cursor: walk pages by cursor; offset: walk pages by number; whole: one request; batch:
   * the list takes ids (maxIds each).
   */
  readonly mode: "cursor" | "offset" | "whole" | "batch";
  /** The entry may carry less than the single endpoint: the callers' reads must be met. */
  readonly partial: boolean;
  /** Values the list uses for a basis param it does not take (the spec's stated default). */
  readonly implied?: Readonly<Record<string, FieldDefault>>;
  /** The single endpoint's answer as far as one list entry carries it. */
  convert(entry: Readonly<Record<string, unknown>>): unknown;
}

const A_BASIS = ["lookbackDays", "includeVat", "effectiveDate"];
const C_BASIS = ["hasVat", "adsCostPerSale", "lookbackDays", "effectiveDate"];

/** A7 entry -> A2's flat shape: the lines at the top, metadata beside them. */
const a2FromA7 = (e: Readonly<Record<string, unknown>>): unknown => ({
  ...(isRecord(e.breakdown) ? e.breakdown : {}),
  metadata: e.metadata,
});

/** A7 entry -> A6's shape (breakdown, metadata); A6's per-model entries are not on the list. */
const a6FromA7 = (e: Readonly<Record<string, unknown>>): unknown => ({
  breakdown: e.breakdown,
  metadata: e.metadata,
});

const same = (e: Readonly<Record<string, unknown>>): unknown => e;

/** A2 (item level) or A6 from A7's cursor pages, the entry rebuilt in the endpoint's shape. */
function fromA7(single: "A2" | "A6", convert: ListPair["convert"]): ListPair {
  return {
    id: `${single}<A7`,
    single,
    list: "A7",
    scope: ["shopId", "region"],
    basis: A_BASIS,
    idParam: "itemId",
    entryId: "itemId",
    mode: "cursor",
    partial: true,
    convert,
  };
}

/** C2, or C1 without skuId, from C7 batches: the entry as it is, product by product. */
function fromC7(single: "C1" | "C2"): ListPair {
  return {
    id: `${single}<C7`,
    single,
    list: "C7",
    scope: ["shopId"],
    basis: C_BASIS,
    idParam: "productId",
    entryId: "productId",
    mode: "batch",
    partial: true,
    convert: same,
  };
}

/** An A12 entry as A8/A9 answer it: the summary without its place in the ranking. */
const roasFromA12 = (e: Readonly<Record<string, unknown>>): unknown => {
  const { rank: _rank, ...summary } = e;
  return summary;
};

/** A8 or A9 from A12's offset pages: the same summary, entry for entry. */
function fromA12(single: "A8" | "A9"): ListPair {
  return {
    id: `${single}<A12`,
    single,
    list: "A12",
    scope: ["shopId", "region"],
    basis: A_BASIS,
    idParam: "itemId",
    entryId: "itemId",
    mode: "offset",
    partial: false,
    convert: roasFromA12,
  };
}

/** Every pair we use. */
export const LIST_PAIRS: readonly ListPair[] = [
  fromA7("A2", a2FromA7),
  fromA7("A6", a6FromA7),
  {
    id: "B1<B8",
    single: "B1",
    list: "B8",
    scope: ["sellerId", "region"],
    basis: ["sellerType", "hasVat", "lookbackDays", "effectiveDate"],
    idParam: "skuIds",
    entryId: "skuId",
    mode: "whole",
    partial: false,
    // B8 takes no lookbackDays: the return-rate window is the spec's default, 30 days.
    implied: { lookbackDays: 30 },
    convert: same,
  },
  fromC7("C2"),
  fromC7("C1"),
  fromA12("A8"),
  fromA12("A9"),
];

/** The pair that may answer calls of `endpoint`, if any. */
export function pairFor(endpoint: string): ListPair | undefined {
  return LIST_PAIRS.find((p) => p.single === endpoint);
}

/** The spec default of a param, from the endpoint table (path and body fields). */
export function specDefault(spec: EndpointSpec, name: string): FieldDefault | undefined {
  return [...spec.pathParams, ...spec.body].find((f) => f.name === name)?.default;
}

/** Is `name` a field of the endpoint (path or body)? */
function hasField(spec: EndpointSpec, name: string): boolean {
  return [...spec.pathParams, ...spec.body].some((f) => f.name === name);
}

/**
 * The list request params (without cursor or ids) that answer these single-call params, or
 * null when the call cannot be answered from the list (another param, another basis).
 */
export function listParamsFor(
  pair: ListPair,
  params: Readonly<Record<string, unknown>>,
  lookup: (id: string) => EndpointSpec = endpointById,
): Record<string, unknown> | null {
  const single = lookup(pair.single);
  const list = lookup(pair.list);
  const known = new Set([...pair.scope, ...pair.basis, pair.idParam]);
  for (const [name, value] of Object.entries(params)) {
    if (!isUnset(value) && !known.has(name)) return null;
  }
  const out: Record<string, unknown> = {};
  for (const name of pair.scope) {
    if (isUnset(params[name])) return null;
    out[name] = params[name];
  }
  for (const name of pair.basis) {
    const wanted = isUnset(params[name]) ? specDefault(single, name) : params[name];
    if (hasField(list, name)) {
      const listDefault = specDefault(list, name);
      if (wanted !== undefined && wanted !== listDefault) out[name] = wanted;
      continue;
    }
    const implied = pair.implied?.[name];
    if (wanted !== undefined && wanted !== implied) return null;
  }
  return out;
}

/** The id a single call asks about (a batch single: its one id). */
export function idOfNeed(
  pair: ListPair,
  params: Readonly<Record<string, unknown>>,
  batchId?: unknown,
): string | undefined {
  const id = batchId ?? params[pair.idParam];
  return id === undefined || id === null ? undefined : String(id);
}
