/**
 * Response cache over a host KeyValueStore. The store key is a hash of (API key, endpoint,
 * canonical params), so two keys never share an entry and the key never appears in a
 * cache key. Values bigger than the store allows are split into chunks behind an index
 * entry. Entries outlive their freshness (stale-if-error): when the API fails with a
 * retryable error, the last good value is served, marked stale. Errors are never cached.
 */
import type { Clock } from "./clock";
import { canonicalJson, sha256Hex, utf8Length } from "./hash";
import { presentValues, type KeyValueStore } from "./store";

export interface ResponseCacheOptions {
  readonly store: KeyValueStore;
  readonly clock: Pick<Clock, "now">;
  /** How long a value is fresh; default 600 s (CacheService's default). */
  readonly ttlSec?: number;
  /** How long a value is kept for stale-if-error; default the store's maximum TTL. */
  readonly staleTtlSec?: number;
  /** The oldest answer stale-if-error serves, whatever the store keeps; default MAX_STALE_SEC. */
  readonly maxStaleSec?: number;
  /** Prefix of every store key; change it to invalidate everything. */
  readonly namespace?: string;
  /**
   * Most per-id entries one batch call may write (default: no limit). A call with more ids
   * is cached as one entry instead, so a 1,000-id range cannot evict a small store
   * (CacheService keeps about 1,000 items).
   */
  readonly maxPerIdEntries?: number;
}

/** A cached value and whether it is past its freshness. */
export interface CacheHit<T> {
  readonly value: T;
  readonly stale: boolean;
  /** When it was stored, ms on the cache's clock. */
  readonly storedAt: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  writes: number;
  /** Writes the store refused (too big, quota); the cache is best effort. */
  writeErrors: number;
  /** Reads the store failed (counted as misses). */
  readErrors: number;
}

/** One value to store by `putMany`. */
export interface CacheWrite {
  readonly params: Readonly<Record<string, unknown>>;
  readonly value: unknown;
}

interface CacheRecord {
  /** Stored at (ms). */
  readonly t: number;
  /** Fresh until (ms). */
  readonly f: number;
  readonly v: unknown;
}

/**
 * The oldest last good answer a failing API is answered with (24 h, docs/contract-notes.md
 * "Stale-if-error"): a figure older than a day is no figure to price by, so the cell says the
 * API's error instead. Stores that keep less bound it lower (CacheService: 6 h).
 */
export const MAX_STALE_SEC = 24 * 60 * 60;

/**
 * A refresh within this long of an answer from the API joins that answer instead of asking
 * again: nothing newer can be asked for (25 quick clicks on Refresh sent 51 requests).
 */
export const REFRESH_JOIN_MS = 10_000;

const DIRECT = "v";
const INDEX = "i";

/** The add-in's response cache (see file comment). */
export class ResponseCache {
  readonly stats: CacheStats = { hits: 0, misses: 0, writes: 0, writeErrors: 0, readErrors: 0 };
  readonly ttlSec: number;
  readonly staleTtlSec: number;
  readonly maxStaleSec: number;
  readonly maxPerIdEntries: number;
  private readonly store: KeyValueStore;
  private readonly clock: Pick<Clock, "now">;
  private readonly namespace: string;
  /** Keys seen rejected by this cache (the mark is removed at their next good answer). */
  private readonly rejected = new Set<string>();
  /**
   * Keys whose mark this cache has read and found absent: read once per cache (a Sheets
   * execution), in the same round trip as that lookup, so later lookups cost nothing more.
   */
  private readonly unmarked = new Set<string>();

  constructor(options: ResponseCacheOptions) {
    this.store = options.store;
    this.clock = options.clock;
    const maxTtl = options.store.limits.maxTtlSec;
    this.ttlSec = Math.min(options.ttlSec ?? 600, maxTtl);
    this.staleTtlSec = Math.max(this.ttlSec, Math.min(options.staleTtlSec ?? maxTtl, maxTtl));
    this.maxStaleSec = options.maxStaleSec ?? MAX_STALE_SEC;
    this.namespace = options.namespace ?? "mpc1";
    this.maxPerIdEntries = options.maxPerIdEntries ?? Number.POSITIVE_INFINITY;
  }

  /** The store key of one call: namespace plus a hash; never the API key. */
  keyFor(apiKey: string, endpoint: string, params: Readonly<Record<string, unknown>>): string {
    const room = this.store.limits.maxKeyLength - this.namespace.length - 1 - CHUNK_SUFFIX_ROOM;
    const hash = sha256Hex(`${apiKey}\n${endpoint}\n${canonicalJson(params)}`);
    return `${this.namespace}:${hash.slice(0, Math.max(16, Math.min(64, room)))}`;
  }

