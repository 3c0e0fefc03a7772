/** Marketplace C over real HTTP: every endpoint answers with the envelope and the spec's fields. */
import { startTestServer, type TestServer } from "../../helpers/server";
import { handlersC } from "../../../src/server/endpoints/c";
import { generateDemoData } from "../../../src/server/data/generate";
import { P_C } from "../../../src/api/endpoints";
import { rateOn } from "../../../src/server/data/lookup";

type Json = Record<string, unknown>;
const TODAY = "2025-06-30";
// The data the test server serves (with the hostile test names).
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY, hostileNames: true });
const shop = data.accounts.find((a) => a.id === "demo")?.shopsC[0];
if (shop === undefined) throw new Error("no demo C shop");
const product = shop.products[0];
const sku = product?.skus[0];
if (product === undefined || sku === undefined) throw new Error("no product");
const leaf = data.categoriesC.find(
  (c) => c.l1 === product.categoryL1 && c.l2 === product.categoryL2 && c.l3 === product.categoryL3,
);

let server: TestServer;
let demoKey = "";
let rivalKey = "";

beforeAll(async () => {
  server = await startTestServer({ today: TODAY, handlers: handlersC });
  demoKey = server.keyFor("demo");
  rivalKey = server.keyFor("rival");
});
afterAll(async () => {
  await server.close();
});

