/**
 * Where the web demo's workbook lives between visits: the browser's storage, which it shares
 * with the answers the cells' cache keeps there. The seller's workbook comes first.
 */
import { CACHE_ITEM_PREFIX } from "../shared/persistedStore";

export const WORKBOOK_ITEM = "mkt.web.workbook";

/** Remove the API answers kept in the browser's storage (the page keeps them in memory). */
function dropCachedAnswers(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "");
  for (const key of keys) if (key.startsWith(CACHE_ITEM_PREFIX)) storage.removeItem(key);
}

/**
 * Keep the workbook's text; when the storage is full, cached answers make room first. False
 * when the workbook alone does not fit.
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
