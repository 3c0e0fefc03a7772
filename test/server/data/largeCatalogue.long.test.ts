/**
 * The large catalogue (`--catalogue large`): 10,000 more products in new shops of the demo
 * account (A 5,000 in two shops, B 3,000, C 2,000), the same for the same seed, leaving the
 * demo's shops and the rival account exactly as they were; over HTTP, the shop lists name the
 * new shops, and paging through every list of them returns each product and SKU once.
 */
import { createHash } from "node:crypto";
import { P_A, P_B, P_C } from "../../../src/api/endpoints";
import { generateDemoData } from "../../../src/server/data/generate";
import {
  LARGE_CATALOGUE_PRODUCTS,
  largeCatalogueShops,
} from "../../../src/server/data/largeCatalogue";
import type { DemoAccount } from "../../../src/server/data/model";
import { seasonality } from "../../../src/server/data/sales";
import { addDays } from "../../../src/server/analytics/periods";
import { catalogueFlag, parseServerArgs } from "../../../src/server/main";
import { startSettings } from "../../../build/start";
import { startTestServer, type TestServer } from "../../helpers/server";

// Generating the large catalogue takes about 4 s on a quiet core; its new shops are drawn twice.
jest.setTimeout(180_000);

const TODAY = "2025-06-30";
const large = generateDemoData({ seed: 1, scale: 1, today: TODAY, catalogue: "large" });
const demo = large.accounts.find((a) => a.id === "demo") as DemoAccount;

const hash = (value: unknown): string =>
  createHash("sha256").update(JSON.stringify(value)).digest("hex");

const NEW_A = [100003, 100004];
const NEW_B = [500002];
const NEW_C = [700002];
const newA = demo.shopsA.filter((s) => NEW_A.includes(s.shopId));
const newB = demo.sellersB.filter((s) => NEW_B.includes(s.sellerId));
const newC = demo.shopsC.filter((s) => NEW_C.includes(s.shopId));

describe("the large catalogue's data", () => {
  test("adds 10,000 products: A 5,000 in two shops, B 3,000, C 2,000", () => {
    const products = (shops: readonly { products: readonly unknown[] }[]) =>
      shops.reduce((n, s) => n + s.products.length, 0);
    expect(newA.map((s) => [s.shopId, s.products.length])).toEqual([
      [100003, 3000],
      [100004, 2000],
    ]);
    expect(products(newA)).toBe(5000);
    expect(products(newB)).toBe(3000);
    expect(products(newC)).toBe(2000);
    expect(LARGE_CATALOGUE_PRODUCTS).toEqual({ A: 5000, B: 3000, C: 2000 });
    // The demo's own shops stay first, so demo.shopsA[0] is still 100001.
    expect(demo.shopsA.map((s) => s.shopId)).toEqual([100001, 100002, 100003, 100004]);
    expect(demo.sellersB.map((s) => s.sellerId)).toEqual([500001, 500002]);
    expect(demo.shopsC.map((s) => s.shopId)).toEqual([700001, 700002]);
  });

  test("products look like a real catalogue: models, sales, distinct names, ids unique", () => {
    for (const shop of newA) {
      const models = shop.products.map((p) => p.models.length);
      // About a third single-model (modelId null), the rest 2 to 5 models.
      const single = models.filter((n) => n === 1).length / models.length;
      expect(single).toBeGreaterThan(0.28);
      expect(single).toBeLessThan(0.42);
      expect(Math.max(...models)).toBe(5);
      const modelIds = shop.products.flatMap((p) => p.models.map((m) => m.modelId));
      const multi = modelIds.filter((id) => id !== null);
      expect(new Set(multi).size).toBe(multi.length);
      expect(new Set(shop.products.map((p) => p.itemId)).size).toBe(shop.products.length);
      // Sales over the year for most products, with ads on some.
      const sold = new Set(shop.orders.map((o) => o.itemId));
      expect(sold.size / shop.products.length).toBeGreaterThan(0.8);
      expect(shop.adSpend.length).toBeGreaterThan(0);
    }
    for (const shop of [...newA, ...newB, ...newC]) {
      const names = shop.products.map((p) => p.name);
      // Branded names: a few repeats, as in real catalogues, but 95 % distinct.
      expect(new Set(names).size / names.length).toBeGreaterThan(0.95);
      expect(names.every((n) => /^[A-Z][\w &-]+ [A-Z]/.test(n))).toBe(true);
    }
    const skusB = newB.flatMap((s) => s.products.flatMap((p) => p.skus.map((k) => k.skuId)));
    const skusC = newC.flatMap((s) => s.products.flatMap((p) => p.skus.map((k) => k.skuId)));
    expect(new Set(skusB).size).toBe(skusB.length);
    expect(new Set(skusC).size).toBe(skusC.length);
    // No id of a new shop is an id of the demo's or the rival's.
    const all = large.accounts.flatMap((a) => [
      ...a.shopsA.flatMap((s) => s.products.map((p) => `A${p.itemId}`)),
      ...a.sellersB.flatMap((s) => s.products.map((p) => `B${p.itemId}`)),
      ...a.shopsC.flatMap((s) => s.products.map((p) => `C${p.productId}`)),
    ]);
    expect(new Set(all).size).toBe(all.length);
  });

  test("leaves the demo's shops and the rival exactly as the default demo has them", () => {
    const small = generateDemoData({ seed: 1, scale: 1, today: TODAY });
    const smallDemo = small.accounts[0] as DemoAccount;
    expect(hash(demo.shopsA.slice(0, 2))).toBe(hash(smallDemo.shopsA));
    expect(hash(demo.sellersB.slice(0, 1))).toBe(hash(smallDemo.sellersB));
    expect(hash(demo.shopsC.slice(0, 1))).toBe(hash(smallDemo.shopsC));
    expect(hash(large.accounts[1])).toBe(hash(small.accounts[1]));
    expect(hash(large.categoriesA)).toBe(hash(small.categoriesA));
  });

  test("is the same for the same seed (its shops drawn again from scratch)", () => {
    const days = Array.from({ length: 365 }, (_, i) => addDays(large.ordersFrom, i));
    const again = largeCatalogueShops(
      1,
      { days, cum: seasonality(days), today: TODAY },
      { a: large.categoriesA, b: large.categoriesB, c: large.categoriesC },
    );
    expect(again.shopsA[0]).not.toBe(newA[0]);
    expect(hash(again)).toBe(hash({ shopsA: newA, sellersB: newB, shopsC: newC }));
  });
});