async function post(
  path: string,
  body: Json,
  key = demoKey,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.baseUrl}${P_C}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function ok(path: string, body: Json = {}): Promise<unknown> {
  const r = await post(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  expect(r.json).toMatchObject({ status: "SUCCESS", statusCode: 200 });
  return r.json["data"];
}

const C_LINES = [
  "originalPrice",
  "sellerDiscount",
  "sellerVoucher",
  "commissionFee",
  "platformFee",
  "transactionFee",
  "preOrderFee",
  "cogs",
  "adsCostPerSale",
  "vat",
  "returnCost",
];

describe("C endpoints over HTTP", () => {
  it("C1, C2 product breakdowns; C3 SKUs; C7 products (bad ids omitted)", async () => {
    const base = { shopId: shop.shopId, productId: product.productId };
    const c1 = (await ok("/product", base)) as Json;
    expect(Object.keys(c1["breakdown"] as Json)).toEqual(C_LINES);
    expect(c1["metadata"]).toEqual(expect.objectContaining({ currency: "THB", hasVat: false }));
    expect((c1["skuBreakdowns"] as Json[]).length).toBe(product.skus.length);
    const c1sku = (await ok("/product", { ...base, skuId: sku.skuId })) as Json;
    expect(c1sku["skuId"]).toBe(sku.skuId);
    const c2 = (await ok("/product-level", { ...base, skuId: sku.skuId })) as Json;
    expect(c2["breakdown"]).toEqual(c1["breakdown"]);
    const c3 = (await ok("/skus", {
      shopId: shop.shopId,
      skuIds: [sku.skuId, "missing"],
    })) as Json[];
    expect(c3.map((e) => e["skuId"])).toEqual([sku.skuId]);
    expect(c3[0]).toEqual(
      expect.objectContaining({ productId: product.productId, originalPrice: sku.listPrice / 100 }),
    );
    const c7 = (await ok("/products", {
      shopId: shop.shopId,
      productIds: ["bad", product.productId],
    })) as Json[];
    expect(c7.map((e) => e["productId"])).toEqual([product.productId]);
    expect(c7[0]).toEqual(
      expect.objectContaining({ title: product.name, breakdown: expect.any(Object) }),
    );
  });

  it("C4 new product (pre-order fee applies), C5 simulate, C6 required price and 422", async () => {
    const category = {
      categoryL1: product.categoryL1,
      categoryL2: product.categoryL2,
      categoryL3: product.categoryL3,
    };
    const c4 = (await ok("/new-product", {
      shopId: shop.shopId,
      listingPrice: 500,
      ...category,
      isPreOrder: true,
    })) as Json;
    const lines = c4["breakdown"] as Record<string, { amount: number; rate: number | null }>;
    expect(lines["preOrderFee"]?.amount).toBeLessThan(0);
    expect(lines["commissionFee"]?.rate).toBe(
      rateOn(leaf?.commissionRates ?? [], shop.region, TODAY),
    );
    const c5 = (await ok("/simulate", {
      shopId: shop.shopId,
      productId: product.productId,
      skuId: sku.skuId,
      sellerDiscount: 0,
      adsCostPerSale: 7,
    })) as Json;
    expect((c5["breakdown"] as Record<string, { amount: number }>)["adsCostPerSale"]?.amount).toBe(
      -7,
    );
    // C's hasVat reaches the what-if: nothing overridden, it answers as the breakdown (C1).
    const ids = { shopId: shop.shopId, productId: product.productId, skuId: sku.skuId };
    const asIs = (await ok("/simulate", { ...ids, hasVat: true })) as Json;
    const today = (await ok("/product", { ...ids, hasVat: true })) as Json;
    expect(asIs["breakdown"]).toEqual(today["breakdown"]);
    expect((asIs["metadata"] as Json)["netProfit"]).toBe((today["metadata"] as Json)["netProfit"]);
    const c6 = (await ok("/required-price", {
      shopId: shop.shopId,
      ...category,
      cogs: 200,
      targetMargin: 0.3,
      returnRate: 0.05,
    })) as Json;
    expect(c6["requiredListingPrice"]).toEqual(expect.any(Number));
    const r = await post("/required-price", {
      shopId: shop.shopId,
      ...category,
      cogs: 200,
      targetMargin: 0.99,
    });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({
      errors: [{ field: "targetMargin", problem: "unreachable_margin" }],
    });
  });

  it("C8/C9 previews", async () => {
    const c8 = (await ok("/preview-set-margin", {
      shopId: shop.shopId,
      skus: [{ productId: product.productId, skuId: sku.skuId, cogs: 1 }],
      targetMarginPercent: 0.2,
    })) as Json;
    expect((c8["adjustedItems"] as Json[])[0]).toEqual(
      expect.objectContaining({ computedSellerVoucher: 0 }),
    );
    const c9 = (await ok("/preview-set-buyer-price", {
      shopId: shop.shopId,
      skus: [{ productId: product.productId, skuId: "zzz", targetBuyerPrice: 10 }],
    })) as Json;
    expect(c9["unadjustableItems"]).toEqual([expect.objectContaining({ reason: "sku_not_found" })]);
  });

  it("C10 overview: waterfall sums, sankey non-negative", async () => {
    const d = (await ok(`/shop-overview/${shop.shopId}/${shop.region}`, {
      from: "2025-05-01",
      to: "2025-06-29",
    })) as Json;
    expect(d).toMatchObject({ from: "2025-05-01", to: "2025-06-29", days: 60 });
    const steps = d["costBreakdown"] as Json[];
    const sum = steps
      .slice(0, -1)
      .reduce((s, x) => s + Math.round((x["amount"] as number) * 100), 0);
    expect(sum).toBe(Math.round((d["totalProfit"] as number) * 100));
    for (const l of (d["sankey"] as { links: { value: number }[] }).links)
      expect(l.value).toBeGreaterThanOrEqual(0);
    expect(d["comparison"]).toEqual(expect.objectContaining({ previousTo: "2025-04-30" }));
    // Ad spend counts as in A's overview: one cost step, no per-unit ads line beside it.
    const names = steps.map((x) => x["name"]);
    expect(names).toContain("adsCost");
    expect(names).not.toContain("adsCostPerSale");
    expect((d["categoryBreakdown"] as Json[]).length).toBeLessThanOrEqual(5);
  });

  it("rival cannot see demo's shop (404)", async () => {
    expect(
      (await post("/product", { shopId: shop.shopId, productId: product.productId }, rivalKey))
        .status,
    ).toBe(404);
    expect((await post(`/shop-overview/${shop.shopId}/${shop.region}`, {}, rivalKey)).status).toBe(
      404,
    );
  });
});
