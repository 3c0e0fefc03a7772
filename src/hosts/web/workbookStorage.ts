/**
 * Where the web demo's workbook lives between visits: the browser's storage, which it shares
 * with the answers the cells' cache keeps there. The seller's workbook comes first: cached
 * answers keep to a small budget, and go entirely when the workbook needs their room.
 */
import { CACHE_ITEM_PREFIX } from "../shared/persistedStore";

export const WORKBOOK_ITEM = "mkt.web.workbook";

/**
 * What Chromium and Firefox keep per origin: 10 MiB of UTF-16, about 5.2 M characters (keys
 * count too). Safari keeps about the same.
 */
export const STORAGE_LIMIT_CHARS = 5 * 1024 * 1024;

/**
 * Room the cached answers may take (the cache counts UTF-8 bytes, one per character of its
 * JSON): a fifth of the browser's storage, so the workbook has the rest.
 */
export const WEB_CACHE_BUDGET = 1024 * 1024;

/** How the last saves of the workbook went, for the page's banner and Diagnostics. */
export interface WorkbookSaveState {
  /** When the workbook was last kept (ms), or null when it never was this visit. */
  savedAt: number | null;
  /** When the last save failed (ms), or null when the last save worked. */
  failedAt: number | null;
  /** Characters of the last workbook the page tried to keep. */
  workbookChars: number;
  /** Characters the site's other items took when the last save failed (the cache's went first). */
  othersChars: number;
}

export function newSaveState(): WorkbookSaveState {
  return { savedAt: null, failedAt: null, workbookChars: 0, othersChars: 0 };
}

/** Characters the origin's storage holds now (keys and values), and the cache's part of it. */
export function storageUse(storage: Pick<Storage, "getItem" | "key" | "length">): {
  total: number;
  cache: number;
} {
  let total = 0;
  let cache = 0;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i) ?? "";
    const chars = key.length + (storage.getItem(key)?.length ?? 0);
    total += chars;
    if (key.startsWith(CACHE_ITEM_PREFIX)) cache += chars;
  }
  return { total, cache };
}

/** Remove the API answers kept in the browser's storage (the page keeps them in memory). */
function dropCachedAnswers(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "");
  for (const key of keys) if (key.startsWith(CACHE_ITEM_PREFIX)) storage.removeItem(key);
}

/**
 * Keep the workbook's text; when the storage is full, cached answers make room first. False
 * when the workbook does not fit even then.
 */
export function storeWorkbook(storage: Storage, text: string): boolean {
  for (const attempt of [1, 2]) {
    try {
      storage.setItem(WORKBOOK_ITEM, text);
      return true;
    } catch {
      if (attempt === 1) dropCachedAnswers(storage);
    }
  }
  return false;
}

/** Megabytes of characters, as the banner and Diagnostics say them ("4.9"). */
export function millions(chars: number): string {
  return (chars / 1_000_000).toFixed(1);
}
