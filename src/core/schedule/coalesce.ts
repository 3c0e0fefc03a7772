/**
 * The coalescing planner: pure code that, given the needs pending now, decides the fewest
 * requests that answer them. Identical needs share a request; needs of a batch endpoint with
 * the same other params share chunks of maxIds; needs a shop-wide list also answers (see
 * listPairs.ts) go to that list when it costs fewer requests than their own endpoints.
 */
import { endpointById } from "../../api/endpoints";
import type { EndpointSpec } from "../../api/types";
import { batchKey, idKey, paramsWithoutIds } from "../batch";
import { canonicalJson } from "../hash";
import { type ListPair, idOfNeed, listParamsFor, pairFor } from "./listPairs";
import type { Need } from "./need";

/** One request to send, and the needs it is meant to answer. */
export interface Fetch {
  readonly endpoint: string;
  /** Path params and body fields by name (buildRequest's input). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Indexes into the needs the plan was made from. */
  readonly serves: readonly number[];
  /** own: the needs' endpoint; batch: their batch endpoint, ids merged; list: a shop-wide list. */
  readonly via: "own" | "batch" | "list";
  /** For via "list": the pair, the shop's list key (without cursor or ids) and the page (1-based). */
  readonly pair?: ListPair;
  readonly scope?: string;
  readonly page?: number;
}

export interface CoalesceOptions {
  /** The seller's setting "Answer many product cells from shop-wide lists" (on by default). */
  readonly substitute: boolean;
  readonly lookup?: (id: string) => EndpointSpec;
  /** Pages a shop's list took last time (keyed by Fetch.scope); unknown counts as one. */
  readonly listPages?: (scope: string) => number | undefined;
}

/** Entries per page when a cursor list answers product calls (the most the API allows). */
export const LIST_PAGE_SIZE = 500;

/** The fewest requests answering every need (see the file comment). */
export function coalesce(needs: readonly Need[], options: CoalesceOptions): Fetch[] {
  const lookup = options.lookup ?? endpointById;
  const fetches: Fetch[] = [];
  const rest = new Set(needs.map((_, i) => i));
  if (options.substitute) {
    for (const fetch of listFetches(needs, options, lookup)) {
      fetches.push(fetch);
      for (const i of fetch.serves) rest.delete(i);
    }
  }
  const batches = new Map<
    string,
    { spec: EndpointSpec; first: number; ids: Map<string, number[]> }
  >();
  const singles = new Map<string, number[]>();
  for (const i of rest) {
    const need = needs[i] as Need;
    const spec = lookup(need.endpoint);
    if (spec.batch && need.batchId !== undefined) {
      const key =
        batchKey(spec.id, need.params, spec.batch.idsField) +
        (need.alone ? ` ${idKey(need.batchId)}` : "");
      let group = batches.get(key);
      if (!group) {
        group = { spec, first: i, ids: new Map() };
        batches.set(key, group);
      }
      const id = idKey(need.batchId);
      group.ids.set(id, [...(group.ids.get(id) ?? []), i]);
    } else {
      singles.set(need.key, [...(singles.get(need.key) ?? []), i]);
    }
  }
  for (const group of batches.values()) {
    const batch = group.spec.batch;
    if (!batch) continue;
    const base = paramsWithoutIds((needs[group.first] as Need).params, batch.idsField);
    const ids = [...group.ids.entries()];
    for (let c = 0; c < ids.length; c += batch.maxIds) {
      const chunk = ids.slice(c, c + batch.maxIds);
      fetches.push({
        endpoint: group.spec.id,
        params: {
          ...base,
          [batch.idsField]: chunk.map(([, at]) => (needs[at[0] as number] as Need).batchId),
        },
        serves: chunk.flatMap(([, at]) => at),
        via: "batch",
      });
    }
  }
  for (const at of singles.values()) {
    const need = needs[at[0] as number] as Need;
    fetches.push({ endpoint: need.endpoint, params: need.params, serves: at, via: "own" });
  }
  return fetches;
}

/** The list requests worth making: per shop and basis, when they cost less than the needs'. */
function listFetches(
  needs: readonly Need[],
  options: CoalesceOptions,
  lookup: (id: string) => EndpointSpec,
): Fetch[] {
  const groups = new Map<
    string,
    { pair: ListPair; params: Record<string, unknown>; at: number[] }
  >();
  needs.forEach((need, i) => {
    const pair = need.listOk ? pairFor(need.endpoint) : undefined;
    if (!pair || (pair.partial && need.reads === undefined)) return;
    if (idOfNeed(pair, need.params, need.batchId) === undefined) return;
    const params = listParamsFor(pair, paramsWithoutIds(need.params, pair.idParam), lookup);
    if (!params) return;
    // Calls of two endpoints (A2 and A6) answered by one list walk share it.
    const scope = `${pair.list} ${canonicalJson(params)}`;
    const group = groups.get(scope);
    if (group) group.at.push(i);
    else groups.set(scope, { pair, params, at: [i] });
  });
  const out: Fetch[] = [];
  for (const [scope, { pair, params, at }] of groups) {
    const ids = [...new Set(at.map((i) => idOf(pair, needs[i] as Need)))];
    const listCost = costOfList(pair, ids.length, scope, options, lookup);
    if (listCost >= costOfOwn(at, needs, lookup)) continue;
    const fetch = { endpoint: pair.list, serves: at, via: "list" as const, pair, scope };
    if (pair.mode === "cursor") {
      out.push({ ...fetch, params: { ...params, pageSize: LIST_PAGE_SIZE }, page: 1 });
    } else if (pair.mode === "offset") {
      out.push({ ...fetch, params: { ...params, page: 0, pageSize: LIST_PAGE_SIZE }, page: 1 });
    } else if (pair.mode === "whole") {
      out.push({ ...fetch, params });
    } else {
      const batch = lookup(pair.list).batch;
      const max = batch?.maxIds ?? ids.length;
      for (let c = 0; c < ids.length; c += max) {
        const chunk = new Set(ids.slice(c, c + max));
        out.push({
          ...fetch,
          params: { ...params, [batch?.idsField ?? "ids"]: [...chunk] },
          serves: at.filter((i) => chunk.has(idOf(pair, needs[i] as Need))),
        });
      }
    }
  }
  return out;
}

function idOf(pair: ListPair, need: Need): string {
  return idOfNeed(pair, need.params, need.batchId) ?? "";
}

/** Requests the needs cost on their own endpoints. */
function costOfOwn(
  at: readonly number[],
  needs: readonly Need[],
  lookup: (id: string) => EndpointSpec,
): number {
  const first = needs[at[0] as number];
  const batch = first ? lookup(first.endpoint).batch : undefined;
  const distinct = new Set(at.map((i) => (needs[i] as Need).key)).size;
  return batch ? Math.ceil(distinct / batch.maxIds) : distinct;
}

function costOfList(
  pair: ListPair,
  ids: number,
  scope: string,
  options: CoalesceOptions,
  lookup: (id: string) => EndpointSpec,
): number {
  if (pair.mode === "whole") return 1;
  if (pair.mode === "cursor" || pair.mode === "offset")
    return Math.max(1, options.listPages?.(scope) ?? 1);
  return Math.ceil(ids / (lookup(pair.list).batch?.maxIds ?? ids));
}
