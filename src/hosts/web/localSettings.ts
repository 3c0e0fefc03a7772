/**
 * Settings of the web demo in localStorage. Only the demo keeps the key there (the page is
 * local and has no workbook); the Sheets and Excel hosts use their per-user stores.
 */
import type { SettingsStorage } from "../shared/asyncBridge";

/** localStorage as the bridge's per-user settings store. */
export function localSettings(storage: Storage = window.localStorage): SettingsStorage {
  return {
    get: async (name) => storage.getItem(name),
    set: async (name, value) => storage.setItem(name, value),
    remove: async (name) => storage.removeItem(name),
  };
}