  /**
   * The API rejected this key (401/403): none of its cached answers is served again, here or
   * in any execution sharing the store, until the key answers again (a put). The entries
   * cannot be listed (CacheService has no listing), so a mark stands in front of them.
   */
  forgetKey(apiKey: string): void {
    if (this.rejected.has(apiKey)) return; // marked already (by this cache, or seen)
    this.rejected.add(apiKey);
    try {
      this.store.put(this.rejectedMark(apiKey), "1", this.store.limits.maxTtlSec);
    } catch {
      this.stats.writeErrors++;
    }
  }

  /** A fresh value, or null (counted as a hit or a miss). */
  get<T>(
    apiKey: string,
    endpoint: string,
    params: Readonly<Record<string, unknown>>,
  ): CacheHit<T> | null {
    const [hit] = this.getMany<T>(apiKey, endpoint, [params]);
    return hit ?? null;
  }

  /** Fresh values for many calls of one endpoint, in order (one store round trip when it can). */
  getMany<T>(
    apiKey: string,
    endpoint: string,
    paramsList: ReadonlyArray<Readonly<Record<string, unknown>>>,
  ): Array<CacheHit<T> | null> {
    const now = this.clock.now();
    const records = this.readRecords(
      paramsList.map((p) => this.keyFor(apiKey, endpoint, p)),
      apiKey,
    );
    return records.map((record) => {
      if (record && record.f > now) {
        this.stats.hits++;
        return { value: record.v as T, stale: false, storedAt: record.t };
      }
      this.stats.misses++;
      return null;
    });
  }

  /** The last good value even if no longer fresh: for stale-if-error. Not counted as a hit. */
  getStale<T>(
    apiKey: string,
    endpoint: string,
    params: Readonly<Record<string, unknown>>,
  ): CacheHit<T> | null {
    const [record] = this.readRecords([this.keyFor(apiKey, endpoint, params)], apiKey);
    const now = this.clock.now();
    if (!record || now - record.t > this.maxStaleSec * 1000) return null;
    return { value: record.v as T, stale: record.f <= now, storedAt: record.t };
  }

  /**
   * A refresh: the value stops being fresh (the next lookup asks the API) but stays the last
   * good answer, for stale-if-error while the API does not answer. Nothing cached: nothing done.
   */
  expire(apiKey: string, endpoint: string, params: Readonly<Record<string, unknown>>): void {
    const key = this.keyFor(apiKey, endpoint, params);
    const [record] = this.readRecords([key], apiKey);
    const now = this.clock.now();
    if (!record || record.f <= now) return;
    const left = Math.ceil((record.t + this.staleTtlSec * 1000 - now) / 1000);
    if (left < 1) return this.store.remove(key);
    const text = JSON.stringify({ t: record.t, f: now, v: record.v } satisfies CacheRecord);
    const entries = this.encode(key, text);
    try {
      if (this.store.putAll) this.store.putAll(entries, left);
      else for (const [k, v] of Object.entries(entries)) this.store.put(k, v, left);
    } catch {
      // Best effort, as every write: a store that refuses drops the value instead.
      this.stats.writeErrors++;
      this.store.remove(key);
    }
  }

  /** Is this answer younger than the cache time as it is now (the seller may have changed it)? */
  withinCacheTime(hit: CacheHit<unknown>): boolean {
    return this.clock.now() - hit.storedAt < this.ttlSec * 1000;
  }

  /** Store one good value. */
  put(
    apiKey: string,
    endpoint: string,
    params: Readonly<Record<string, unknown>>,
    value: unknown,
  ): void {
    this.putMany(apiKey, endpoint, [{ params, value }]);
  }

  /** Store many good values of one endpoint (one store round trip when it can). */
  putMany(apiKey: string, endpoint: string, writes: readonly CacheWrite[]): void {
    const now = this.clock.now();
    const entries: Record<string, string> = {};
    for (const { params, value } of writes) {
      const record: CacheRecord = { t: now, f: now + this.ttlSec * 1000, v: value };
      const text = JSON.stringify(record);
      if (text === undefined) continue;
      Object.assign(entries, this.encode(this.keyFor(apiKey, endpoint, params), text));
    }
    if (Object.keys(entries).length === 0) return;
    if (this.rejected.delete(apiKey)) {
      try {
        this.store.remove(this.rejectedMark(apiKey)); // the key answers again
      } catch {
        this.stats.writeErrors++;
      }
    }
    try {
      if (this.store.putAll) this.store.putAll(entries, this.staleTtlSec);
      else for (const [k, v] of Object.entries(entries)) this.store.put(k, v, this.staleTtlSec);
      this.stats.writes += writes.length;
    } catch {
      this.stats.writeErrors += writes.length;
    }
  }

