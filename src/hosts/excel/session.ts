/**
 * One session per Excel runtime: the shared env every cell runs in. All cells share one
 * driver (so one Batcher merges their calls), one cache persisted to OfficeRuntime.storage,
 * one rate limiter and one set of counters. Settings are re-read when the task pane saves
 * them or after a short time, so a new key applies without reloading Excel.
 */
import type { AsyncEnv, AsyncTransport } from "../../core/asyncDriver";
import { runAsync } from "../../core/asyncDriver";
import { ResponseCache } from "../../core/cache";
import type { AsyncClock } from "../../core/clock";
import { realAsyncClock } from "../../core/clock";
import { createDriverStats, type DriverStats } from "../../core/driverEnv";
import type { Program } from "../../core/effects";
import { createScheduling, type Scheduling } from "../../core/schedule/registry";
import { MemoryStore, type KeyValueStore } from "../../core/store";
import type { OfficeStorage } from "./officeGlobals";
import { PersistedStore } from "./persistedStore";
import { readSettings, type ExcelSettings } from "./settings";

export interface ExcelSessionOptions {
  /** OfficeRuntime.storage; null keeps everything in memory (no key can be read then). */
  readonly storage: OfficeStorage | null;
  /** Base URL until the user sets one (the build's MKT_BASE_URL). */
  readonly defaultBaseUrl: string;
  readonly transport: AsyncTransport;
  readonly clock?: AsyncClock;
  /** Fresh life of cached answers; default 600 s. */
  readonly cacheTtlSec?: number;
  readonly requestTimeoutMs?: number;
  readonly batchWindowMs?: number;
  /** How long settings read from storage are trusted; default 2 s. */
  readonly settingsTtlMs?: number;
}

/** The shared runtime state of the Excel add-in. */
export class ExcelSession {
  readonly stats: DriverStats = createDriverStats();
  readonly store: KeyValueStore;
  readonly cache: ResponseCache;
  /** Resolves when the cache saved by a previous session is loaded (never rejects). */
  readonly ready: Promise<void>;
  private readonly options: ExcelSessionOptions;
  private readonly clock: AsyncClock;
  /** One scheduler per key, quota and breaker for every cell and the task pane (runtime handle). */
  readonly scheduling: Scheduling;
  private settings: { value: Promise<ExcelSettings>; readAt: number } | undefined;
  private current: { id: string; env: AsyncEnv } | undefined;

  constructor(options: ExcelSessionOptions) {
    this.options = options;
    this.clock = options.clock ?? realAsyncClock();
    const persisted = options.storage
      ? new PersistedStore({ storage: options.storage, clock: this.clock })
      : null;
    this.store = persisted ?? new MemoryStore({ clock: this.clock });
    this.cache = new ResponseCache({
      store: this.store,
      clock: this.clock,
      ttlSec: options.cacheTtlSec ?? 600,
    });
    this.scheduling = createScheduling(this.clock);
    this.ready = persisted
      ? persisted.load().then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  }

  /** Forget the settings read so far (the task pane saved new ones). */
  reloadSettings(): void {
    this.settings = undefined;
  }

  /** The env for the current settings; the same object while they do not change. */
  async env(): Promise<AsyncEnv> {
    const settings = await this.currentSettings();
    const id = `${settings.baseUrl}\n${settings.apiKey ?? ""}`;
    if (this.current?.id !== id) {
      const o = this.options;
      const env: AsyncEnv = {
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        cache: this.cache,
        ...this.scheduling,
        stats: this.stats,
        transport: o.transport,
        clock: this.clock,
        ...(o.requestTimeoutMs !== undefined ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
        ...(o.batchWindowMs !== undefined ? { batchWindowMs: o.batchWindowMs } : {}),
      };
      this.current = { id, env };
    }
    return this.current.env;
  }

  /** Run one function body in the shared env. */
  async run<T>(program: Program<T>): Promise<T> {
    await this.ready;
    return runAsync(program, await this.env());
  }

  /** Drop every cached answer (memory and storage). */
  async clearCache(): Promise<void> {
    if (this.store instanceof PersistedStore) await this.store.clear();
    else if (this.store instanceof MemoryStore) this.store.clear();
  }

  private currentSettings(): Promise<ExcelSettings> {
    const now = this.clock.now();
    const ttl = this.options.settingsTtlMs ?? 2000;
    if (!this.settings || now - this.settings.readAt > ttl) {
      const storage = this.options.storage;
      const value = storage
        ? readSettings(storage, this.options.defaultBaseUrl).catch(() => ({
            apiKey: null,
            baseUrl: this.options.defaultBaseUrl,
          }))
        : Promise.resolve({ apiKey: null, baseUrl: this.options.defaultBaseUrl });
      this.settings = { value, readAt: now };
    }
    return this.settings.value;
  }
}
