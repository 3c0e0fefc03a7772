/**
 * How catalog bodies ask the API for many rows: batch endpoints in chunks of their maxIds,
 * other endpoints once per distinct row in one `parallel`, listings page by page. Never one
 * request per cell, and never more than a custom function can finish in its 30 s.
 */
import { endpointById } from "../api/endpoints";
import type { BatchSpec } from "../api/types";
import { canonicalJson } from "../core/hash";
import { ApiError } from "../core/errors";
import { type ApiCall, type Program, type Settled, apiCall, call, parallel } from "../core/effects";
import {
  cursorValue,
  listPage,
  pageFingerprint,
  pageRows,
  repeatedPageError,
} from "../core/paginate";
import { isRecord } from "../core/shape";

/**
 * Most requests one cell may need. At 60 requests a minute, 25 leave room for the other
 * cells recalculating at the same time and still finish well inside 30 s.
 */
export const MAX_REQUESTS_PER_CELL = 25;

/** The cell's message when a range needs more requests than one recalculation can make. */
export function tooManyRequestsError(needed: number): ApiError {
  return new ApiError(
    "INVALID_ARGUMENT",
    `This range needs ${needed} requests; one cell may send at most ${MAX_REQUESTS_PER_CELL}: use Bulk calculation in the sidebar`,
    { retryable: false },
  );
}

/** One row's outcome: a value, an error, or nothing asked (an empty row). */
export type RowOutcome = Settled<unknown> | null;

/**
 * Ask each row's call, identical calls once. One distinct call fails the cell on error;
 * several run in one `parallel` and each row settles on its own.
 */
export function* fetchEach(calls: readonly (ApiCall | null)[]): Program<RowOutcome[]> {
  const distinct = new Map<string, ApiCall>();
  const keys = calls.map((c) => {
    if (c === null) return null;
    const key = c.endpoint + " " + canonicalJson(c.params);
    if (!distinct.has(key)) distinct.set(key, c);
    return key;
  });
  if (distinct.size > MAX_REQUESTS_PER_CELL) throw tooManyRequestsError(distinct.size);
  const unique = [...distinct.entries()];
  const answers = new Map<string, Settled<unknown>>();
  if (unique.length === 1) {
    const [key, only] = unique[0] as [string, ApiCall];
    // With what the body reads (ApiCall.reads): the scheduler may answer it from a list.
    answers.set(key, { ok: true, value: yield* call(only.endpoint, only.params, only.reads) });
  } else if (unique.length > 1) {
    const settled = yield* parallel(unique.map(([, c]) => c));
    unique.forEach(([key], i) => answers.set(key, settled[i] as Settled<unknown>));
  }
  return keys.map((k) => (k === null ? null : (answers.get(k) ?? null)));
}

/**
 * Entries of a batch endpoint for these ids, keyed by String(id). Chunks of the endpoint's
 * maxIds go out together (the driver chunks a table batch endpoint itself, and caches it);
 * an id the API has no entry for is simply absent.
 */
export function* fetchBatch(
  endpointId: string,
  base: Readonly<Record<string, unknown>>,
  ids: readonly (string | number | undefined)[],
  listSpec?: BatchSpec,
): Program<Map<string, Record<string, unknown>>> {
  const tableSpec = endpointById(endpointId).batch;
  // listSpec: an id-list endpoint the table does not mark as batch (B11, not yet active).
  const spec = tableSpec ?? listSpec;
  if (!spec) throw new Error(`${endpointId} has no batch form`);
  const distinct = [...new Set(ids.filter((id): id is string | number => id !== undefined))];
  const requests = Math.ceil(distinct.length / spec.maxIds);
  if (requests > MAX_REQUESTS_PER_CELL) throw tooManyRequestsError(requests);
  const pages: unknown[] = [];
  if (tableSpec) {
    // One call: the driver sends it in chunks of maxIds and caches what comes back.
    if (distinct.length > 0)
      pages.push(yield* call(endpointId, { ...base, [spec.idsField]: distinct }));
  } else {
    const calls: ApiCall[] = [];
    for (let i = 0; i < distinct.length; i += spec.maxIds)
      calls.push(
        apiCall(endpointId, { ...base, [spec.idsField]: distinct.slice(i, i + spec.maxIds) }),
      );
    for (const outcome of yield* parallel(calls)) {
      if (!outcome.ok) throw outcome.error;
      pages.push(outcome.value);
    }
  }
  const byId = new Map<string, Record<string, unknown>>();
  for (const page of pages) {
    if (!Array.isArray(page)) continue;
    for (const entry of page) {
      if (isRecord(entry) && entry[spec.resultIdField] !== undefined) {
        byId.set(String(entry[spec.resultIdField]), entry);
      }
    }
  }
  return byId;
}

/** Largest page the API serves (contract-notes). */
const MAX_PAGE_SIZE = 500;

/** What a cell showing a repeated page can do (imports say "import again"). */
const REFRESH_LATER = "in a while, refresh the cells with errors from the add-in's menu or pane";

/**
 * Entries of a paginated endpoint, following pages until `limit` rows or the end. Pages are
 * read as imports read them (core/paginate): rows under data, rows or entries, any cursor
 * shape, and a page the API sends twice stops the walk instead of repeating its rows.
 */
export function* fetchPages(
  endpointId: string,
  base: Readonly<Record<string, unknown>>,
  limit: number,
): Program<unknown[]> {
  const mode = endpointById(endpointId).pagination;
  if (mode !== "cursor" && mode !== "offset") throw new Error(`${endpointId} is not paginated`);
  let pageSize = Math.min(limit, MAX_PAGE_SIZE);
  const rows: unknown[] = [];
  let cursor: number | null = null;
  let last = "";
  for (let pageNo = 0; rows.length < limit; pageNo++) {
    const params: Record<string, unknown> = { ...base, pageSize };
    if (mode === "offset") params.page = pageNo;
    else if (cursor !== null) params.cursorRtProductId = cursor;
    const answered = yield* listPage(endpointId, params);
    const page = answered.data;
    pageSize = answered.pageSize ?? pageSize; // the API refused ours: its default from here
    const entries = pageRows<unknown>(page);
    const fingerprint = pageFingerprint(entries);
    if (fingerprint !== "" && fingerprint === last) throw repeatedPageError(REFRESH_LATER);
    last = fingerprint;
    rows.push(...entries);
    if (entries.length === 0 || !isRecord(page)) break;
    if (mode === "cursor") {
      const next = cursorValue(page.nextCursor);
      if (next !== null && next === cursor) throw repeatedPageError(REFRESH_LATER);
      if (next === null) break;
      cursor = next;
    } else {
      const totalPages = typeof page.totalPages === "number" ? page.totalPages : null;
      if (totalPages !== null ? pageNo + 1 >= totalPages : entries.length < pageSize) break;
    }
  }
  return rows.slice(0, limit);
}

/** Body fields without the ones the seller left empty (the server applies its defaults). */
export function defined(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out;
}
