/** SEARCH over real HTTP: words against names, an exact id, every marketplace, at most 100. */
import { endpointById } from "../../../src/api/endpoints";
import { generateDemoData } from "../../../src/server/data/generate";
import { startTestServer, type TestServer } from "../../helpers/server";

type Hit = Record<string, unknown>;

let server: TestServer;
let key: string;
const demo = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30", hostileNames: false });
const account = demo.accounts.find((a) => a.id === "demo");

beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  key = server.keyFor("demo");
});
afterAll(async () => {
  await server.close();
});

async function search(query: unknown): Promise<Hit[]> {
  const res = await fetch(`${server.baseUrl}${endpointById("SEARCH").path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Hit[] };
  return body.data;
}

test("a C product's exact id finds it, with its shop and lowest price", async () => {
  const shop = account?.shopsC[0];
  const product = shop?.products[0];
  if (!shop || !product) throw new Error("demo account has no marketplace C product");
  const hits = await search(product.productId);
  expect(hits).toContainEqual({
    marketplace: "C",
    shopId: String(shop.shopId),
    region: shop.region,
    productId: product.productId,
    title: product.name,
    lowestListPrice: expect.any(Number),
    currency: shop.currency,
    variantCount: product.skus.length,
  });
});

test("a B product's id carries sellerId and itemId; A's carries itemId", async () => {
  const seller = account?.sellersB[0];
  const b = seller?.products[0];
  const shopA = account?.shopsA[0];
  const a = shopA?.products[0];
  if (!seller || !b || !shopA || !a) throw new Error("demo account lacks A or B products");
  const [hitB] = (await search(String(b.itemId))).filter((h) => h.marketplace === "B");
  expect(hitB).toMatchObject({ shopId: String(seller.sellerId), sellerId: seller.sellerId });
  expect(hitB).toMatchObject({ productId: String(b.itemId), itemId: b.itemId });
  const [hitA] = (await search(String(a.itemId))).filter((h) => h.marketplace === "A");
  expect(hitA).toMatchObject({ shopId: String(shopA.shopId), itemId: a.itemId, title: a.name });
  expect(hitA?.variantCount).toBe(a.models.length);
});

test("every word must be in the name, in any case; empty finds nothing; 100 at most", async () => {
  const name = account?.shopsA[0]?.products[0]?.name ?? "";
  const words = name.split(/\s+/).slice(0, 2);
  const hits = await search(words.map((w) => w.toUpperCase()).join("  "));
  expect(hits.length).toBeGreaterThan(0);
  for (const h of hits)
    for (const w of words) expect(String(h.title).toLowerCase()).toContain(w.toLowerCase());
  expect(await search("   ")).toEqual([]);
  const vowels = await Promise.all(["a", "e", "o"].map(search));
  expect(Math.max(...vowels.map((v) => v.length))).toBe(100);
});
