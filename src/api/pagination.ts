/** Page shapes of spec 2.3 and the request fields that move through them. */
import type { DateTimeArray } from "./datetime";

/** One page of a cursor-paginated list (A7, B7). Pass `nextCursor` back to continue. */
export interface CursorPage<T> {
  readonly data: readonly T[];
  /** The spec's RtMktAProductCursor: send `rtProductId` back as `cursorRtProductId`; null at the end. */
  readonly nextCursor: { readonly rtProductId: number } | null;
  /** When product data was last synced, a date-time array (spec 2.4); null before any sync. */
  readonly dataFreshAt: DateTimeArray | null;
}

/** One page of an offset-paginated list (A11, A12, B12, B13). `page` is 0-based. */
export interface OffsetPage<T> {
  /** The spec says "entries"; we name the field `entries` (contract-notes "Pagination"). */
  readonly entries: readonly T[];
  readonly page: number;
  readonly pageSize: number;
  readonly totalItems: number;
  readonly totalPages: number;
  readonly dataFreshAt: DateTimeArray | null;
}

/** Request field carrying the cursor (integer, omit to start). */
export const CURSOR_REQUEST_FIELD = "cursorRtProductId";
/** Request fields of offset pagination. */
export const PAGE_REQUEST_FIELD = "page";
export const PAGE_SIZE_REQUEST_FIELD = "pageSize";
/** Defaults of spec 8 and the bound of contract-notes. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
