/**
 * The web demo keeps the seller's workbook before cached API answers: when the browser's
 * storage is full, the answers kept there go (the page still has them in memory) and the
 * workbook is saved; only a workbook too big on its own is reported.
 */
import { CACHE_ITEM_PREFIX } from "../../../../src/hosts/shared/persistedStore";
import { WORKBOOK_ITEM, storeWorkbook } from "../../../../src/hosts/web/workbookStorage";

/** Web Storage with a quota in characters, like a browser's ~5 M. */
class QuotaStorage implements Storage {
  private readonly items = new Map<string, string>();
  constructor(private readonly quota: number) {}
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
  clear(): void {
    this.items.clear();
  }
  setItem(k: string, v: string): void {
    const used = [...this.items].reduce(
      (n, [key, val]) => n + (key === k ? 0 : key.length + val.length),
      0,
    );
    if (used + k.length + v.length > this.quota) throw new Error("QuotaExceededError");
    this.items.set(k, v);
  }
}

test("a full storage drops the cached answers, never the seller's workbook", () => {
  const storage = new QuotaStorage(10_000);
  storage.setItem(`${CACHE_ITEM_PREFIX}a`, "x".repeat(4_000));
  storage.setItem(`${CACHE_ITEM_PREFIX}b`, "x".repeat(4_000));
  storage.setItem("mkt.apiKey", "k");
  expect(storeWorkbook(storage, "y".repeat(5_000))).toBe(true);
  expect(storage.getItem(WORKBOOK_ITEM)).toBe("y".repeat(5_000));
  expect(storage.getItem(`${CACHE_ITEM_PREFIX}a`)).toBeNull();
  expect(storage.getItem("mkt.apiKey")).toBe("k"); // settings stay
});

test("with room to spare the cached answers stay", () => {
  const storage = new QuotaStorage(100_000);
  storage.setItem(`${CACHE_ITEM_PREFIX}a`, "x".repeat(4_000));
  expect(storeWorkbook(storage, "y".repeat(5_000))).toBe(true);
  expect(storage.getItem(`${CACHE_ITEM_PREFIX}a`)).not.toBeNull();
});

test("a workbook too big on its own is not stored, and says so", () => {
  const storage = new QuotaStorage(1_000);
  expect(storeWorkbook(storage, "y".repeat(5_000))).toBe(false);
  expect(storage.getItem(WORKBOOK_ITEM)).toBeNull();
});
