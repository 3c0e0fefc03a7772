/**
 * One session per Excel runtime: the shared env every cell runs in. All cells (and the task
 * pane) share one scheduler per key, one cache persisted to OfficeRuntime.storage, one quota,
 * one breaker and one set of counters, and the session remembers which cell asked which calls
 * (the refresh scopes). Settings are re-read when the task pane saves them or after a short
 * time, so a new key, a pause of live calls or the list setting applies without reloading Excel.
 */
import type { AsyncEnv, AsyncTransport } from "../../core/asyncDriver";
import { runAsync, schedulerFor } from "../../core/asyncDriver";
import { REFRESH_JOIN_MS, ResponseCache } from "../../core/cache";
import {
  answeredSince,
  answeredWithinCacheTime,
  cacheOwner,
  forgetCall,
} from "../../core/callPlan";
import { Refusals } from "./refusals";
import { staleWords } from "./staleWords";
import type { AsyncClock, Timers } from "../../core/clock";
import { realAsyncClock } from "../../core/clock";
import { createDriverStats, type DriverStats } from "../../core/driverEnv";
import type { ApiCall, Program } from "../../core/effects";
import { createScheduling, type Scheduling } from "../../core/schedule/registry";
import type { SchedulerStatus } from "../../core/schedule/scheduler";
import { MemoryStore, type KeyValueStore } from "../../core/store";
import { CellTracker, type TrackedCell } from "./cellTracker";
import type { OfficeStorage } from "./officeGlobals";
import { PersistedStore } from "./persistedStore";
import { readSettings, type ExcelSettings } from "./settings";
import { DEFAULT_BASIS, type ProfitBasis } from "../../functions/basis";
import type { CostBook } from "../../core/costBook";
import { SETTING } from "./asyncSettings";
import { rejectedMark } from "./keyStatus";
import { CellReasker } from "./reask";

export interface ExcelSessionOptions {
  /** OfficeRuntime.storage; null keeps everything in memory (no key can be read then). */
  readonly storage: OfficeStorage | null;
  /** Base URL until the user sets one (the build's MKT_BASE_URL). */
  readonly defaultBaseUrl: string;
  readonly transport: AsyncTransport;
  readonly clock?: AsyncClock;
  /** Timers of the request time limit (tests give the clock's own); default the global ones. */
  readonly timers?: Timers;
  /** Fresh life of cached answers; default 600 s. */
  readonly cacheTtlSec?: number;
  readonly requestTimeoutMs?: number;
  readonly batchWindowMs?: number;
  /** How long settings read from storage are trusted; default 2 s. */
  readonly settingsTtlMs?: number;
  /** Room for cached answers in `storage` (the web demo leaves most of it to the workbook). */
  readonly cacheBudgetBytes?: number;
  /**
   * The cost book formula cells take COGS from, or null (the setting off, no book): read from
   * the document through the host (shared/cellBook.ts), at most once per `settingsTtlMs`.
   */
  readonly costBook?: () => Promise<CostBook | null>;
}

/** One cell's run: where it is, how to cancel it, and whether its value shows an error. */
export interface CellRun<T> {
  readonly address?: string;
  readonly signal?: AbortSignal;
  readonly showsError?: (value: T) => boolean;
}

/** The shared runtime state of the Excel add-in. */
export class ExcelSession {
  readonly stats: DriverStats = createDriverStats();
  readonly store: KeyValueStore;
  private answers: ResponseCache;
  /** Which cell asked which calls, and which ended in an error. */
  readonly cells = new CellTracker();
  /** Resolves when the cache saved by a previous session is loaded (never rejects). */
  readonly ready: Promise<void>;
  /** One scheduler per key, quota and breaker for every cell and the task pane (runtime handle). */
  readonly scheduling: Scheduling;
  /** Cells that failed for a passing reason ask again by themselves once the host attaches. */
  readonly reask: CellReasker;
  private readonly options: ExcelSessionOptions;
  private readonly clock: AsyncClock;
  private settings: { value: Promise<ExcelSettings>; readAt: number } | undefined;
  /** Calls the API refused (400) for their arguments: answered again without a request. */
  private readonly refusals = new Refusals();
  /** Cells showing last good figures while the API fails, by address: when they were stored. */
  private readonly staleCells = new Map<string, number>();
  /** When a refresh last renewed each cell, by address (a quick second click joins it). */
  private readonly refreshedAt = new Map<string, number>();
  private current: { id: string; env: AsyncEnv } | undefined;

