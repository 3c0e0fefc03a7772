/** Defects found in review of the reference server, each pinned over real HTTP. */
import { endpointById } from "../../../src/api/endpoints";
import { generateDemoData } from "../../../src/server/data/generate";
import { startTestServer, type TestServer } from "../../helpers/server";

type Json = Record<string, unknown>;
const TODAY = "2025-06-30";
// The data the test server serves (with the hostile test names).
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY, hostileNames: true });
const demo = data.accounts.find((a) => a.id === "demo");
const shopA = demo?.shopsA[0];
const shopC = demo?.shopsC[0];
if (shopA === undefined || shopC === undefined) throw new Error("no demo shops");
// A product whose every model has an explicit COGS.
const explicitA = shopA.products.find((p) => p.models.every((m) => m.cogs !== null));
if (explicitA === undefined) throw new Error("no all-explicit product");
const leafC = data.categoriesC[0];
if (leafC === undefined) throw new Error("no C category");

let server: TestServer;
let key = "";

beforeAll(async () => {
  server = await startTestServer({ today: TODAY });
  key = server.keyFor("demo");
});
afterAll(async () => {
  await server.close();
});

async function call(id: string, body: Json): Promise<{ status: number; json: Json }> {
  const res = await fetch(server.baseUrl + endpointById(id).path, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const A = { shopId: shopA.shopId, region: shopA.region };

describe("review fixes", () => {
  it("A4 with a COGS of 1e15 is a 400 naming cogs, not a request that never ends", async () => {
    const r = await call("A4", {
      ...A,
      categoryId: explicitA.categoryId,
      cogs: 1e15,
      targetMargin: 5,
    });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([
      { field: "cogs", problem: "must be a number from 0 to 1000000000000" },
    ]);
  });

  it("A21 with an original price of 1e15 is a 400 naming the element field", async () => {
    const model = explicitA.models[0];
    const r = await call("A21", {
      ...A,
      models: [{ itemId: explicitA.itemId, modelId: model?.modelId ?? null, originalPrice: 1e15 }],
      targetProfit: 1,
    });
    expect(r.status).toBe(400);
    expect((r.json.errors as Json[])[0]?.field).toBe("models[0].originalPrice");
  });

  it("A5 and A2 agree that a product with every COGS given is `explicit`", async () => {
    const a5 = await call("A5", { ...A, itemId: explicitA.itemId });
    const a2 = await call("A2", { ...A, itemId: explicitA.itemId });
    expect(((a2.json.data as Json).metadata as Json).cogsSource).toBe("explicit");
    expect(((a5.json.data as Json).metadata as Json).cogsSource).toBe("explicit");
  });

  it("C6 reaches a margin that only the capped platform fee makes possible, with a discount share", async () => {
    // Below the CGF cap the profit slope (0.4 x 0.82) is under the margin 0.86; past the cap
    // (the breakpoint moves up by 1 / (1 - 0.6)) it is above it, so a price exists.
    const body = {
      shopId: shopC.shopId,
      categoryL1: leafC.l1,
      categoryL2: leafC.l2,
      categoryL3: leafC.l3,
      cogs: 0,
      targetMargin: 0.86,
      targetDiscountPercent: 0.6,
    };
    const r = await call("C6", body);
    expect(r.status).toBe(200);
    const metadata = (r.json.data as Json).metadata as Json;
    expect(metadata.margin as number).toBeGreaterThanOrEqual(0.86);
  });

  it("a margin target is never met at a price with no revenue (C6 with cogs 0)", async () => {
    const r = await call("C6", {
      shopId: shopC.shopId,
      categoryL1: leafC.l1,
      categoryL2: leafC.l2,
      categoryL3: leafC.l3,
      cogs: 0,
      targetMargin: 0.5,
      targetDiscountPercent: 0.6,
    });
    expect(r.status).toBe(200);
    const metadata = (r.json.data as Json).metadata as Json;
    expect(metadata.revenue as number).toBeGreaterThan(0);
    expect(metadata.margin as number).toBeGreaterThanOrEqual(0.5);
  });
});
