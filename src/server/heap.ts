/**
 * The reference server's heap policy, set by the processes that serve (npm start, npm run
 * server, the benchmarks' server). By default V8 lets its old generation fill up to about four
 * times what was live after the last full collection before collecting again: with about 70 MB
 * live, a server computing new sales windows back to back grew to 300 MB of heap, and RSS by
 * some 200 MB, all of it garbage awaiting collection (issue 22 item 3). Collecting once the
 * heap is 10 % over what is live keeps RSS within a few tens of MB of the start; the collections
 * are incremental and concurrent, and a cached list page allocates little, so requests that
 * hit the cache (A11's pages) barely see them (bench/results.md, issue 22 item 9).
 */
import * as v8 from "v8";

/** How far the old generation may grow over its live size before a full collection. */
export const HEAP_GROWING_PERCENT = 10;

/** Sets the heap policy for this process (V8 reads the flag at every full collection). */
export function useServerHeapPolicy(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
