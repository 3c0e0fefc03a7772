/**
 * Results remembered per shop and request window (A7, A11, A12 product rows, A13-A18 period
 * totals, A19/A20 answers), in one least-recently-used cache shared by every shop, so memory
 * stays bounded however many distinct windows (`lookbackDays`, `effectiveDate`, `from`/`to`)
 * callers ask for (issue 22: each new window kept about 2.8 MB, forever).
 */
import { LRUCache } from "lru-cache";
import type { ShopIndex } from "./shop";

/**
 * The cache's size, counted in product rows (one product's figures in a list, about 1.3 KB):
 * 16,000 rows are about 21 MB. That holds every window a seller's sheet uses at once on the
 * demo shops (2,100 products per unit of scale: seven windows at scale 1) and one whole
 * window of the largest shop the benchmarks serve (10,500 rows at scale 5), so paging through
 * a list computes it once. A result larger than the whole budget is not kept.
 */
export const REMEMBERED_ROWS = 16_000;

interface Entry {
  readonly value: unknown;
  readonly rows: number;
}

const cache = new LRUCache<string, Entry>({
  maxSize: REMEMBERED_ROWS,
  sizeCalculation: (e) => e.rows,
});

/** Each shop index gets its own number, so equal keys of different datasets never meet. */
const shopNumbers = new WeakMap<ShopIndex, number>();
let lastShopNumber = 0;
/** Results computed so far (a miss each). */
let computed = 0;

function shopNumber(idx: ShopIndex): number {
  let n = shopNumbers.get(idx);
  if (n === undefined) shopNumbers.set(idx, (n = ++lastShopNumber));
  return n;
}

/**
 * A result computed once per shop and key while it stays in the cache. The key must name
 * everything the result depends on (the request's options and today); results are shared, so
 * callers never mutate them. `rowsOf` is the result's size in product rows (at least 1).
 */
export function rememberFor<T>(
  idx: ShopIndex,
  key: string,
  compute: () => T,
  rowsOf: (value: T) => number,
): T {
  const fullKey = `${shopNumber(idx)}|${key}`;
  const hit = cache.get(fullKey);
  if (hit) return hit.value as T;
  const value = compute();
  computed += 1;
  cache.set(fullKey, { value, rows: Math.max(1, Math.ceil(rowsOf(value))) });
  return value;
}

/** What the cache holds now, and how many results were computed so far (tests, benchmarks). */
export function rememberedSize(): { entries: number; rows: number; computed: number } {
  return { entries: cache.size, rows: cache.calculatedSize, computed };
}
