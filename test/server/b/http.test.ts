/** Marketplace B over real HTTP: every endpoint answers with the envelope and the spec's fields. */
import { startTestServer, type TestServer } from "../../helpers/server";
import { handlersB } from "../../../src/server/endpoints/b";
import { generateDemoData } from "../../../src/server/data/generate";
import { P_B } from "../../../src/api/endpoints";

type Json = Record<string, unknown>;
const TODAY = "2025-06-30";
// The data the test server serves (with the hostile test names).
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY, hostileNames: true });
const seller = data.accounts.find((a) => a.id === "demo")?.sellersB[0];
if (seller === undefined) throw new Error("no demo B seller");
const S = `${seller.sellerId}/${seller.region}`;
const item = seller.products[0];
if (item === undefined) throw new Error("no product");

let server: TestServer;
let demoKey = "";
let rivalKey = "";

beforeAll(async () => {
  server = await startTestServer({ today: TODAY, handlers: handlersB });
  demoKey = server.keyFor("demo");
  rivalKey = server.keyFor("rival");
});
afterAll(async () => {
  await server.close();
});

async function post(
  path: string,
  body: Json | undefined,
  key = demoKey,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${server.baseUrl}${P_B}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** data of a successful response, after checking the envelope. */
async function ok(path: string, body?: Json): Promise<unknown> {
  const r = await post(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  expect(r.json).toMatchObject({ status: "SUCCESS", statusCode: 200 });
  expect("message" in r.json).toBe(true);
  return r.json["data"];
}

const body = { sellerId: seller.sellerId, region: seller.region };

describe("B endpoints over HTTP", () => {
  it("B1 per-SKU batch omits unknown SKUs", async () => {
    const skuIds = [item.skus[0]?.skuId, 999];
    const d = (await ok("/sku-breakdowns/batch-by-sku-ids", { ...body, skuIds })) as Json[];
    expect(d).toHaveLength(1);
    expect(d[0]).toEqual(
      expect.objectContaining({
        skuId: skuIds[0],
        sellerSku: expect.any(String),
        originalPrice: expect.any(Number),
        breakdown: expect.any(Object),
        metadata: expect.any(Object),
      }),
    );
  });

  it("B2, B6 product breakdowns with per-SKU detail; B3 new product; B5 simulate", async () => {
    const b2 = (await ok("/product", { ...body, itemId: item.itemId })) as Json;
    expect(Object.keys(b2["breakdown"] as Json)).toEqual([
      "originalPrice",
      "specialPriceDiscount",
      "sellerVoucher",
      "commissionFee",
      "paymentFee",
      "freeShippingCommission",
      "coinDeduction",
      "cogs",
      "vat",
      "returnCost",
    ]);
    expect(b2["metadata"]).toEqual(
      expect.objectContaining({
        currency: "MYR",
        margin: expect.any(Number),
        cogsSource: expect.any(String),
      }),
    );
    expect((b2["skuBreakdowns"] as Json[]).length).toBe(item.skus.length);
    const b6 = (await ok(`/item/${S}/${item.itemId}`)) as Json;
    expect(b6["breakdown"]).toEqual(b2["breakdown"]);
    const b3 = (await ok("/new-product", {
      region: seller.region,
      listingPrice: 50,
      categoryId: item.categoryId,
      manufacturingCogs: 20,
    })) as Json;
    expect((b3["metadata"] as Json)["revenue"]).toBe(50);
    const b5 = (await ok("/simulate", {
      ...body,
      itemId: item.itemId,
      originalPrice: 99,
      specialPriceDiscount: 9,
      sellerVoucher: 0,
      hasVat: false,
    })) as Json;
    const lines = b5["breakdown"] as Record<string, { amount: number }>;
    expect(lines["originalPrice"]?.amount).toBe(99);
    // B's common hasVat reaches the what-if too: no VAT line when the seller does not count it.
    expect(lines["vat"]?.amount ?? 0).toBe(0);
    expect((b5["metadata"] as Json)["hasVat"]).toBe(false);
  });

  it("B4 required price, and 422 when unreachable", async () => {
    const d = (await ok("/required-price", {
      region: seller.region,
      categoryId: item.categoryId,
      cogs: 10,
      targetMargin: 0.25,
      targetDiscountPercent: 0.1,
    })) as Json;
    expect(d["requiredListingPrice"]).toEqual(expect.any(Number));
    const r = await post("/required-price", {
      region: seller.region,
      categoryId: item.categoryId,
      cogs: 10,
      targetMargin: 0.99,
    });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({
      status: "ERROR",
      statusCode: 422,
      errors: [{ field: "targetMargin", problem: "unreachable_margin" }],
    });
  });

  it("B7 cursor pages concatenate to B8's products; B12 is sorted and pages concatenate", async () => {
    const seen: number[] = [];
    let cursor: number | undefined;
    for (let i = 0; i < 100; i++) {
      const page = (await ok(`/products/${S}`, {
        pageSize: 37,
        ...(cursor === undefined ? {} : { cursorRtProductId: cursor }),
      })) as Json;
      expect(Array.isArray(page["dataFreshAt"])).toBe(true);
      seen.push(...(page["data"] as Json[]).map((e) => e["itemId"] as number));
      const next = page["nextCursor"] as { rtProductId: number } | null;
      if (next === null) break;
      cursor = next.rtProductId;
    }
    expect(seen).toEqual(seller.products.map((p) => p.itemId));
    const all = (await ok(`/sku-breakdowns/all/${S}`)) as Json[];
    expect(all).toHaveLength(seller.products.reduce((s, p) => s + p.skus.length, 0));

    const first = (await ok(`/products/${S}/sorted-by-profit`, { page: 0, pageSize: 80 })) as Json;
    expect(first).toMatchObject({
      page: 0,
      pageSize: 80,
      totalItems: seller.products.length,
      totalPages: Math.ceil(seller.products.length / 80),
    });
    const entries: Json[] = [];
    for (let p = 0; p < (first["totalPages"] as number); p++) {
      entries.push(
        ...(((await ok(`/products/${S}/sorted-by-profit`, { page: p, pageSize: 80 })) as Json)[
          "entries"
        ] as Json[]),
      );
    }
    expect(entries).toHaveLength(seller.products.length);
    const profits = entries.map((e) => e["totalProfit"] as number);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
  });

  it("B9-B11, B13 answer as documented while not yet active", async () => {
    const b9 = (await ok(`/profit-adjusted-roas/${S}/${item.itemId}`)) as Json;
    expect(b9).toMatchObject({ itemId: item.itemId, cleaned: null, deflated: null });
    expect(b9["raw"]).toEqual(
      expect.objectContaining({ totalAdExpense: expect.any(Number), trueGmv: expect.any(Number) }),
    );
    const b10 = (await ok(`/profit-adjusted-roas-dedup/${S}/${item.itemId}`)) as Json;
    expect(b10["cleaned"]).toBeNull();
    expect(await ok(`/corrected-roas/${S}`, { itemIds: [item.itemId] })).toEqual([]);
    expect(await ok(`/products/${S}/sorted-by-profit-adjusted-roas`)).toMatchObject({
      entries: [],
      totalItems: 0,
    });
  });

  it("B14/B15 previews", async () => {
    const b14 = (await ok("/preview-set-margin", {
      ...body,
      skus: [{ itemId: item.itemId }, { itemId: 5, skuId: 6 }],
      targetMarginPercent: 0.1,
    })) as Json;
    expect(b14["unadjustableItems"]).toContainEqual(
      expect.objectContaining({ reason: "sku_not_found" }),
    );
    const sku = item.skus[0];
    const b15 = (await ok("/preview-set-buyer-price", {
      ...body,
      skus: [{ itemId: item.itemId, skuId: sku?.skuId, targetBuyerPrice: 1 }],
    })) as Json;
    expect((b15["adjustedItems"] as Json[])[0]?.["resultingBuyerPrice"]).toBe(1);
  });

  it("B16 overview: waterfall sums to total profit, sankey non-negative, comparison present", async () => {
    const d = (await ok(`/shop-overview/${S}`, { includeVat: true, topN: 3 })) as Json;
    const steps = d["costBreakdown"] as Json[];
    const total = steps[steps.length - 1] as Json;
    const stepSum = steps
      .slice(0, -1)
      .reduce((s, x) => s + Math.round((x["amount"] as number) * 100), 0);
    expect(stepSum).toBe(Math.round((total["amount"] as number) * 100));
    expect(total["amount"]).toBe(d["totalProfit"]);
    const sankey = d["sankey"] as { links: { value: number }[] };
    for (const l of sankey.links) expect(l.value).toBeGreaterThanOrEqual(0);
    expect((d["topProfitProducts"] as Json[]).length).toBeLessThanOrEqual(3);
    const top = (d["topProfitProducts"] as Json[]).map((p) => p["profit"] as number);
    expect(top).toEqual([...top].sort((a, b) => b - a));
    expect(d["comparison"]).toEqual(
      expect.objectContaining({ previous: expect.any(Object), deltas: expect.any(Object) }),
    );
    expect(d["vatPosition"]).toEqual(expect.objectContaining({ outputVat: expect.any(Number) }));
    expect(d["marginDistribution"]).toEqual(
      expect.objectContaining({ median: expect.anything(), outliers: expect.any(Array) }),
    );
    for (const f of ["revenue", "cogsCoverage", "worstProfitProducts", "categoryBreakdown"])
      expect(d).toHaveProperty(f);
    // Top N categories, most profitable first; the period's ad spend is a cost step.
    const cats = (d["categoryBreakdown"] as Json[]).map((c) => c["profit"] as number);
    expect(cats.length).toBeGreaterThan(0);
    expect(cats.length).toBeLessThanOrEqual(3);
    expect(cats).toEqual([...cats].sort((a, b) => b - a));
    const ads = steps.find((x) => x["name"] === "adsCost");
    expect(ads?.["amount"] as number).toBeLessThan(0);
    const noCompare = (await ok(`/shop-overview/${S}`, { compareToPrevious: false })) as Json;
    expect(noCompare["comparison"]).toBeNull();
    expect(noCompare["vatPosition"]).toBeNull();
  });

  it("rival cannot see demo's seller (404)", async () => {
    const r = await post(`/sku-breakdowns/all/${S}`, {}, rivalKey);
    expect(r.status).toBe(404);
    const r2 = await post("/product", { ...body, itemId: item.itemId }, rivalKey);
    expect(r2.status).toBe(404);
  });
});
