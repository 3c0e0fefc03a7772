/**
 * Results remembered per shop and request window (A7, A11, A12 product rows, A13-A18 period
 * totals, A19/A20 answers; B and C window statistics, B7/B12 product rows and B8 SKU entries),
 * in one least-recently-used cache shared by every shop, so memory
 * stays bounded however many distinct windows (`lookbackDays`, `effectiveDate`, `from`/`to`)
 * callers ask for (issue 22: each new window kept about 2.8 MB, forever).
 */
import { LRUCache } from "lru-cache";

/**
 * The cache's size in bytes of what it keeps, as each result's owner estimates it (list rows:
 * their JSON): 13 MiB. That holds one whole window of the largest shop the benchmarks serve
 * (A7/A11 at demo scale 5: 10,500 product rows, 12.2 MB of JSON), so paging through a list
 * computes it once, and about five windows of a 2,100-product demo shop (an A7/A11 window is
 * 2.4 MB, an A12 window 2.1 MB), more than a seller's sheet uses at once. Every byte kept here
 * is a byte the server's RSS keeps too (issue 22 item 3: flat within 30 MB), so no more than
 * that. A result larger than the whole budget is not kept.
 */
export const REMEMBERED_BYTES = 13 * 1024 * 1024;

interface Entry {
  readonly value: unknown;
  readonly bytes: number;
}

const cache = new LRUCache<string, Entry>({
  maxSize: REMEMBERED_BYTES,
  sizeCalculation: (e) => e.bytes,
});

/**
 * Each owner (an A shop index, a B seller, a C shop) gets its own number, so equal keys of
 * different shops and datasets never meet.
 */
const shopNumbers = new WeakMap<object, number>();
let lastShopNumber = 0;
/** Results computed so far (a miss each). */
let computed = 0;

function shopNumber(idx: object): number {
  let n = shopNumbers.get(idx);
  if (n === undefined) shopNumbers.set(idx, (n = ++lastShopNumber));
  return n;
}

/**
 * A result computed once per shop and key while it stays in the cache. The key must name
 * everything the result depends on (the request's options and today); results are shared, so
 * callers never mutate them. `bytesOf` is the result's size in bytes (an estimate, at least 1).
 */
export function rememberFor<T>(
  idx: object,
  key: string,
  compute: () => T,
  bytesOf: (value: T) => number,
): T {
  const fullKey = `${shopNumber(idx)}|${key}`;
  const hit = cache.get(fullKey);
  if (hit) return hit.value as T;
  const value = compute();
  computed += 1;
  cache.set(fullKey, { value, bytes: Math.max(1, Math.ceil(bytesOf(value))) });
  return value;
}

/** What the cache holds now, and how many results were computed so far (tests, benchmarks). */
export function rememberedSize(): { entries: number; bytes: number; computed: number } {
  return { entries: cache.size, bytes: cache.calculatedSize, computed };
}
