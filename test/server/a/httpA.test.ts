/** Every marketplace A endpoint (and the shop lists and search) over real HTTP on 127.0.0.1. */
import { endpointById } from "../../../src/api/endpoints";
import { handlersA } from "../../../src/server/endpoints/a";
import { handlersCommon } from "../../../src/server/endpoints/common";
import { startTestServer, type TestServer } from "../../helpers/server";

// Only this engineer's handlers: the test does not depend on B/C being wired.
const handlers = { ...handlersCommon, ...handlersA };

type Json = Record<string, unknown>;
const SG = { shopId: 100001, region: "SG" };
// Demo data (seed 1, today 2025-06-30): item 10000003 has models 100000031/100000032.
const ITEM = 10000003;

let server: TestServer;
let demoKey: string;
let rivalKey: string;

beforeAll(async () => {
  server = await startTestServer({ handlers });
  demoKey = server.keyFor("demo");
  rivalKey = server.keyFor("rival");
});
afterAll(async () => {
  await server.close();
});

async function request(
  id: string,
  body: Json | null,
  path: Record<string, string | number> = {},
  key = demoKey,
): Promise<{ status: number; json: Json }> {
  const spec = endpointById(id);
  const url = spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(path[name])),
  );
  const res = await fetch(server.baseUrl + url, {
    method: spec.method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const CASES: [string, Json | null, Record<string, string | number>][] = [
  ["SHOPS_A", null, {}],
  ["SHOPS_B", null, {}],
  ["SHOPS_C", null, {}],
  ["SEARCH", { query: "hyperlink" }, {}],
  ["A1", { ...SG, modelIds: [100000031, 100000032] }, {}],
  ["A2", { ...SG, itemId: ITEM }, {}],
  ["A3", { ...SG, listingPrice: 29.9, categoryId: 100001 }, {}],
  ["A4", { ...SG, categoryId: 100001, cogs: 10, targetMargin: 5 }, {}],
  ["A5", { ...SG, itemId: ITEM, sellerDiscount: 1 }, {}],
  ["A6", {}, { ...SG, itemId: ITEM }],
  ["A7", { pageSize: 3 }, SG],
  ["A8", {}, { ...SG, itemId: ITEM }],
  ["A9", {}, { ...SG, itemId: ITEM }],
  ["A10", { itemIds: [ITEM] }, SG],
  ["A11", { pageSize: 3 }, SG],
  ["A12", { pageSize: 3 }, SG],
  ["A13", {}, SG],
  ["A14", {}, SG],
  ["A15", {}, SG],
  ["A16", {}, SG],
  ["A17", {}, SG],
  ["A18", {}, SG],
  ["A19", { effectiveDate: "2025-07-30" }, SG],
  ["A20", {}, SG],
  [
    "A21",
    { ...SG, models: [{ itemId: ITEM, modelId: 100000031, originalPrice: 30 }], targetProfit: 2 },
    {},
  ],
  ["A22", { ...SG, models: [{ itemId: ITEM, modelId: 100000031, targetBuyerPrice: 25 }] }, {}],
];

describe("marketplace A over HTTP", () => {
  it.each(CASES)("%s answers with the envelope and the spec's fields", async (id, body, path) => {
    const { status, json } = await request(id, body, path);
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: "SUCCESS", statusCode: 200 });
    const spec = endpointById(id);
    const data = json.data;
    let records: Json[];
    if (spec.response.kind === "array") records = data as Json[];
    else if (spec.response.kind === "cursorPage") records = (data as Json).data as Json[];
    else if (spec.response.kind === "offsetPage") {
      expect(data).toMatchObject({
        page: 0,
        totalItems: expect.any(Number),
        totalPages: expect.any(Number),
      });
      expect((data as Json).dataFreshAt).toEqual([2025, 6, 30, 2, 0, 0]);
      records = (data as Json).entries as Json[];
    } else records = [data as Json];
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) for (const f of spec.response.fields) expect(r).toHaveProperty(f.name);
  });

  it("A2 lines sum to netProfit for a sample of products", async () => {
    for (const itemId of [10000001, 10000006, 10000100, 10001000, 10002100]) {
      const { json } = await request("A2", { ...SG, itemId });
      const data = json.data as Record<string, { amount?: number; netProfit?: number }>;
      const sum = Object.entries(data)
        .filter(([k]) => k !== "metadata")
        .reduce((s, [, l]) => s + Math.round((l.amount ?? NaN) * 100), 0);
      expect(sum).toBe(Math.round((data.metadata?.netProfit ?? NaN) * 100));
    }
  });

  it("the rival account cannot see the demo shop (404), and an unreachable target is 422", async () => {
    const r = await request("A2", { ...SG, itemId: ITEM }, {}, rivalKey);
    expect(r.status).toBe(404);
    expect(r.json.message).toBe("shop 100001 in SG not found in your account");
    const shops = await request("SHOPS_A", null, {}, rivalKey);
    expect((shops.json.data as Json[]).map((s) => s.shopId)).toEqual([200001]);
    const u = await request("A4", {
      ...SG,
      categoryId: 100001,
      cogs: 1,
      targetMargin: 1,
      targetDiscountPercent: 100,
    });
    expect(u.status).toBe(422);
    expect(u.json.errors).toEqual([{ field: "targetMargin", problem: "unreachable_margin" }]);
  });

  it("same seed and today give identical responses across servers", async () => {
    const other = await startTestServer({ handlers });
    try {
      const key = other.keyFor("demo");
      for (const [id, body, path] of [CASES[5]!, CASES[12]!, CASES[16]!]) {
        const a = await request(id, body, path);
        const spec = endpointById(id);
        const url = spec.path.replace(/\{(\w+)\}/g, (_, n: string) => String(path[n]));
        const res = await fetch(other.baseUrl + url, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        expect(await res.json()).toEqual(a.json);
      }
    } finally {
      await other.close();
    }
  });
});

describe("issue 22 item 7 over HTTP", () => {
  it("A10 with one unknown id among three answers three entries", async () => {
    const { status, json } = await request("A10", { itemIds: [ITEM, 999, ITEM + 1] }, SG);
    expect(status).toBe(200);
    const data = json.data as Json[];
    expect(data.map((e) => e.itemId)).toEqual([ITEM, 999, ITEM + 1]);
    expect(data[1]).toMatchObject({ correctedRoas: null, error: { code: "NOT_FOUND" } });
  });

  it("an unknown body field is refused even when its value is null", async () => {
    const { status, json } = await request("A10", { itemIds: [ITEM], lookbakDays: null }, SG);
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toContain("lookbakDays");
    // A known optional field set to null still means "not given".
    expect((await request("A10", { itemIds: [ITEM], lookbackDays: null }, SG)).status).toBe(200);
  });
});
