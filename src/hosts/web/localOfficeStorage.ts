/**
 * localStorage in the shape of OfficeRuntime.storage, so the web demo runs its cells in the
 * same session as Excel's custom functions (settings and the persisted answer cache). Writes
 * past the browser's quota are dropped: the cache is a help, the memory copy still answers.
 */
import type { OfficeStorage } from "../shared/officeGlobals";

/** OfficeStorage over a Web Storage object. */
export function localOfficeStorage(storage: Storage = window.localStorage): OfficeStorage {
  const set = (key: string, value: string): void => {
    try {
      storage.setItem(key, value);
    } catch {
      // Quota exceeded: keep going with what is in memory.
    }
  };
  return {
    getItem: async (key) => storage.getItem(key),
    setItem: async (key, value) => set(key, value),
    removeItem: async (key) => storage.removeItem(key),
    getItems: async (keys) => Object.fromEntries(keys.map((k) => [k, storage.getItem(k)])),
    setItems: async (entries) => {
      for (const [k, v] of Object.entries(entries)) set(k, v);
    },
    removeItems: async (keys) => {
      for (const k of keys) storage.removeItem(k);
    },
    getKeys: async () => Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? ""),
  };
}
