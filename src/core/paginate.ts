/**
 * Reading list pages (spec 2.3): the cursor to send back, the rows of a page, and the check
 * that a page is not the one before it again. Imports (imports/plan.ts), cell lists
 * (functions/requests.ts) and the scheduler's list walks all read pages through these.
 */
import { call, type Program } from "./effects";
import { ApiError, isApiError } from "./errors";
import { canonicalJson, sha256Hex } from "./hash";

/** Request field carrying the cursor (spec 2.3). */
const CURSOR_FIELD = "cursorRtProductId";

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

/**
 * What identifies a page's rows, to tell a page the API sent again (it ignored the cursor or
 * page number) from a new one; "" for an empty page, which is never a repeat.
 */
export function pageFingerprint(rows: readonly unknown[]): string {
  if (rows.length === 0) return "";
  // Short and fixed-length: the import state carries it between Sheets server calls.
  return sha256Hex(canonicalJson([rows.length, rows[0], rows[rows.length - 1]])).slice(0, 16);
}

/**
 * The API answered the same page again: walking on would repeat rows without end. `again` is
 * what the seller can do where the list is read ("import again in a while").
 */
export function repeatedPageError(again: string): ApiError {
  return new ApiError(
    "BAD_RESPONSE",
    `The API repeated a page cursor (it sent the same page again): ${again}; if it keeps happening, tell your API provider`,
    { retryable: false },
  );
}

/** The spec's default pageSize (section 8); its maximum is not shown. */
export const SPEC_DEFAULT_PAGE_SIZE = 50;

/**
 * One list page. An API that refuses the pageSize asked (a 400 naming field pageSize: its
 * maximum is below ours) is asked the same page again with the spec's default, once; the
 * caller keeps `pageSize` for the pages after. Offset pages past the first keep the size they
 * began with (page n at another size is other rows). `entries: "apart"`: an import holds each
 * entry to the bounds itself (imports/plan.ts readStep).
 */
export function* listPage(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  entries: "whole" | "apart" = "whole",
): Program<{ data: unknown; pageSize: number | undefined }> {
  const asked = typeof params.pageSize === "number" ? params.pageSize : undefined;
  try {
    return { data: yield* call(endpoint, params, undefined, entries), pageSize: asked };
  } catch (error) {
    const firstPage = params.page === undefined || params.page === 0;
    const refused = isApiError(error) && error.status === 400 && error.field === "pageSize";
    if (!refused || !firstPage || asked === undefined || asked <= SPEC_DEFAULT_PAGE_SIZE)
      throw error;
    const params50 = { ...params, pageSize: SPEC_DEFAULT_PAGE_SIZE };
    return {
      data: yield* call(endpoint, params50, undefined, entries),
      pageSize: SPEC_DEFAULT_PAGE_SIZE,
    };
  }
}
