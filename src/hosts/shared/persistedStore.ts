/**
 * The Excel cache store: a MemoryStore (sync, as the core's ResponseCache needs) whose entries
 * are copied to OfficeRuntime.storage in the background and loaded back at startup, so a
 * reopened workbook recalculates from cache. OfficeRuntime.storage holds about 10 MB per
 * origin; we keep the cache under a smaller budget and drop the oldest entries beyond it.
 * Storage items are keyed by the cache key, which is already a hash (never the API key).
 */
import { utf8Length } from "../../core/hash";
import {
  MemoryStore,
  presentValues,
  type KeyValueStore,
  type StoreLimits,
  type StoredEntry,
} from "../../core/store";
import type { OfficeStorage } from "./officeGlobals";

/** Prefix of every storage item the cache owns; settings items never start with it. */
export const CACHE_ITEM_PREFIX = "mkt.cache.";
/** Room for the cache in OfficeRuntime.storage (its quota is ~10 MB; keep some for settings). */
export const DEFAULT_CACHE_BUDGET_BYTES = 8 * 1024 * 1024;

export interface PersistedStoreOptions {
  readonly storage: OfficeStorage;
  readonly clock?: { now(): number };
  readonly budgetBytes?: number;
  /** Delay before writing changes out, so one recalculation makes one storage write. */
  readonly flushDelayMs?: number;
  readonly limits?: Partial<StoreLimits>;
}

interface SavedItem {
  readonly v: string;
  readonly e: number;
}

/** A KeyValueStore in memory, persisted to OfficeRuntime.storage asynchronously. */
export class PersistedStore implements KeyValueStore {
  readonly limits: StoreLimits;
  private readonly memory: MemoryStore;
  private readonly storage: OfficeStorage;
  private readonly budgetBytes: number;
  private readonly flushDelayMs: number;
  /** Bytes each entry takes in storage, in write order (oldest first). */
  private readonly sizes = new Map<string, number>();
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(options: PersistedStoreOptions) {
    const memoryOptions = {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
    };
    this.memory = new MemoryStore(memoryOptions);
    this.limits = this.memory.limits;
    this.storage = options.storage;
    this.budgetBytes = options.budgetBytes ?? DEFAULT_CACHE_BUDGET_BYTES;
    this.flushDelayMs = options.flushDelayMs ?? 200;
  }

  /** Load what a previous session saved; expired or unreadable items are deleted. */
  async load(): Promise<number> {
    const keys = (await this.storage.getKeys()).filter((k) => k.startsWith(CACHE_ITEM_PREFIX));
    if (keys.length === 0) return 0;
    const items = await this.storage.getItems(keys);
    const entries: StoredEntry[] = [];
    const drop: string[] = [];
    for (const item of keys) {
      const saved = parseSaved(items[item]);
      if (saved)
        entries.push({
          key: item.slice(CACHE_ITEM_PREFIX.length),
          value: saved.v,
          expiresAt: saved.e,
        });
      else drop.push(item);
    }
    entries.sort((a, b) => a.expiresAt - b.expiresAt);
    this.memory.restore(entries);
    for (const e of this.memory.snapshot()) this.sizes.set(e.key, itemBytes(e.key, e.value));
    for (const e of entries) if (!this.sizes.has(e.key)) drop.push(CACHE_ITEM_PREFIX + e.key);
    if (drop.length > 0) await this.storage.removeItems(drop);
    // A store saved under a bigger budget (or an older build) shrinks to this one's.
    this.evictOverBudget();
    return this.sizes.size;
  }

  get(key: string): string | null {
    const value = this.memory.get(key);
    if (value === null && this.sizes.has(key)) this.forget(key);
    return value;
  }

  getAll(keys: readonly string[]): Record<string, string> {
    return presentValues(this, keys);
  }

  put(key: string, value: string, ttlSec: number): void {
    this.memory.put(key, value, ttlSec);
    this.sizes.delete(key); // re-insert: the Map's order is the eviction order
    this.sizes.set(key, itemBytes(key, value));
    this.removed.delete(key);
    this.dirty.add(key);
    this.evictOverBudget();
    this.scheduleFlush();
  }

  putAll(entries: Readonly<Record<string, string>>, ttlSec: number): void {
    for (const [key, value] of Object.entries(entries)) this.put(key, value, ttlSec);
  }

  remove(key: string): void {
    this.memory.remove(key);
    this.forget(key);
  }

  /** Drop the whole cache, in memory and in storage (the task pane's "clear cache"). */
  async clear(): Promise<void> {
    for (const key of this.sizes.keys()) this.removed.add(key);
    this.memory.clear();
    this.sizes.clear();
    this.dirty.clear();
    await this.flush();
    const leftovers = (await this.storage.getKeys()).filter((k) => k.startsWith(CACHE_ITEM_PREFIX));
    if (leftovers.length > 0) await this.storage.removeItems(leftovers);
  }

  /** Bytes the cache takes in storage now. */
  get bytes(): number {
    let total = 0;
    for (const n of this.sizes.values()) total += n;
    return total;
  }

  /** Write pending changes now; resolves when storage has them. Failures are swallowed: the cache is best effort. */
  flush(): Promise<void> {
    if (this.flushTimer !== undefined) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    const writes: Record<string, string> = {};
    const snapshot = new Map(this.memory.snapshot().map((e) => [e.key, e]));
    for (const key of this.dirty) {
      const e = snapshot.get(key);
      if (e)
        writes[CACHE_ITEM_PREFIX + key] = JSON.stringify({
          v: e.value,
          e: e.expiresAt,
        } satisfies SavedItem);
    }
    const removals = [...this.removed].map((k) => CACHE_ITEM_PREFIX + k);
    this.dirty.clear();
    this.removed.clear();
    this.flushing = this.flushing.then(async () => {
      try {
        if (Object.keys(writes).length > 0) await this.storage.setItems(writes);
        if (removals.length > 0) await this.storage.removeItems(removals);
      } catch {
        // Quota or storage failure: the in-memory cache still works this session.
      }
    });
    return this.flushing;
  }

  private forget(key: string): void {
    if (this.sizes.delete(key)) {
      this.dirty.delete(key);
      this.removed.add(key);
      this.scheduleFlush();
    }
  }

  private evictOverBudget(): void {
    let total = this.bytes;
    for (const [key, size] of this.sizes) {
      if (total <= this.budgetBytes) break;
      total -= size;
      this.memory.remove(key);
      this.forget(key);
    }
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, this.flushDelayMs);
  }
}

function itemBytes(key: string, value: string): number {
  // Storage keeps UTF-16 strings; count UTF-8 of what we write, plus the JSON envelope.
  return utf8Length(CACHE_ITEM_PREFIX + key) + utf8Length(value) + 40;
}

function parseSaved(text: string | null | undefined): SavedItem | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<SavedItem>;
    return typeof parsed.v === "string" && typeof parsed.e === "number"
      ? { v: parsed.v, e: parsed.e }
      : null;
  } catch {
    return null;
  }
}