  constructor(options: ExcelSessionOptions) {
    this.options = options;
    this.clock = options.clock ?? realAsyncClock();
    const persisted = options.storage
      ? new PersistedStore({
          storage: options.storage,
          clock: this.clock,
          ...(options.cacheBudgetBytes ? { budgetBytes: options.cacheBudgetBytes } : {}),
        })
      : null;
    this.store = persisted ?? new MemoryStore({ clock: this.clock });
    this.answers = this.cacheFor(options.cacheTtlSec ?? 600);
    this.scheduling = createScheduling(this.clock);
    this.reask = new CellReasker(this.clock);
    this.ready = persisted
      ? persisted.load().then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  }

  /** The response cache (its freshness follows the task pane's "Keep answers for"). */
  get cache(): ResponseCache {
    return this.answers;
  }

  private cacheFor(ttlSec: number): ResponseCache {
    return new ResponseCache({ store: this.store, clock: this.clock, ttlSec });
  }

  /** Forget the settings read so far (the task pane saved new ones). */
  reloadSettings(): void {
    this.settings = undefined;
    this.book = undefined;
  }

  /**
   * The seller's profit basis: every cell's function runs on it; with the cost book where the
   * document turned it on for cells.
   */
  async basis(): Promise<ProfitBasis> {
    const basis = (await this.currentSettings()).basis ?? DEFAULT_BASIS;
    const book = await this.cellBook();
    return book ? { ...basis, costBook: book } : basis;
  }

  private book: { value: Promise<CostBook | null>; readAt: number } | undefined;

  /** The book, read once for a recalculation's cells (every cell within settingsTtlMs). */
  private cellBook(): Promise<CostBook | null> {
    const read = this.options.costBook;
    if (!read) return Promise.resolve(null);
    const now = this.clock.now();
    const ttl = this.options.settingsTtlMs ?? 2000;
    if (!this.book || now - this.book.readAt > ttl) this.book = { value: read(), readAt: now };
    return this.book.value;
  }

