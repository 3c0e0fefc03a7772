/**
 * The minimal task pane: paste the API key, set the API address, clear the cache. The key
 * goes to OfficeRuntime.storage only (never document settings, which travel with the
 * workbook) and is never shown again, logged or put in the page.
 */
import { officeStorage } from "./officeGlobals";
import { runtimeHandle } from "./runtimeHandle";
import { API_KEY_ITEM, BASE_URL_ITEM, saveApiKey, saveBaseUrl } from "./settings";

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`task pane element #${id} is missing`);
  return found as T;
}

function say(text: string, isError = false): void {
  const status = element<HTMLParagraphElement>("status");
  status.textContent = text;
  status.className = isError ? "error" : "ok";
}

async function showCurrent(): Promise<void> {
  const storage = officeStorage();
  if (!storage)
    return say("Open this page from Excel: OfficeRuntime.storage is not available.", true);
  const items = await storage.getItems([API_KEY_ITEM, BASE_URL_ITEM]);
  element<HTMLInputElement>("baseUrl").value = items[BASE_URL_ITEM] ?? "";
  say(
    items[API_KEY_ITEM]
      ? "A key is saved on this computer."
      : "No key yet: paste yours and press Save.",
  );
}

async function save(): Promise<void> {
  const storage = officeStorage();
  if (!storage) return say("OfficeRuntime.storage is not available.", true);
  const keyInput = element<HTMLInputElement>("apiKey");
  const baseUrl = element<HTMLInputElement>("baseUrl").value.trim();
  try {
    if (baseUrl !== "") await saveBaseUrl(storage, baseUrl);
    if (keyInput.value.trim() !== "") await saveApiKey(storage, keyInput.value);
    keyInput.value = ""; // never keep the key in the page
    runtimeHandle()?.reloadSettings();
    say("Saved. Recalculate (Ctrl+Alt+F9) to refresh your formulas.");
  } catch (e) {
    say(e instanceof Error ? e.message : String(e), true);
  }
}

async function forgetKey(): Promise<void> {
  const storage = officeStorage();
  if (!storage) return;
  await saveApiKey(storage, "");
  runtimeHandle()?.reloadSettings();
  say("Key removed from this computer.");
}

async function clearCache(): Promise<void> {
  const handle = runtimeHandle();
  if (!handle) return say("The functions runtime is not loaded in this pane.", true);
  await handle.clearCache();
  say("Cache cleared.");
}

/** Wire the form once the page (and Office, when present) is ready. */
function start(): void {
  element<HTMLFormElement>("settings").addEventListener("submit", (event) => {
    event.preventDefault();
    void save();
  });
  element<HTMLButtonElement>("forgetKey").addEventListener("click", () => void forgetKey());
  element<HTMLButtonElement>("clearCache").addEventListener("click", () => void clearCache());
  void showCurrent();
}

const office = (globalThis as { Office?: { onReady(cb: () => void): unknown } }).Office;
if (office) office.onReady(start);
else document.addEventListener("DOMContentLoaded", start);
