/**
 * Reading list pages (spec 2.3): the cursor to send back, the rows of a page, and the check
 * that a page is not the one before it again. Imports (imports/plan.ts), cell lists
 * (functions/requests.ts) and the scheduler's list walks all read pages through these.
 */
import { ApiError } from "./errors";
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
