/**
 * Pagination as loops of yields, so one body pages through A7/B7 (cursor) or A11/A12/B12
 * (offset) under either driver.
 */
import type { ApiCall, Program } from "./effects";
import { apiCall, call, parallel } from "./effects";
import { ApiError } from "./errors";

/** Request field carrying the cursor (spec 2.3). */
const CURSOR_FIELD = "cursorRtProductId";

export interface CursorOptions {
  /** Stop after this many rows (the rest of the last page is dropped); default no limit. */
  readonly limit?: number;
  /** Sent as pageSize when given (otherwise the server's default applies). */
  readonly pageSize?: number;
  /** Safety stop; default 1000 pages. */
  readonly maxPages?: number;
  /** Told after each page: rows so far, pages so far. */
  readonly onPage?: (rows: number, pages: number) => void;
}

/**
 * The cursor value to send back, from a page's `nextCursor`. Accepted: null/undefined (end),
 * an integer or integer string, or an object holding the integer as `cursorRtProductId`,
 * `rtProductId` or `id`, or as its only numeric field.
 */
export function cursorValue(nextCursor: unknown): number | null {
  if (nextCursor === null || nextCursor === undefined) return null;
  if (typeof nextCursor === "number" && Number.isInteger(nextCursor)) return nextCursor;
  if (typeof nextCursor === "string" && /^-?\d+$/.test(nextCursor.trim()))
    return Number(nextCursor);
  if (typeof nextCursor === "object" && !Array.isArray(nextCursor)) {
    const record = nextCursor as Record<string, unknown>;
    for (const name of [CURSOR_FIELD, "rtProductId", "id"]) {
      const value = record[name];
      if (value !== undefined && value !== null) return cursorValue(value);
    }
    const numeric = Object.values(record).filter(
      (v) => typeof v === "number" && Number.isInteger(v),
    );
    if (numeric.length === 1) return numeric[0] as number;
  }
  throw new ApiError(
    "BAD_RESPONSE",
    "The API returned a page cursor we cannot read: update the add-on",
  );
}

/** Rows of one page: `data`, `rows` or `entries` (spec 2.3 names all three). */
export function pageRows<T>(page: unknown): T[] {
  if (Array.isArray(page)) return page as T[];
  if (page !== null && typeof page === "object") {
    const record = page as Record<string, unknown>;
    for (const name of ["data", "rows", "entries"]) {
      const rows = record[name];
      if (Array.isArray(rows)) return rows as T[];
    }
  }
  throw new ApiError("BAD_RESPONSE", "The API returned a page without rows: update the add-on");
}

/** Follow `nextCursor` (sent back as cursorRtProductId) until the end or `limit` rows. */
export function* paginateCursor<T = unknown>(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  options: CursorOptions = {},
): Program<T[]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const maxPages = options.maxPages ?? 1000;
  const base: Record<string, unknown> = { ...params };
  if (options.pageSize !== undefined) base.pageSize = options.pageSize;
  const rows: T[] = [];
  const seen = new Set<number>();
  let cursor: number | null = null;
  for (let pages = 1; pages <= maxPages; pages++) {
    const pageParams: Record<string, unknown> =
      cursor === null ? base : { ...base, [CURSOR_FIELD]: cursor };
    const page: unknown = yield* call(endpoint, pageParams);
    rows.push(...pageRows<T>(page));
    options.onPage?.(Math.min(rows.length, limit), pages);
    if (rows.length >= limit) return rows.slice(0, limit);
    const next = cursorValue((page as { nextCursor?: unknown } | null)?.nextCursor);
    if (next === null) return rows;
    // A cursor seen before would loop for ever; the rows so far may be incomplete, so fail.
    if (seen.has(next)) {
      throw new ApiError("BAD_RESPONSE", "The API repeated a page cursor: try again later");
    }
    seen.add(next);
    cursor = next;
  }
  return rows;
}

export interface OffsetOptions {
  /** Stop after this many rows; default all. */
  readonly limit?: number;
  /** Rows per page, sent as pageSize when given; default the server's (50). */
  readonly pageSize?: number;
  /** Pages fetched at once after the first; default 10. */
  readonly maxParallel?: number;
  /** Told after each round: rows so far, pages so far, pages needed. */
  readonly onPage?: (rows: number, pages: number, totalPages: number) => void;
}

/**
 * Read page 0, learn totalPages/totalItems, then fetch the other pages needed for `limit`
 * rows in parallel rounds. Rows keep page order. A failed page fails the whole list.
 */
export function* paginateOffset<T = unknown>(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  options: OffsetOptions = {},
): Program<T[]> {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const base: Record<string, unknown> = { ...params };
  if (options.pageSize !== undefined) base.pageSize = options.pageSize;
  const firstPage = typeof base.page === "number" ? base.page : 0;
  const first: unknown = yield* call(endpoint, { ...base, page: firstPage });
  const rows: T[] = pageRows<T>(first);
  const meta = (first ?? {}) as { totalPages?: unknown; totalItems?: unknown; pageSize?: unknown };
  const pageSize =
    numberOr(meta.pageSize, 0) ||
    options.pageSize ||
    numberOr(base.pageSize, 0) ||
    rows.length ||
    50;
  const totalPages =
    numberOr(meta.totalPages, 0) ||
    (typeof meta.totalItems === "number" ? Math.ceil(meta.totalItems / pageSize) : 1);
  const pagesForLimit = Number.isFinite(limit) ? Math.ceil(limit / pageSize) : totalPages;
  const lastPage = Math.min(totalPages, firstPage + pagesForLimit) - 1;
  let fetched = 1;
  options.onPage?.(Math.min(rows.length, limit), fetched, lastPage - firstPage + 1);
  const maxParallel = Math.max(1, options.maxParallel ?? 10);
  for (let start = firstPage + 1; start <= lastPage && rows.length < limit; start += maxParallel) {
    const calls: ApiCall[] = [];
    for (let p = start; p <= Math.min(lastPage, start + maxParallel - 1); p++) {
      calls.push(apiCall(endpoint, { ...base, page: p }));
    }
    const pages = yield* parallel(calls);
    for (const settled of pages) {
      if (!settled.ok) throw settled.error;
      rows.push(...pageRows<T>(settled.value));
    }
    fetched += calls.length;
    options.onPage?.(Math.min(rows.length, limit), fetched, lastPage - firstPage + 1);
  }
  return Number.isFinite(limit) ? rows.slice(0, limit) : rows;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}
