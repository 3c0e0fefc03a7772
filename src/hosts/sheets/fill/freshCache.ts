/**
 * The response cache as a refreshed cell must see it: answers stored before its refresh do not
 * count (the seller asked for fresh ones). Refreshes are kept as a short list of regions with
 * their time in the document cache (one entry, so every cell reads it with one lookup). While
 * the API fails, the last good answer still stands in (stale-if-error), however recent the refresh.
 */
import { ResponseCache, type CacheHit, type ResponseCacheOptions } from "../../../core";
import type { CacheLike } from "../stores/gas";

/** A ResponseCache that ignores answers stored before `after` (ms). */
export class FreshAfterCache extends ResponseCache {
  constructor(
    options: ResponseCacheOptions,
    private readonly after: number,
  ) {
    super(options);
  }
  override getMany<T>(
    apiKey: string,
    endpoint: string,
    paramsList: ReadonlyArray<Readonly<Record<string, unknown>>>,
  ): Array<CacheHit<T> | null> {
    return super
      .getMany<T>(apiKey, endpoint, paramsList)
      .map((h) => (h && h.storedAt >= this.after ? h : null));
  }
  // getStale is the base's: while the API fails, a refreshed cell keeps its last good answer
  // (stale-if-error, at most MAX_STALE_SEC old) instead of turning into an error.
}

/** A refreshed block of cells and when it was refreshed. */
export interface FreshRegion {
  readonly s: string;
  readonly r: number;
  readonly c: number;
  readonly h: number;
  readonly w: number;
  readonly t: number;
}

const KEY = "mkt:fresh";
/** Kept as long as CacheService keeps anything (a waiting cell may take that long). */
const TTL_SEC = 6 * 60 * 60;
const MAX_REGIONS = 40;

export function readFreshRegions(cache: CacheLike): FreshRegion[] {
  try {
    const parsed = JSON.parse(cache.get(KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as FreshRegion[]) : [];
  } catch {
    return [];
  }
}

/** Add refreshed regions (callers hold the script lock). */
export function addFreshRegions(
  cache: CacheLike,
  regions: readonly FreshRegion[],
  now: number,
): void {
  const kept = readFreshRegions(cache).filter((g) => g.t > now - TTL_SEC * 1000);
  const all = [...kept, ...regions].slice(-MAX_REGIONS);
  cache.put(KEY, JSON.stringify(all), TTL_SEC);
}

/** When the cell at (sheet, row, col) was last refreshed (0: never). */
export function freshAfter(
  regions: readonly FreshRegion[],
  sheet: string,
  row: number,
  col: number,
): number {
  let t = 0;
  for (const g of regions)
    if (g.s === sheet && row >= g.r && row < g.r + g.h && col >= g.c && col < g.c + g.w)
      t = Math.max(t, g.t);
  return t;
}
