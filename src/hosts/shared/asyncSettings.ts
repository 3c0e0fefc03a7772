/**
 * The per-user settings of an async host (Excel: OfficeRuntime.storage; web: localStorage):
 * never the document, because the key must not travel with the file.
 */
import { normaliseBaseUrl } from "../../core/baseUrl";
import { rejectedMark } from "./keyStatus";
import { readBasis, type ProfitBasis } from "../../functions/basis";

/** Per-user settings storage. */
export interface SettingsStorage {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
}

/** Setting names; the key and base URL names match the Excel functions runtime's. */
export const SETTING = {
  apiKey: "mkt.apiKey",
  baseUrl: "mkt.baseUrl",
  cacheTtlSec: "mkt.cacheTtlSec",
  typedShops: "mkt.typedShops",
  /** "off": answer product cells from their own endpoints only (Excel reads it too). */
  listAnswers: "mkt.listAnswers",
  /** The profit basis ("off": output VAT not counted); Excel's functions read the same items. */
  countVat: "mkt.countVat",
  salesWindowDays: "mkt.salesWindowDays",
  /** The API rejected the saved key (401/403): a hash of that key, never the key. */
  keyRejected: "mkt.keyRejected",
} as const;

/** How long cached answers stay fresh unless the seller chose otherwise. */
export const DEFAULT_TTL_SEC = 600;

/** The settings as read (the key trimmed; an unusable base URL falls back to the default). */
export interface AsyncSettings {
  readonly apiKey: string | null;
  readonly baseUrl: string;
  readonly ttl: number;
  readonly listAnswers: boolean;
  readonly basis: ProfitBasis;
  /** The API rejected the saved key since it was saved (the key's status shows red). */
  readonly keyRejected: boolean;
}

/** Read every setting at once. */
export async function readAsyncSettings(
  storage: SettingsStorage,
  defaultBaseUrl: string,
): Promise<AsyncSettings> {
  const [apiKey, rawBase, rawTtl, rawLists, rawVat, rawWindow, rejected] = await Promise.all([
    storage.get(SETTING.apiKey),
    storage.get(SETTING.baseUrl),
    storage.get(SETTING.cacheTtlSec),
    storage.get(SETTING.listAnswers),
    storage.get(SETTING.countVat),
    storage.get(SETTING.salesWindowDays),
    storage.get(SETTING.keyRejected),
  ]);
  let baseUrl = defaultBaseUrl;
  try {
    if (rawBase) baseUrl = normaliseBaseUrl(rawBase);
  } catch {
    baseUrl = defaultBaseUrl;
  }
  const ttl = Number(rawTtl);
  const key = apiKey?.trim() || null;
  return {
    apiKey: key,
    keyRejected: key !== null && rejected === rejectedMark(key),
    baseUrl,
    ttl: Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_TTL_SEC,
    listAnswers: rawLists !== "off",
    basis: readBasis(rawVat, rawWindow),
  };
}
