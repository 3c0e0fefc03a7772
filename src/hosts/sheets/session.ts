/**
 * One execution's wiring: settings, key, cache, limiter and transport from Apps Script, and
 * `runProgram`, which drives a catalog body with runSync under the custom-function deadline.
 */
import {
  ApiError,
  ResponseCache,
  isApiError,
  normaliseBaseUrl,
  redactKey,
  runSync,
  type Program,
  type SyncClock,
  type SyncEnv,
} from "../../core";
import { gas } from "./gas";
import { sheetsRateLimiter } from "./rateLimit";
import { CacheServiceStore, UserSettingsStore } from "./stores";
import { urlFetchTransport } from "./transport";

declare const __MKT_BASE_URL__: string | undefined;

/** Base URL the build was made for (MKT_BASE_URL), the default until the user changes it. */
export const DEFAULT_BASE_URL =
  typeof __MKT_BASE_URL__ === "string" ? __MKT_BASE_URL__ : "http://localhost:8787";

/** A custom function has 30 s; stop waiting and answer by 25 s. */
export const CELL_BUDGET_MS = 25_000;

/** What every cell says without a key. */
export const NO_KEY_MESSAGE = "No API key: open Extensions > Marketplace Profit > Settings";

const GENERATION_KEY = "mkt:cache-generation";

/** The Apps Script clock: Date.now and a blocking sleep. */
export function appsScriptClock(): SyncClock {
  return { now: () => Date.now(), sleep: (ms) => gas().Utilities.sleep(ms) };
}

export function userSettings(): UserSettingsStore {
  return new UserSettingsStore(gas().PropertiesService.getUserProperties(), DEFAULT_BASE_URL);
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
}

/** Run a body against the API as the current user; errors come out as Error(message) without the key. */
export function runProgram<T>(program: Program<T>, options: RunOptions = {}): T {
  const settings = userSettings();
  const apiKey = options.apiKey ?? settings.apiKey();
  if (!apiKey) throw new Error(NO_KEY_MESSAGE);
  const clock = appsScriptClock();
  try {
    const { baseUrl, cacheMinutes } = settings.settings();
    const store = cacheStore();
    const env: SyncEnv = {
      baseUrl: normaliseBaseUrl(baseUrl),
      apiKey,
      transport: urlFetchTransport(gas().UrlFetchApp),
      clock,
      deadline: clock.now() + (options.budgetMs ?? CELL_BUDGET_MS),
      limiter: sheetsRateLimiter(limiterStore(), () => gas().LockService.getScriptLock(), clock),
      ...(options.noCache
        ? {}
        : {
            cache: new ResponseCache({
              store,
              clock,
              ttlSec: cacheMinutes * 60,
              namespace: `mpc1g${cacheGeneration(store)}`,
            }),
          }),
    };
    return runSync(program, env);
  } catch (err) {
    throw new Error(messageOf(err, apiKey));
  }
}

/** A short message for a cell or the sidebar, with the key blanked out. */
export function messageOf(err: unknown, apiKey: string | null): string {
  if (isApiError(err)) return redactKey(err, apiKey).message;
  const text = err instanceof Error ? err.message : String(err);
  return apiKey && apiKey.length >= 4 ? text.split(apiKey).join("***") : text;
}

/** Requests left this minute for the saved key. */
export function requestsLeft(): number {
  const apiKey = userSettings().apiKey();
  if (!apiKey) throw new ApiError("NO_KEY", NO_KEY_MESSAGE);
  return sheetsRateLimiter(
    limiterStore(),
    () => gas().LockService.getScriptLock(),
    appsScriptClock(),
  ).remaining(apiKey);
}
