/**
 * The web demo's workbook moves from localStorage (older pages) to IndexedDB once, on the first
 * load, and leaves localStorage only when IndexedDB has it: a store that cannot be read or
 * written, or that gives back something else, keeps the old copy where it is. From 80 % of what
 * the browser grants, the page warns in words the seller can act on.
 */
import {
  LEGACY_WORKBOOK_ITEM,
  loadSavedWorkbook,
  storageWarning,
  type WorkbookStore,
} from "../../../../src/hosts/web/workbookStorage";

/** IndexedDB's part: a value, and switches for the ways a browser refuses. */
class FakeStore implements WorkbookStore {
  value: string | null = null;
  writes = 0;
  refuseRead = false;
  refuseWrite = false;
  /** A write that reports success but keeps nothing (a store cleared under the page). */
  forget = false;
  async read(): Promise<string | null> {
    if (this.refuseRead) throw new Error("UnknownError");
    return this.value;
  }
  async write(text: string): Promise<void> {
    this.writes += 1;
    if (this.refuseWrite) throw new DOMException("full", "QuotaExceededError");
    if (!this.forget) this.value = text;
  }
}

function legacyWith(
  text: string | null,
): Map<string, string> & Pick<Storage, "getItem" | "removeItem"> {
  const items = new Map<string, string>();
  if (text !== null) items.set(LEGACY_WORKBOOK_ITEM, text);
  items.set("mkt.apiKey", "mkta_pat_secret");
  return Object.assign(items, {
    getItem: (k: string) => items.get(k) ?? null,
    removeItem: (k: string) => void items.delete(k),
  });
}

const WORKBOOK = JSON.stringify({
  id: "wb",
  sheets: { s1: { cellData: { 0: { 0: { v: "x" } } } } },
});

test("an older page's workbook moves to IndexedDB once, then leaves localStorage; the key stays", async () => {
  const store = new FakeStore();
  const legacy = legacyWith(WORKBOOK);
  expect(await loadSavedWorkbook(store, legacy)).toEqual({ text: WORKBOOK, from: "moved" });
  expect(store.value).toBe(WORKBOOK);
  expect(legacy.getItem(LEGACY_WORKBOOK_ITEM)).toBeNull();
  expect(legacy.getItem("mkt.apiKey")).toBe("mkta_pat_secret");
  // The next load reads IndexedDB and writes nothing.
  expect(await loadSavedWorkbook(store, legacy)).toEqual({ text: WORKBOOK, from: "indexedDb" });
  expect(store.writes).toBe(1);
});

test("nothing is lost when IndexedDB refuses: the old copy stays and is used; the next load tries again", async () => {
  for (const fail of ["refuseRead", "refuseWrite", "forget"] as const) {
    const store = new FakeStore();
    store[fail] = true;
    const legacy = legacyWith(WORKBOOK);
    expect(await loadSavedWorkbook(store, legacy)).toEqual({ text: WORKBOOK, from: "kept" });
    expect(legacy.getItem(LEGACY_WORKBOOK_ITEM)).toBe(WORKBOOK);
    store[fail] = false;
    expect(await loadSavedWorkbook(store, legacy)).toEqual({ text: WORKBOOK, from: "moved" });
    expect(legacy.getItem(LEGACY_WORKBOOK_ITEM)).toBeNull();
  }
});

test("IndexedDB's workbook wins over a leftover old copy, which goes; no workbook anywhere is null", async () => {
  const store = new FakeStore();
  store.value = "newer";
  const legacy = legacyWith(WORKBOOK);
  expect(await loadSavedWorkbook(store, legacy)).toEqual({ text: "newer", from: "indexedDb" });
  expect(legacy.getItem(LEGACY_WORKBOOK_ITEM)).toBeNull();
  expect(store.writes).toBe(0);
  expect(await loadSavedWorkbook(new FakeStore(), legacyWith(null))).toEqual({
    text: null,
    from: "none",
  });
  expect(await loadSavedWorkbook(new FakeStore(), null)).toEqual({ text: null, from: "none" });
});

test("the warning starts at 80 % of what the browser grants and says what to do", () => {
  expect(storageWarning(79_999_999, 100_000_000, 14_000_000)).toBeNull();
  const warning = storageWarning(80_000_000, 100_000_000, 14_000_000);
  expect(warning).toMatch(
    /^The browser's storage for this site is 80 % full \(80\.0 of 100\.0 MB; this workbook is about 14\.0 M characters\)\./,
  );
  expect(warning).toMatch(
    /Delete sheets you no longer need \(older Pricing, Price history or import sheets\)/,
  );
  expect(storageWarning(150, 100, 1)).toMatch(/100 % full/);
  expect(storageWarning(0, 0, 0)).toBeNull();
});
