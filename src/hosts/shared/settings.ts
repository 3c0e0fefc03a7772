/**
 * The user's API key and API address. They live in OfficeRuntime.storage only: per user and
 * machine, never in the workbook (document settings and custom properties are saved in the
 * file and travel with it).
 */
import { normaliseBaseUrl } from "../../core/baseUrl";
import { readBasis, type ProfitBasis } from "../../functions/basis";
import type { OfficeStorage } from "./officeGlobals";
import { SETTING } from "./asyncSettings";
import { rejectedMark } from "./keyStatus";

export const API_KEY_ITEM = "mkt.apiKey";
export const BASE_URL_ITEM = "mkt.baseUrl";
/** "off" while the seller paused live calls (cells answer from the cache). */
export const LIVE_CALLS_ITEM = "mkt.liveCalls";
/** How long answers stay fresh (seconds), as the task pane saves it. */
export const CACHE_TTL_ITEM = "mkt.cacheTtlSec";
/** "off" when the seller turned off "Answer many product cells from shop-wide lists". */
export const LIST_ANSWERS_ITEM = "mkt.listAnswers";
/** The profit basis, as the task pane saves it ("off": output VAT not counted). */
export const COUNT_VAT_ITEM = "mkt.countVat";
export const SALES_WINDOW_ITEM = "mkt.salesWindowDays";

/** What the functions need to reach the API. */
export interface ExcelSettings {
  readonly apiKey: string | null;
  /** Normalised base URL; the build's default until the user sets one. */
  readonly baseUrl: string;
  /** False while the seller paused live calls. */
  readonly liveCalls?: boolean;
  /** "Answer many product cells from shop-wide lists" (default on). */
  readonly listAnswers?: boolean;
  /** The seller's cache time in seconds, when set. */
  readonly cacheTtlSec?: number;
  /** The seller's profit basis (the add-in's default until set). */
  readonly basis?: ProfitBasis;
  /** The API rejected this key (the task pane or a cell saw a 401): its answers are not served. */
  readonly keyRejected?: boolean;
}

/** Read both settings; an unusable stored base URL falls back to the default. */
export async function readSettings(
  storage: OfficeStorage,
  defaultBaseUrl: string,
): Promise<ExcelSettings> {
  const items = await storage.getItems([
    API_KEY_ITEM,
    BASE_URL_ITEM,
    LIVE_CALLS_ITEM,
    LIST_ANSWERS_ITEM,
    CACHE_TTL_ITEM,
    COUNT_VAT_ITEM,
    SALES_WINDOW_ITEM,
    SETTING.keyRejected,
  ]);
  const ttl = Number(items[CACHE_TTL_ITEM]);
  const apiKey = items[API_KEY_ITEM]?.trim() || null;
  const stored = items[BASE_URL_ITEM];
  let baseUrl = defaultBaseUrl;
  if (stored) {
    try {
      baseUrl = normaliseBaseUrl(stored);
    } catch {
      baseUrl = defaultBaseUrl;
    }
  }
  return {
    apiKey,
    keyRejected: apiKey !== null && items[SETTING.keyRejected] === rejectedMark(apiKey),
    baseUrl,
    liveCalls: items[LIVE_CALLS_ITEM] !== "off",
    listAnswers: items[LIST_ANSWERS_ITEM] !== "off",
    basis: readBasis(items[COUNT_VAT_ITEM], items[SALES_WINDOW_ITEM]),
    ...(Number.isFinite(ttl) && ttl > 0 ? { cacheTtlSec: ttl } : {}),
  };
}

/** Save the key (trimmed). An empty key removes it. */
export async function saveApiKey(storage: OfficeStorage, apiKey: string): Promise<void> {
  const key = apiKey.trim();
  if (key === "") await storage.removeItem(API_KEY_ITEM);
  else await storage.setItem(API_KEY_ITEM, key);
}

/** Validate and save the base URL; throws the core's CONFIG error when it is unusable. */
export async function saveBaseUrl(storage: OfficeStorage, raw: string): Promise<string> {
  const baseUrl = normaliseBaseUrl(raw);
  await storage.setItem(BASE_URL_ITEM, baseUrl);
  return baseUrl;
}
