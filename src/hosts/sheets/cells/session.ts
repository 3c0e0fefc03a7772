/**
 * One execution's wiring: settings, key, cache, limiter and transport from Apps Script, and
 * `runProgram`, which drives a catalog body with runSync under the custom-function deadline.
 */
import type { ProfitBasis } from "../../../functions/basis";
import {
  ApiError,
  ResponseCache,
  isApiError,
  isWaitingForQuota,
  normaliseBaseUrl,
  redactKey,
  runSync,
  type Program,
  type SyncClock,
  type SyncEnv,
} from "../../../core";
import { isKeyThrottled, messageOf as plainMessage } from "../../../core/errors";
import { keepFor, type RequestShare } from "../../../core/schedule/jobShare";
import { inPlaces, KEY_PAGE } from "../../../core/places";
import { SHEETS_PLACES } from "../places";
import { cacheOwner } from "../../../core/callPlan";
import { addCacheCounts } from "../stores/cacheStats";
import { FreshAfterCache } from "../fill/freshCache";
import { gas } from "../stores/gas";
import { propertiesSnapshot } from "../stores/propertiesSnapshot";
import { ReadAheadStore } from "../fill/readAhead";
import { sheetsBreaker, sheetsQuota } from "../stores/rateLimit";
import { CacheServiceStore, UserSettingsStore } from "../stores/stores";
import { urlFetchTransport } from "../stores/transport";
import { chainOf } from "../fill/clock";
import { sheetsCellBook } from "./cellBook";

/** The basis with the document's cost book, where the seller turned it on for cells. */
function withCellBook(basis: ProfitBasis): ProfitBasis {
  const costBook = sheetsCellBook();
  return costBook ? { ...basis, costBook } : basis;
}

declare const __MKT_BASE_URL__: string | undefined;

/** Base URL the build was made for (MKT_BASE_URL), the default until the user changes it. */
export const DEFAULT_BASE_URL =
  typeof __MKT_BASE_URL__ === "string" ? __MKT_BASE_URL__ : "http://localhost:8787";

/**
 * A custom function has 30 s. No wait may end after 15 s: what follows a wait (the request,
 * the shared quota's and breaker's updates under the script lock, registering a waiting cell)
 * must still fit, even when 30 cells queue for the lock; a cell stopped at 30 s would show an
 * error until the seller refreshes it.
 */
export const CELL_BUDGET_MS = 15_000;

/** Where the seller changes the key and the base URL. */
export const SETTINGS_PATH = SHEETS_PLACES.settings;

/** What every cell says without a key. */
export const NO_KEY_MESSAGE = `No API key: open ${SETTINGS_PATH}`;

const GENERATION_KEY = "mkt:cache-generation";

/**
 * CacheService keeps about 1,000 items: a batch call may write one entry per id up to one
 * request's worth (100 ids); a larger range is cached as one entry, so it cannot evict the
 * rest of the document's cache.
 */
export const MAX_PER_ID_ENTRIES = 100;

/** The Apps Script clock: Date.now and a blocking sleep. */
export function appsScriptClock(): SyncClock {
  return { now: () => Date.now(), sleep: (ms) => gas().Utilities.sleep(ms) };
}

export function userSettings(): UserSettingsStore {
  return new UserSettingsStore(
    propertiesSnapshot(gas().PropertiesService.getUserProperties()),
    DEFAULT_BASE_URL,
  );
}

/** The response cache of this document (script cache where there is no document). */
export function cacheStore(): CacheServiceStore {
  const service = gas().CacheService;
  return new CacheServiceStore(service.getDocumentCache() ?? service.getScriptCache());
}

/** The rate-limit state is per key across documents: the script cache. */
export function limiterStore(): CacheServiceStore {
  return new CacheServiceStore(gas().CacheService.getScriptCache());
}

/** Start afresh: later reads use a new namespace, so old entries are never seen again. */
export function bumpCacheGeneration(): void {
  cacheStore().put(GENERATION_KEY, Date.now().toString(36), 6 * 60 * 60);
}

function cacheGeneration(store: CacheServiceStore): string {
  return store.get(GENERATION_KEY) ?? "0";
}

export interface RunOptions {
  /** Use this key instead of the saved one (verifying a new key). */
  readonly apiKey?: string;
  /** Skip the response cache (verifying a key, refreshing). */
  readonly noCache?: boolean;
  /** Time budget, ms (custom functions 25 s; sidebar calls may take longer). */
  readonly budgetMs?: number;
  /** Ignore cached answers stored before this time (ms): the cell was refreshed then. */
  readonly freshAfter?: number;
  /** A job's requests leave formula cells their room in the quota (core/schedule/jobShare.ts). */
  readonly share?: RequestShare;
}

/** One execution's way to the API: the driver env and what it was made of. */
export interface Session {
  readonly env: SyncEnv;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly store: CacheServiceStore;
  /** The response cache's store: prime it to plan many calls in one round trip. */
  readonly readAhead: ReadAheadStore;
  readonly cache: ResponseCache | undefined;
  readonly clock: SyncClock;
  /** The seller's profit basis: every function of this execution runs on it. */
  readonly basis: ProfitBasis;
  /** What goes on after the trigger run filling now (fill/clock.ts; read with the settings). */
  readonly fillChain: "minutes" | "hourly" | "none" | null;
  /** The filler's trigger minutes for today are spent (read with the settings). */
  readonly triggerBudgetSpent: boolean;
  /** Today's re-runs of cells are used up until then (ms; read with the settings), or null. */
  readonly rerunsSpentUntil: number | null;
}

/**
 * The env for this user's key, settings and caches (throws the no-key message without a key).
 * A trigger run passes the settings it read once (one Properties call a run, not a pass).
 */
