/**
 * Page builders for list endpoints (spec 2.3): offset pages {entries, page metadata,
 * dataFreshAt} and cursor pages {data, nextCursor: {rtProductId} | null, dataFreshAt}.
 */

/** A date-time on the wire: [year, month (1-based), day, hour, minute, second] (spec 2.4). */
export type DateTimeArray = [number, number, number, number, number, number];

/** Wire form of an ISO date or date-time (UTC), e.g. "2025-03-01T08:00:00Z". */
export function toDateTimeArray(iso: string): DateTimeArray {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date-time: ${iso}`);
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
}

export interface OffsetPage<T> {
  readonly entries: T[];
  readonly page: number;
  readonly pageSize: number;
  readonly totalItems: number;
  readonly totalPages: number;
  readonly dataFreshAt: DateTimeArray;
}

/** Page `page` (0-based) of `pageSize` items; pages past the end are empty. */
export function offsetPage<T>(
  all: readonly T[],
  page: number,
  pageSize: number,
  dataFreshAt: DateTimeArray,
): OffsetPage<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const start = Math.max(0, Math.floor(page)) * size;
  return {
    entries: all.slice(start, start + size),
    page,
    pageSize: size,
    totalItems: all.length,
    totalPages: Math.ceil(all.length / size),
    dataFreshAt,
  };
}

export interface ProductCursor {
  readonly rtProductId: number;
}

export interface CursorPage<T> {
  readonly data: T[];
  readonly nextCursor: ProductCursor | null;
  readonly dataFreshAt: DateTimeArray;
}

/**
 * Up to `pageSize` items with an id greater than the cursor, in ascending id order;
 * `nextCursor` names the last id returned while more remain.
 */
export function cursorPage<T>(
  all: readonly T[],
  rtProductIdOf: (item: T) => number,
  cursorRtProductId: number | null | undefined,
  pageSize: number,
  dataFreshAt: DateTimeArray,
): CursorPage<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const after = cursorRtProductId ?? Number.NEGATIVE_INFINITY;
  const rest = all
    .filter((item) => rtProductIdOf(item) > after)
    .sort((a, b) => rtProductIdOf(a) - rtProductIdOf(b));
  const data = rest.slice(0, size);
  const last = data[data.length - 1];
  return {
    data,
    nextCursor:
      rest.length > size && last !== undefined ? { rtProductId: rtProductIdOf(last) } : null,
    dataFreshAt,
  };
}
