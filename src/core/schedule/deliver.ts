/**
 * From one successful response to the answers of the needs its fetch served: the whole data
 * (own endpoint), each id's entries (batch), or each product's list entry in the shape of
 * its own endpoint (list). A need the list did not answer (absent, or its entry lacks what the
 * caller reads) falls back to its own endpoint; a cursor list walks on while that saves requests.
 */
import { groupEntriesById, idKey } from "../batch";
import { ApiError } from "../errors";
import { cursorValue, pageRows } from "../paginate";
import { checkResponseShape } from "../responseShape";
import { isRecord } from "../shape";
import type { EndpointSpec } from "../../api/types";
import { type Fetch, LIST_PAGE_SIZE } from "./coalesce";
import { idOfNeed } from "./listPairs";
import { type Need, readsSatisfied } from "./need";

/** One need answered. `fromList`: the value is a list entry converted (maybe partial). */
export interface Answer {
  readonly need: number;
  readonly value: unknown;
  readonly fromList: boolean;
}

export interface Delivery {
  readonly answers: readonly Answer[];
  /** Needs the list could not answer: ask their own endpoint. */
  readonly fallback: readonly number[];
  /** The next page of a cursor list, serving the needs still open. */
  readonly next?: Fetch;
  /** Pages a cursor list took, once it reached its end. */
  readonly pages?: number;
}

/** The answers in `data` for the needs `fetch` served (throws BAD_RESPONSE on a wrong shape). */
export function deliver(
  fetch: Fetch,
  needs: readonly Need[],
  data: unknown,
  lookup: (id: string) => EndpointSpec,
): Delivery {
  // Before any answer is cached: an answer in a shape the spec does not allow fails here (a
  // batch whose entries lack their ids too: read as "not found" it would blame the seller).
  // A list's entries are held to the bounds by each caller (effects.ts call: a cell its own
  // entries, an import each row), so one entry out of bounds fails one row, not the answer.
  if (fetch.via !== "list") checkResponseShape(fetch.endpoint, data, "apart");
  if (fetch.via === "own") {
    return {
      answers: fetch.serves.map((need) => ({ need, value: data, fromList: false })),
      fallback: [],
    };
  }
  if (fetch.via === "batch") {
    const batch = lookup(fetch.endpoint).batch;
    if (!batch || !Array.isArray(data)) throw noEntries(fetch.endpoint);
    const byId = groupEntriesById(data, batch.resultIdField);
    const orphans = idlessEntries(data, batch.resultIdField);
    const idOf = (need: number): string => idKey((needs[need] as Need).batchId);
    const asked = new Map(fetch.serves.map((n) => [idOf(n), (needs[n] as Need).batchId]));
    const open = new Set([...asked.keys()].filter((id) => !byId.has(id)));
    // An entry without its id (spec 2.4: A1's modelId is null for a single-variant product)
    // answers the one id asked that no other entry answers, and is read as that id's. Two or
    // more ids so left are asked again one a request, where such an entry can only be its own.
    const [onlyOpen] = open;
    if (orphans.length === 1 && open.size === 1 && onlyOpen !== undefined)
      byId.set(onlyOpen, [{ ...orphans[0], [batch.resultIdField]: asked.get(onlyOpen) }]);
    const again = orphans.length > 0 && open.size > 1;
    const answered = fetch.serves.filter((need) => !(again && open.has(idOf(need))));
    return {
      answers: answered.map((need) => ({
        need,
        // An id with no entry answers an empty list: the body says "not found".
        value: byId.get(idOf(need)) ?? [],
        fromList: false,
      })),
      fallback: fetch.serves.filter((need) => !answered.includes(need)),
    };
  }
  return deliverFromList(fetch, needs, data);
}

/** Entries of a batch answer whose id is null or absent (allowed only where the spec says). */
function idlessEntries(data: readonly unknown[], idField: string): Record<string, unknown>[] {
  return data.filter(
    (e): e is Record<string, unknown> => isRecord(e) && (e[idField] ?? null) === null,
  );
}

function deliverFromList(fetch: Fetch, needs: readonly Need[], data: unknown): Delivery {
  const pair = fetch.pair;
  if (!pair) throw noEntries(fetch.endpoint);
  const paged = pair.mode === "cursor" || pair.mode === "offset";
  const entries = paged ? pageRows<unknown>(data) : data;
  if (!Array.isArray(entries)) throw noEntries(fetch.endpoint);
  const byId = groupEntriesById(entries, pair.entryId);
  const answers: Answer[] = [];
  const open: number[] = [];
  for (const i of fetch.serves) {
    const need = needs[i] as Need;
    const found = (byId.get(idOfNeed(pair, need.params, need.batchId) ?? "") ?? []).filter(
      isRecord,
    );
    const value =
      need.batchId !== undefined
        ? found.map((e) => pair.convert(e))
        : found[0] && pair.convert(found[0]);
    const usable =
      need.batchId !== undefined
        ? found.length > 0
        : found.length > 0 && (!pair.partial || readsSatisfied(value, need.reads));
    if (usable) answers.push({ need: i, value, fromList: pair.partial });
    else open.push(i);
  }
  if (!paged || open.length === 0) {
    return {
      answers,
      fallback: open,
      ...(paged && nextPage(fetch, data) === null ? { pages: fetch.page ?? 1 } : {}),
    };
  }
  const following = nextPage(fetch, data);
  if (following === null) return { answers, fallback: open, pages: fetch.page ?? 1 };
  // Another page costs one request: worth it while it may answer two or more needs.
  const stillOnList = open.filter((i) => !answeredElsewhere(i, fetch, byId, needs));
  if (stillOnList.length < 2) return { answers, fallback: open };
  const next: Fetch = {
    ...fetch,
    params: { ...fetch.params, ...following },
    serves: stillOnList,
    page: (fetch.page ?? 1) + 1,
  };
  return { answers, fallback: open.filter((i) => !stillOnList.includes(i)), next };
}

/** A need whose product was on this page but could not be answered from it: not on a later page. */
function answeredElsewhere(
  i: number,
  fetch: Fetch,
  byId: ReadonlyMap<string, unknown[]>,
  needs: readonly Need[],
): boolean {
  const need = needs[i] as Need;
  const pair = fetch.pair;
  return pair !== undefined && byId.has(idOfNeed(pair, need.params, need.batchId) ?? "");
}

/** The params of the page after this one (cursor or page number), or null at the end. */
function nextPage(fetch: Fetch, data: unknown): Record<string, unknown> | null {
  if (!isRecord(data)) return null;
  if (fetch.pair?.mode === "offset") {
    const page = typeof fetch.params.page === "number" ? fetch.params.page : 0;
    const total = typeof data.totalPages === "number" ? data.totalPages : null;
    const more = total === null ? pageRows(data).length >= LIST_PAGE_SIZE : page + 1 < total;
    return more ? { page: page + 1 } : null;
  }
  if (data.nextCursor === null || data.nextCursor === undefined) return null;
  const cursor = cursorValue(data.nextCursor);
  return cursor === null ? null : { cursorRtProductId: cursor };
}

function noEntries(endpoint: string): ApiError {
  return new ApiError(
    "BAD_RESPONSE",
    `${endpoint} answered without a list of entries: check the base URL in Settings`,
  );
}
