/**
 * Reading many cache entries in one CacheService round trip. Planning a call looks its answer
 * up with one `get` each; a cell planning its 300 fill-down siblings (or the filler planning
 * every waiting cell) would make hundreds of round trips. So the keys those plans will read
 * are fetched first with one `getAll`, and the plans read them from memory.
 */
import {
  batchIds,
  cacheOwner,
  endpointLookup,
  listCacheEndpoint,
  paramsWithoutIds,
  perIdParams,
  type ApiCall,
  type CommonEnv,
  type KeyValueStore,
  type ResponseCache,
  type StoreLimits,
} from "../../../core";

/** A store whose reads of primed keys come from memory; writes go through (and are remembered). */
export class ReadAheadStore implements KeyValueStore {
  private readonly known = new Map<string, string | null>();
  readonly limits: StoreLimits;
  constructor(private readonly inner: KeyValueStore) {
    this.limits = inner.limits;
  }

  /** Fetch these keys now, in one round trip. */
  prime(keys: readonly string[]): void {
    const missing = [...new Set(keys)].filter((k) => !this.known.has(k));
    if (missing.length === 0) return;
    const found = this.inner.getAll ? this.inner.getAll(missing) : {};
    for (const k of missing)
      this.known.set(k, found[k] ?? (this.inner.getAll ? null : this.inner.get(k)));
  }
  /** Forget what was read (entries may have changed since). */
  forget(): void {
    this.known.clear();
  }
  get(key: string): string | null {
    if (this.known.has(key)) return this.known.get(key) ?? null;
    return this.inner.get(key);
  }
  getAll(keys: readonly string[]): Record<string, string> {
    const rest = keys.filter((k) => !this.known.has(k));
    const out: Record<string, string> =
      rest.length > 0 && this.inner.getAll ? this.inner.getAll(rest) : {};
    if (!this.inner.getAll)
      for (const k of rest) {
        const v = this.inner.get(k);
        if (v !== null) out[k] = v;
      }
    for (const k of keys) {
      const v = this.known.get(k);
      if (v) out[k] = v;
    }
    return out;
  }
  put(key: string, value: string, ttlSec: number): void {
    this.inner.put(key, value, ttlSec);
    this.known.set(key, value);
  }
  putAll(entries: Readonly<Record<string, string>>, ttlSec: number): void {
    if (this.inner.putAll) this.inner.putAll(entries, ttlSec);
    else for (const [k, v] of Object.entries(entries)) this.inner.put(k, v, ttlSec);
    for (const [k, v] of Object.entries(entries)) this.known.set(k, v);
  }
  remove(key: string): void {
    this.inner.remove(key);
    this.known.set(key, null);
  }
}

/** The cache keys planning these calls reads (their own answers, list answers, per-id entries). */
export function cacheKeysOf(
  calls: readonly ApiCall[],
  cache: ResponseCache,
  env: CommonEnv,
): string[] {
  const owner = cacheOwner(env);
  const keys: string[] = [];
  for (const call of calls) {
    let spec;
    try {
      spec = endpointLookup(env)(call.endpoint);
    } catch {
      continue;
    }
    if (spec.batch) {
      const base = paramsWithoutIds(call.params, spec.batch.idsField);
      for (const id of batchIds(spec, call.params))
        keys.push(cache.keyFor(owner, spec.id, perIdParams(base, spec.batch.idsField, id)));
    } else {
      keys.push(cache.keyFor(owner, spec.id, call.params));
      keys.push(cache.keyFor(owner, listCacheEndpoint(spec.id), call.params));
    }
  }
  return keys;
}