  /** Forget one call's value. */
  remove(apiKey: string, endpoint: string, params: Readonly<Record<string, unknown>>): void {
    this.store.remove(this.keyFor(apiKey, endpoint, params));
  }

  /** Share of lookups answered from the cache (0 when none yet). */
  hitRate(): number {
    const total = this.stats.hits + this.stats.misses;
    return total === 0 ? 0 : this.stats.hits / total;
  }

  /** Zero the counters. */
  resetStats(): void {
    Object.assign(this.stats, { hits: 0, misses: 0, writes: 0, writeErrors: 0, readErrors: 0 });
  }

  /** Entries to write for one record: one direct entry, or an index plus chunks. */
  private encode(key: string, text: string): Record<string, string> {
    const budget = this.store.limits.maxValueBytes - 8;
    if (utf8Length(text) + 1 <= budget) return { [key]: DIRECT + text };
    const chunks = splitByBytes(text, budget);
    // A write id in the chunk keys: chunks of an older write never mix with a newer index
    // (not a content hash: hashing 300 KB is slow in Apps Script).
    const writeId = `${this.clock.now().toString(36).slice(-6)}${(writeCounter++ % 1296).toString(36)}`;
    const out: Record<string, string> = {
      [key]: INDEX + JSON.stringify({ n: chunks.length, w: writeId }),
    };
    chunks.forEach((chunk, i) => {
      out[chunkKey(key, writeId, i)] = chunk;
    });
    return out;
  }

  /** The store key that marks an API key as rejected: a hash, never the key. */
  private rejectedMark(apiKey: string): string {
    return `${this.namespace}:x${sha256Hex(`${apiKey}\nrejected`).slice(0, 32)}`;
  }

  /** The records of `keys`, all missing when `apiKey` is marked rejected (same round trip). */
  private readRecords(keys: readonly string[], apiKey: string): Array<CacheRecord | null> {
    if (this.rejected.has(apiKey)) return keys.map(() => null);
    const mark = this.unmarked.has(apiKey) ? null : this.rejectedMark(apiKey);
    const first = this.fetch(mark ? [...keys, mark] : keys);
    if (mark && first[mark] !== undefined) {
      this.rejected.add(apiKey);
      return keys.map(() => null);
    }
    if (mark) this.unmarked.add(apiKey);
    const chunkKeys: string[] = [];
    const indexes = keys.map((key) => {
      const raw = first[key];
      if (raw === undefined || raw[0] !== INDEX) return null;
      const index = parseIndex(raw.slice(1));
      if (!index) return null;
      const names = Array.from({ length: index.n }, (_, i) => chunkKey(key, index.w, i));
      chunkKeys.push(...names);
      return names;
    });
    const chunks = chunkKeys.length > 0 ? this.fetch(chunkKeys) : {};
    return keys.map((key, i) => {
      const raw = first[key];
      if (raw === undefined) return null;
      let text: string | null = null;
      if (raw[0] === DIRECT) text = raw.slice(1);
      const names = indexes[i];
      if (names) {
        const parts = names.map((n) => chunks[n]);
        // A missing chunk (evicted early) is a miss, never a corrupt value.
        text = parts.every((p): p is string => p !== undefined) ? parts.join("") : null;
      }
      return text === null ? null : parseRecord(text);
    });
  }

  private fetch(keys: readonly string[]): Record<string, string> {
    const found: Record<string, string> = {};
    try {
      return this.store.getAll ? this.store.getAll(keys) : presentValues(this.store, keys, found);
    } catch {
      // A store that fails to read (quota, service hiccup) is a miss, never a failed cell.
      this.stats.readErrors++;
      return found;
    }
  }
}

/** Tells apart two chunked writes of one key in the same millisecond. */
let writeCounter = 0;

/** Characters kept free in a key for the chunk suffix. */
const CHUNK_SUFFIX_ROOM = 16;

function chunkKey(key: string, writeId: string, i: number): string {
  return `${key}:${writeId}:${i}`;
}

function parseIndex(text: string): { n: number; w: string } | null {
  try {
    const value = JSON.parse(text) as { n?: unknown; w?: unknown };
    if (typeof value.n === "number" && typeof value.w === "string" && value.n > 0) {
      return { n: value.n, w: value.w };
    }
  } catch {
    // fall through: a damaged index is a miss
  }
  return null;
}

function parseRecord(text: string): CacheRecord | null {
  try {
    const value = JSON.parse(text) as Partial<CacheRecord>;
    if (typeof value.t === "number" && typeof value.f === "number" && "v" in value) {
      return value as CacheRecord;
    }
  } catch {
    // fall through: a damaged entry is a miss
  }
  return null;
}

/** Split text into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair. */
export function splitByBytes(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}
