/**
 * The response cache's hit and miss counts across executions. Each Apps Script execution
 * (every cell, every sidebar call) builds a fresh ResponseCache whose counters die with it,
 * so after each run the counts are added to one CacheService entry of the document. The
 * read-add-write is not locked (the lock belongs to the rate limiter and cells must not wait
 * for statistics), so concurrent cells can lose a few counts: the rate is an estimate.
 */
import type { CacheStats } from "../../../core";
import type { CacheServiceStore } from "./stores";

const STATS_KEY = "mkt:cache-stats";
/** CacheService keeps 6 h at most; the counts cover the last busy stretch of that. */
const STATS_TTL_SEC = 6 * 60 * 60;

/** Lookups answered from the cache and lookups that went to the API. */
export interface CacheCounts {
  readonly hits: number;
  readonly misses: number;
}

/** The counts so far (zero when none or unreadable). */
export function readCacheCounts(store: CacheServiceStore): CacheCounts {
  try {
    const parsed: unknown = JSON.parse(store.get(STATS_KEY) ?? "null");
    if (parsed && typeof parsed === "object") {
      const { h, m } = parsed as { h?: unknown; m?: unknown };
      if (typeof h === "number" && typeof m === "number") return { hits: h, misses: m };
    }
  } catch {
    // a broken entry counts as none
  }
  return { hits: 0, misses: 0 };
}

/** Add one execution's counts; never throws (statistics must not fail a cell). */
export function addCacheCounts(store: CacheServiceStore, stats: Readonly<CacheStats>): void {
  if (stats.hits === 0 && stats.misses === 0) return;
  try {
    const before = readCacheCounts(store);
    const text = JSON.stringify({ h: before.hits + stats.hits, m: before.misses + stats.misses });
    store.put(STATS_KEY, text, STATS_TTL_SEC);
  } catch {
    // CacheService refused: the rate just misses this run
  }
}

/** Start counting afresh (after Clear cache). */
export function resetCacheCounts(store: CacheServiceStore): void {
  store.remove(STATS_KEY);
}

/** Share of lookups answered from the cache, or null before any lookup. */
export function hitRateOf(counts: CacheCounts): number | null {
  const total = counts.hits + counts.misses;
  return total === 0 ? null : counts.hits / total;
}