  /** The env for the current settings; the same object while they do not change. */
  async env(): Promise<AsyncEnv> {
    const settings = await this.currentSettings();
    const paused = settings.liveCalls === false;
    const substituteLists = settings.listAnswers !== false;
    const ttl = settings.cacheTtlSec ?? this.options.cacheTtlSec ?? 600;
    const id = `${settings.baseUrl}\n${settings.apiKey ?? ""}\n${paused}\n${substituteLists}\n${ttl}`;
    // The task pane met a 401 for this key: this runtime's cache stops answering for it too.
    if (settings.keyRejected && settings.apiKey)
      this.cache.forgetKey(cacheOwner({ apiKey: settings.apiKey, baseUrl: settings.baseUrl }));
    if (this.current?.id !== id) {
      if (this.answers.ttlSec !== ttl) this.answers = this.cacheFor(ttl);
      const o = this.options;
      const env: AsyncEnv = {
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        cache: this.cache,
        ...this.scheduling,
        stats: this.stats,
        transport: o.transport,
        clock: this.clock,
        paused,
        substituteLists,
        ...(o.requestTimeoutMs !== undefined ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
        ...(o.timers ? { timers: o.timers } : {}),
        ...(o.batchWindowMs !== undefined ? { batchWindowMs: o.batchWindowMs } : {}),
        ...(settings.apiKey ? { onRejectedKey: this.keyRejected(settings.apiKey) } : {}),
      };
      this.current = { id, env };
    }
    return this.current.env;
  }

  /** Note in storage that the API rejected this key: the task pane shows it red. */
  private keyRejected(apiKey: string): () => void {
    const mark = rejectedMark(apiKey);
    return () =>
      void this.options.storage?.setItem(SETTING.keyRejected, mark).catch(() => undefined);
  }

  /** Run one function body in the shared env, for the cell at `run.address` (if known). */
  async run<T>(program: Program<T>, run: CellRun<T> = {}): Promise<T> {
    await this.ready;
    const shared = await this.env();
    const address = run.address;
    const token = address ? this.cells.start(address) : 0;
    const held = address ? this.reask.started(address) : null;
    const onCall = (call: ApiCall): void => {
      if (address) this.cells.called(address, token, call);
    };
    // This run's figures stood in for a failing API: when the oldest of them was stored.
    let staleFrom: number | null = null;
    const env: AsyncEnv = {
      ...shared,
      onStale: (_endpoint, storedAt) => {
        staleFrom = Math.min(staleFrom ?? storedAt, storedAt);
      },
    };
    try {
      // A re-ask whose round's first cell just failed again: its error, without asking.
      if (held) throw held;
      const value = await runAsync(program, env, {
        onCall,
        known: (call) => this.refusals.known(shared, call),
        onSettled: (call, outcome) => this.refusals.settled(shared, call, outcome),
        ...(run.signal ? { signal: run.signal } : {}),
      });
      // A cell showing old figures counts among the cells to refresh once the API answers.
      const failed = (run.showsError?.(value) ?? false) || staleFrom !== null;
      if (address && !run.signal?.aborted) {
        this.cells.settled(address, token, failed);
        this.reask.settled(address, null);
        if (staleFrom !== null) this.staleCells.set(address, staleFrom);
        else this.staleCells.delete(address);
      }
      return value;
    } catch (e) {
      if (!address || run.signal?.aborted) throw e;
      this.cells.settled(address, token, true);
      throw this.reask.settled(address, e) ?? e;
    }
  }

  /**
   * Make these cells' next run ask the API: their cached answers stop being fresh (they stay
   * the last good answers while the API fails). A refresh joins the one just made: a cell
   * still running, or renewed by a refresh within REFRESH_JOIN_MS and answered since, is not
   * asked again (25 quick clicks on Refresh sent 51 requests for 2 cells); nor is one the API
   * refused (a 400) for the same arguments (refusals.ts). The first refresh after a cell's own
   * run always renews it: the seller asked for fresh figures.
   */
  async forget(cells: readonly TrackedCell[]): Promise<void> {
    const env = await this.env();
    // Live calls paused: a refresh re-runs the cells from the cache, it must not empty it.
    if (env.paused) return;
    const now = this.clock.now();
    for (const cell of cells) {
      if (cell.running) continue;
      const last = this.refreshedAt.get(cell.address);
      const joined =
        last !== undefined &&
        now - last < REFRESH_JOIN_MS &&
        cell.calls.every((call) => answeredSince(env, call, last));
      if (joined) continue;
      this.refreshedAt.set(cell.address, now);
      for (const call of cell.calls) forgetCall(env, call);
    }
  }

  /**
   * What the task pane says while cells show figures a failing API could not renew: from when
   * ("showing figures from 14:05; the API is not answering"), null when none does.
   */
  staleNote(): string | null {
    if (this.staleCells.size === 0) return null;
    const oldest = Math.min(...this.staleCells.values());
    const cells = this.staleCells.size;
    return staleWords(oldest, cells, this.clock.now());
  }

  /** Cells whose answers are no longer (all) within the cache time. */
  async olderThanCacheTime(): Promise<TrackedCell[]> {
    const env = await this.env();
    return this.cells
      .all()
      .filter((c) => !c.failed && c.calls.some((call) => !answeredWithinCacheTime(env, call)));
  }

  /** The scheduler of the current key at a glance (null before its first call). */
  async schedulerStatus(): Promise<SchedulerStatus> {
    return schedulerFor(await this.env()).status();
  }

  /**
   * Is the queue moving? A cell still queued behind it is healthy: a request went out or came
   * back in the last two minutes, or the quota (or a 429 pause) frees a slot within two.
   */
  async progressing(): Promise<boolean> {
    const s = await this.schedulerStatus();
    const now = this.clock.now();
    if (s.queuedCalls === 0) return false;
    if (now - s.lastActivityAt < 120_000) return true;
    const next = Math.max(s.quota?.nextSlotAt ?? now, s.quota?.pausedUntil ?? now);
    return next - now < 120_000;
  }

  /** Drop every cached answer (memory and storage) and every remembered refusal. */
  async clearCache(): Promise<void> {
    this.refusals.clear();
    this.staleCells.clear();
    this.refreshedAt.clear();
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
