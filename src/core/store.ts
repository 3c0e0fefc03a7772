/**
 * The host key-value store under the cache and the rate limiter. Synchronous because
 * Apps Script's CacheService is; Excel keeps a MemoryStore and persists it on its own.
 */
import { utf8Length } from "./hash";

/** What the host store allows; the cache sizes its keys and chunks to fit. */
export interface StoreLimits {
  /** Largest value in UTF-8 bytes. */
  readonly maxValueBytes: number;
  readonly maxKeyLength: number;
  readonly maxTtlSec: number;
}

/** A host key-value store with expiry (CacheService, an in-memory map, ...). */
export interface KeyValueStore {
  get(key: string): string | null;
  /** Present keys only. */
  getAll?(keys: readonly string[]): Record<string, string>;
  put(key: string, value: string, ttlSec: number): void;
  putAll?(entries: Readonly<Record<string, string>>, ttlSec: number): void;
  remove(key: string): void;
  readonly limits: StoreLimits;
}

/** Apps Script CacheService: 250-char keys, 100 KB values, 6 h at most. */
/**
 * The present keys' values, read one by one (a store without a batch read), into `found`:
 * when a read throws midway the caller keeps what was read before it.
 */
export function presentValues(
  store: Pick<KeyValueStore, "get">,
  keys: readonly string[],
  found: Record<string, string> = {},
): Record<string, string> {
  for (const key of keys) {
    const value = store.get(key);
    if (value !== null) found[key] = value;
  }
  return found;
}

export const CACHE_SERVICE_LIMITS: StoreLimits = {
  maxValueBytes: 100 * 1024,
  maxKeyLength: 250,
  maxTtlSec: 6 * 60 * 60,
};

/** A roomy default for in-memory stores (Excel, browser). */
export const MEMORY_STORE_LIMITS: StoreLimits = {
  maxValueBytes: 1024 * 1024,
  maxKeyLength: 1000,
  maxTtlSec: 24 * 60 * 60,
};

/** One stored entry as `MemoryStore.snapshot` returns it (for a host to persist). */
export interface StoredEntry {
  readonly key: string;
  readonly value: string;
  /** Absolute expiry in ms on the store's clock. */
  readonly expiresAt: number;
}

export interface MemoryStoreOptions {
  readonly clock?: { now(): number };
  readonly limits?: Partial<StoreLimits>;
  /** Evict the oldest entries beyond this count (CacheService keeps about 1000). */
  readonly maxEntries?: number;
}

/** A KeyValueStore in memory, with TTL on an injected clock and the host's limits enforced. */
export class MemoryStore implements KeyValueStore {
  readonly limits: StoreLimits;
  private readonly clock: { now(): number };
  private readonly maxEntries: number;
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(options: MemoryStoreOptions = {}) {
    this.limits = { ...MEMORY_STORE_LIMITS, ...options.limits };
    this.clock = options.clock ?? { now: () => Date.now() };
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
  }

  get(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  getAll(keys: readonly string[]): Record<string, string> {
    return presentValues(this, keys);
  }

  put(key: string, value: string, ttlSec: number): void {
    if (key.length > this.limits.maxKeyLength) {
      throw new Error(`Store key longer than ${this.limits.maxKeyLength} characters`);
    }
    if (utf8Length(value) > this.limits.maxValueBytes) {
      throw new Error(`Store value larger than ${this.limits.maxValueBytes} bytes`);
    }
    const ttl = Math.min(Math.max(ttlSec, 1), this.limits.maxTtlSec);
    this.entries.delete(key); // re-insert so eviction order follows writes
    this.entries.set(key, { value, expiresAt: this.clock.now() + ttl * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  putAll(entries: Readonly<Record<string, string>>, ttlSec: number): void {
    for (const [key, value] of Object.entries(entries)) this.put(key, value, ttlSec);
  }

  remove(key: string): void {
    this.entries.delete(key);
  }

  /** Drop everything (the sidebar's "clear cache"). */
  clear(): void {
    this.entries.clear();
  }

  /** Number of live entries. */
  get size(): number {
    this.purgeExpired();
    return this.entries.size;
  }

  /** Live entries, for a host that persists the store (Excel: OfficeRuntime.storage). */
  snapshot(): StoredEntry[] {
    this.purgeExpired();
    return [...this.entries].map(([key, e]) => ({ key, value: e.value, expiresAt: e.expiresAt }));
  }

  /** Load entries saved by `snapshot`; expired ones are skipped. */
  restore(saved: readonly StoredEntry[]): void {
    const now = this.clock.now();
    for (const e of saved) {
      if (e.expiresAt > now) this.entries.set(e.key, { value: e.value, expiresAt: e.expiresAt });
    }
  }

  private purgeExpired(): void {
    const now = this.clock.now();
    for (const [key, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(key);
  }
}
