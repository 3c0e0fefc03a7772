/**
 * Inputs an attack run found that the server answered with a 500 or a misleading field: each
 * is now a 400 (or an unadjustable reason) naming what to change. Real HTTP.
 */
import { P_A, P_B } from "../../../src/api/endpoints";
import { generateDemoData } from "../../../src/server/data/generate";
import { startTestServer, type TestServer } from "../../helpers/server";

type Json = Record<string, unknown>;
const TODAY = "2025-06-30";
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY, hostileNames: true });
const demo = data.accounts.find((a) => a.id === "demo");
const shopA = demo?.shopsA[0];
const sellerB = demo?.sellersB[0];
if (!shopA || !sellerB) throw new Error("no demo shops");

let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer({ today: TODAY });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

async function post(path: string, body: Json): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const fields = (json: Json): unknown[] =>
  ((json.errors as Json[] | undefined) ?? []).map((e) => e.field);

test.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
  "B3 and B4 refuse the region %s (an object's own property name) with a 400 on region",
  async (region) => {
    const category = data.categoriesB[0]?.categoryId ?? 0;
    for (const [path, body] of [
      [
        `${P_B}/new-product`,
        { region, categoryId: category, listingPrice: 50, manufacturingCogs: 20 },
      ],
      [`${P_B}/required-price`, { region, categoryId: category, cogs: 20, targetMargin: 0.2 }],
    ] as const) {
      const r = await post(path, body);
      expect([path, r.status]).toEqual([path, 400]);
      expect(fields(r.json)).toContain("region");
    }
  },
);

test("a shop overview from year 0000 is a 400 on from, not a 500", async () => {
  const r = await post(`${P_A}/shop-overview/${shopA.shopId}/${shopA.region}`, {
    from: "0000-01-01",
    to: "2025-06-01",
    compareToPrevious: false,
  });
  expect(r.status).toBe(400);
  expect(fields(r.json)).toContain("from");
});

test("an effectiveDate before the fee tables is a 400 on effectiveDate, not on a category", async () => {
  const r = await post(`${P_B}/product`, {
    sellerId: sellerB.sellerId,
    region: sellerB.region,
    itemId: sellerB.products[0]?.itemId,
    effectiveDate: "2019-06-01",
  });
  expect(r.status).toBe(400);
  expect(fields(r.json)).toEqual(["effectiveDate"]);
  expect(String(r.json.message)).toMatch(/2020-01-01/);
});

test("an A preview without the model of a product with several models says to give it", async () => {
  const item = shopA.products.find((p) => p.models.length > 1);
  if (!item) throw new Error("no multi-model product");
  const r = await post(`${P_A}/preview-set-margin`, {
    shopId: shopA.shopId,
    region: shopA.region,
    mode: "MARGIN",
    targetMarginPercent: 20,
    models: [{ itemId: item.itemId, modelId: null, originalPrice: 30 }],
  });
  expect(r.status).toBe(200);
  const [entry] = (r.json.data as Json).unadjustableItems as Json[];
  expect(entry).toMatchObject({ itemId: item.itemId, reason: "sku_not_found" });
  expect(String(entry?.message)).toMatch(/has \d+ models: give the modelId/);
});

test("a region that is no marketplace region is a 400 on region listing the regions, not a 404", async () => {
  const r = await post(`${P_B}/product`, {
    sellerId: sellerB.sellerId,
    region: "XX",
    itemId: sellerB.products[0]?.itemId,
  });
  expect(r.status).toBe(400);
  expect(fields(r.json)).toEqual(["region"]);
  expect(JSON.stringify(r.json.errors)).toMatch(/must be one of .*MY/);
});
