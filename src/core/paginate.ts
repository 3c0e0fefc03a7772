/**
 * Reading list pages (spec 2.3): the cursor to send back and the rows of a page. The one
 * pager is the import step machine (imports/plan.ts); cell lists page in the scheduler.
 */
import { ApiError } from "./errors";

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
