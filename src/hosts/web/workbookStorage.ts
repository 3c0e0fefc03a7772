/**
 * Where the web demo's workbook lives between visits: the browser's IndexedDB (through
 * idb-keyval), which the browser sizes to the free disk, where localStorage keeps about 5 M
 * characters per site (a team's 10,000-product workbook with two snapshots is several times
 * that). localStorage keeps what is small: the settings, the API key (localSettings.ts, never
 * in the workbook) and a budget of cached answers. A workbook an older page kept in
 * localStorage moves to IndexedDB on the first load, once, and leaves localStorage only after
 * IndexedDB has it.
 */
import { createStore, get, set } from "idb-keyval";

/** Where pages before IndexedDB kept the workbook (localStorage). */
export const LEGACY_WORKBOOK_ITEM = "mkt.web.workbook";

/**
 * Room the cached answers may take in localStorage (the cache counts UTF-8 bytes, one per
 * character of its JSON): a fifth of its ~5 M characters, so the settings always fit.
 */
export const WEB_CACHE_BUDGET = 1024 * 1024;

/** Warn the seller from this share of what the browser grants the site. */
export const WARN_AT_SHARE = 0.8;

/** The workbook's text (Univer's snapshot as JSON) in a key-value store. */
export interface WorkbookStore {
  read(): Promise<string | null>;
  /** Rejects when the browser refuses (QuotaExceededError when its storage is full). */
  write(text: string): Promise<void>;
}

/** The workbook in IndexedDB: database "mkt-web", store "workbook", one entry. */
export function indexedDbWorkbook(): WorkbookStore {
  const store = createStore("mkt-web", "workbook");
  return {
    read: async () => {
      const value: unknown = await get("current", store);
      return typeof value === "string" ? value : null;
    },
    write: (text) => set("current", text, store),
  };
}

/** How the last saves of the workbook went, for the page's banners and Diagnostics. */
export interface WorkbookSaveState {
  /** When the workbook was last kept (ms), or null when it never was this visit. */
  savedAt: number | null;
  /** When the last save failed (ms), or null when the last save worked. */
  failedAt: number | null;
  /** Characters of the last workbook the page tried to keep. */
  workbookChars: number;
  /** How long the last save took, from the snapshot to IndexedDB's commit (ms). */
  saveMs: number | null;
  /** How long reading the saved workbook took when the page opened (ms). */
  loadMs: number | null;
  /** What the browser said the site uses and may use (bytes), after the last save. */
  usage: number | null;
  quota: number | null;
}

export function newSaveState(): WorkbookSaveState {
  return {
    savedAt: null,
    failedAt: null,
    workbookChars: 0,
    saveMs: null,
    loadMs: null,
    usage: null,
    quota: null,
  };
}

/** The saved workbook when the page opens, and where it came from. */
export interface LoadedWorkbook {
  readonly text: string | null;
  /** "moved": it was in localStorage and is in IndexedDB now; "kept": moving it failed. */
  readonly from: "indexedDb" | "moved" | "kept" | "none";
}

/**
 * The saved workbook: IndexedDB's, else localStorage's (an older page's), which is moved to
 * IndexedDB and removed from localStorage only once IndexedDB has it. When IndexedDB cannot
 * be read or written, localStorage's stays where it is (the next load tries again).
 */
export async function loadSavedWorkbook(
  store: WorkbookStore,
  legacy: Pick<Storage, "getItem" | "removeItem"> | null,
): Promise<LoadedWorkbook> {
  const old = legacy?.getItem(LEGACY_WORKBOOK_ITEM) ?? null;
  let saved: string | null;
  try {
    saved = await store.read();
  } catch {
    return { text: old, from: old === null ? "none" : "kept" };
  }
  if (saved !== null) {
    // Moved on an earlier load that stopped before it could remove the old copy.
    if (old !== null) legacy?.removeItem(LEGACY_WORKBOOK_ITEM);
    return { text: saved, from: "indexedDb" };
  }
  if (old === null) return { text: null, from: "none" };
  try {
    await store.write(old);
    if ((await store.read()) !== old) return { text: old, from: "kept" };
  } catch {
    return { text: old, from: "kept" };
  }
  legacy?.removeItem(LEGACY_WORKBOOK_ITEM);
  return { text: old, from: "moved" };
}

/** Megabytes, as the banners and Diagnostics say them ("4.9"). */
export function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}

/** "14.2 M characters", "40 thousand characters". */
export function characters(n: number): string {
  return n >= 100_000
    ? `${megabytes(n)} M characters`
    : `${Math.max(1, Math.round(n / 1000))} thousand characters`;
}

/**
 * What the browser grants the site and what it uses (navigator.storage.estimate), or null
 * where the browser does not say.
 */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const e = await navigator.storage?.estimate?.();
    return e && typeof e.usage === "number" && typeof e.quota === "number" && e.quota > 0
      ? { usage: e.usage, quota: e.quota }
      : null;
  } catch {
    return null;
  }
}

/** The warning above the grid from 80 % of what the browser grants, or null below it. */
export function storageWarning(usage: number, quota: number, workbookChars: number): string | null {
  if (quota <= 0 || usage < WARN_AT_SHARE * quota) return null;
  const share = Math.min(100, Math.floor((usage / quota) * 100));
  return (
    `The browser's storage for this site is ${share} % full (${megabytes(usage)} of ` +
    `${megabytes(quota)} MB; this workbook is about ${characters(workbookChars)}). ` +
    "When it is full, changes can no longer be saved. Delete sheets you no longer need (older " +
    "Pricing, Price history or import sheets), or copy what you need into another spreadsheet; " +
    "freeing disk space on this computer also gives the site more room."
  );
}