export function openSession(
  options: RunOptions = {},
  settings: UserSettingsStore = userSettings(),
): Session {
  const apiKey = options.apiKey ?? settings.apiKey();
  // An ApiError, not a plain Error: a job's step must fail on it, not wait it out as a
  // connection that did not answer (a plain Error became "Could not reach the API").
  if (!apiKey) throw new ApiError("NO_KEY", NO_KEY_MESSAGE);
  const clock = appsScriptClock();
  const { baseUrl, cacheMinutes, listAnswers } = settings.settings();
  const store = cacheStore();
  const readAhead = new ReadAheadStore(store);
  const cacheOptions = {
    store: readAhead,
    clock,
    ttlSec: cacheMinutes * 60,
    namespace: `mpc1g${cacheGeneration(store)}`,
    maxPerIdEntries: MAX_PER_ID_ENTRIES,
  };
  const cache = options.noCache
    ? undefined
    : options.freshAfter
      ? new FreshAfterCache(cacheOptions, options.freshAfter)
      : new ResponseCache(cacheOptions);
  const lock = () => gas().LockService.getScriptLock();
  const env: SyncEnv = {
    baseUrl: normaliseBaseUrl(baseUrl),
    apiKey,
    transport: urlFetchTransport(gas().UrlFetchApp),
    clock,
    deadline: clock.now() + (options.budgetMs ?? CELL_BUDGET_MS),
    quota: sheetsQuota(limiterStore(), lock, clock),
    breaker: sheetsBreaker(limiterStore(), lock, clock),
    // A job asks its own endpoints, as its plan counts them: several of its batches sent
    // together (a fetchAll group) must not become a shop-wide list's pages instead.
    substituteLists: listAnswers && options.share !== "job",
    ...(options.share ? { share: options.share } : {}),
    ...(cache ? { cache } : {}),
    onRejectedKey() {
      // A key on trial (Check and save) marks nothing: the saved key's status stays its own.
      if (apiKey !== settings.apiKey()) return;
      // A run without the cache (an import) still stops the cells' cached answers.
      if (!cache)
        new ResponseCache(cacheOptions).forgetKey(
          cacheOwner({ apiKey, baseUrl: normaliseBaseUrl(baseUrl) }),
        );
      try {
        settings.markRejected(apiKey); // the sidebar shows the key red
      } catch {
        // A run that may not write user properties still shows the cell's message.
      }
    },
  };
  return {
    env,
    apiKey,
    baseUrl,
    store,
    readAhead,
    cache,
    clock,
    basis: withCellBook(settings.basis()),
    fillChain: chainOf(settings.fillChain()),
    triggerBudgetSpent: settings.triggerBudgetSpent(clock.now()),
    rerunsSpentUntil: settings.rerunsSpentUntil(clock.now()),
  };
}

/** This execution's cache counters die with it: add them to the document's running totals. */
export function closeSession(session: Session): void {
  if (session.cache) addCacheCounts(session.store, session.cache.stats);
}

/**
 * Run a body against the API as the current user; errors come out as Error(message) without
 * the key. WaitingForQuota passes through for the caller to queue the work.
 */
export function runProgram<T>(program: Program<T>, options: RunOptions = {}): T {
  const session = openSession(options);
  try {
    return runSync(program, session.env);
  } catch (err) {
    if (isWaitingForQuota(err)) throw err;
    const message = messageOf(err, session.apiKey, session.baseUrl);
    // An API's failure keeps its kind (a job waits out a passing one: src/sidebar/jobs/).
    throw isApiError(err) ? err.withMessage(message) : new Error(message);
  } finally {
    closeSession(session);
  }
}

/**
 * A short message for a cell or the sidebar, with the key blanked out. The core says
 * "Settings"; here the seller is told where that is in Sheets, and which address failed.
 */
export function messageOf(err: unknown, apiKey: string | null, baseUrl?: string): string {
  if (isApiError(err)) {
    if (err.code === "NETWORK" && baseUrl !== undefined) {
      return `Could not reach the API at ${shownUrl(baseUrl)}: check your connection or the API address in ${SETTINGS_PATH}`;
    }
    if (err.code === "AUTH" && !isKeyThrottled(err)) {
      return `API key rejected (invalid, revoked or expired): create a new key in ${KEY_PAGE} and paste it in ${SETTINGS_PATH}`;
    }
    return inPlaces(redactKey(err, apiKey).message, SHEETS_PLACES);
  }
  const text = plainMessage(err);
  const safe = apiKey && apiKey.length >= 4 ? text.split(apiKey).join("***") : text;
  return inPlaces(safe, SHEETS_PLACES);
}

/** A base URL as a seller may see it: no user name or password, however it was typed. */
function shownUrl(baseUrl: string): string {
  return baseUrl.replace(/\/\/[^/@]*@/, "//");
}

/**
 * Requests a job may send at once now for the saved key: the free slots of its share of the
 * quota (what a fetchAll group of a job's step may hold without waiting). 0 without a key.
 */
export function jobRoom(): number {
  const apiKey = userSettings().apiKey();
  if (!apiKey) return 0;
  const quota = sheetsQuota(
    limiterStore(),
    () => gas().LockService.getScriptLock(),
    appsScriptClock(),
  );
  return Math.max(0, quota.remaining(apiKey) - keepFor("job", quota.limit));
}

/** Requests left this minute for the saved key. */
export function requestsLeft(): number {
  const apiKey = userSettings().apiKey();
  if (!apiKey) throw new ApiError("NO_KEY", NO_KEY_MESSAGE);
  return sheetsQuota(
    limiterStore(),
    () => gas().LockService.getScriptLock(),
    appsScriptClock(),
  ).remaining(apiKey);
}