describe("choosing it", () => {
  test("npm start -- --catalogue large and npm run server -- --catalogue large", () => {
    expect(startSettings({}, []).catalogue).toBe("demo");
    expect(startSettings({}, ["--catalogue", "large"]).catalogue).toBe("large");
    expect(startSettings({}, ["--catalogue=large"]).catalogue).toBe("large");
    expect(() => startSettings({}, ["--catalogue", "huge"])).toThrow(
      /--catalogue must be demo .* or large .*got "huge"/,
    );
    expect(() => startSettings({}, ["--scale", "2"])).toThrow(/Unknown flag --scale/);
    expect(() => startSettings({}, ["large"])).toThrow(/Unexpected "large"/);
    expect(parseServerArgs([], {}, TODAY).catalogue).toBe("demo");
    expect(parseServerArgs(["--catalogue", "large"], {}, TODAY).catalogue).toBe("large");
    expect(catalogueFlag(undefined)).toBe("demo");
  });
});

describe("the large catalogue over HTTP", () => {
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    // Lists of 3,000 products computed on a loaded CI core: no 503 for the time it takes.
    server = await startTestServer({ data: large, requestBudgetMs: 60_000 });
    key = server.keyFor("demo");
  });

  afterAll(async () => {
    await server?.close();
  });

  async function call(path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(server.baseUrl + path, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  }

  type Entry = Record<string, unknown>;

  /** Every id of a cursor-paged list, in the order given. */
  async function cursorIds(path: string, id: string): Promise<unknown[]> {
    const ids: unknown[] = [];
    let cursor: unknown = null;
    do {
      const page = (await call(path, {
        pageSize: 500,
        ...(cursor === null ? {} : { cursorRtProductId: cursor }),
      })) as { data: Entry[]; nextCursor: { rtProductId: number } | null };
      ids.push(...page.data.map((e) => e[id]));
      cursor = page.nextCursor?.rtProductId ?? null;
    } while (cursor !== null && ids.length <= 10_000);
    return ids;
  }

  test("the shop lists name the new shops with their product counts", async () => {
    const a = (await call("/api/mkt-a/fetch-all-user-shops")) as Entry[];
    const b = (await call("/api/mkt-b/fetch-all-user-shops")) as Entry[];
    const c = (await call("/api/mkt-c/fetch-all-user-shops")) as Entry[];
    expect(a.map((s) => [s.shopId, s.region, s.productCount])).toEqual([
      [100001, "SG", 2100],
      [100002, "TH", 300],
      [100003, "SG", 3000],
      [100004, "MY", 2000],
    ]);
    expect(b.map((s) => [s.sellerId, s.region, s.productCount])).toEqual([
      [500001, "MY", 200],
      [500002, "PH", 3000],
    ]);
    expect(c.map((s) => [s.shopId, s.region, s.productCount])).toEqual([
      ["700001", "TH", 150],
      ["700002", "MY", 2000],
    ]);
  });

  test("A: every product of both new shops once, by cursor (A7) and by profit (A11)", async () => {
    for (const shop of newA) {
      const where = `${shop.shopId}/${shop.region}`;
      const expected = shop.products.map((p) => p.itemId);
      const byCursor = await cursorIds(`${P_A}/products/${where}`, "itemId");
      expect(byCursor).toEqual(expected);
      const ranked: Entry[] = [];
      for (let page = 0, pages = 1; page < pages; page++) {
        const d = (await call(`${P_A}/products/${where}/sorted-by-profit`, {
          page,
          pageSize: 500,
        })) as { entries: Entry[]; totalItems: number; totalPages: number };
        expect(d.totalItems).toBe(expected.length);
        pages = d.totalPages;
        ranked.push(...d.entries);
      }
      expect(ranked.map((e) => e.itemId).sort()).toEqual([...expected].sort());
      const profits = ranked.map((e) => e.totalProfit as number);
      expect(profits).toEqual([...profits].sort((x, y) => y - x));
    }
  });

  test("B: every product once (B7), every SKU once (B8)", async () => {
    const [seller] = newB;
    const where = `${seller!.sellerId}/${seller!.region}`;
    expect(await cursorIds(`${P_B}/products/${where}`, "itemId")).toEqual(
      seller!.products.map((p) => p.itemId),
    );
    const skus = (await call(`${P_B}/sku-breakdowns/all/${where}`, {})) as Entry[];
    const expected = seller!.products.flatMap((p) => p.skus.map((s) => s.skuId));
    expect(skus.map((e) => e.skuId)).toEqual(expected);
  });

  test("C: every product once, asked 100 ids at a time (C7; C has no shop-wide list)", async () => {
    const [shop] = newC;
    const ids = shop!.products.map((p) => p.productId);
    const answered: unknown[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      const part = ids.slice(i, i + 100);
      const entries = (await call(`${P_C}/products`, {
        shopId: shop!.shopId,
        productIds: part,
      })) as Entry[];
      answered.push(...entries.map((e) => e.productId));
    }
    expect(answered).toEqual(ids);
  });
});
