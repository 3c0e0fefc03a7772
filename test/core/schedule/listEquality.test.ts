/**
 * The shop-wide list substitutions (core/schedule/listPairs.ts) against the reference server:
 * for EVERY product of the demo shops, the figures a call answered from its list gets equal
 * what its own endpoint answers (handlers called directly, with the server's validation and
 * defaults); and a real-HTTP sample of formula cells gives the same cells for far fewer
 * requests. If a list and its endpoint ever disagree, this fails, product by product.
 */
import { valueOf } from "../../helpers/figureValues";
import { endpointById } from "../../../src/api/endpoints";
import { runAsync, type AsyncEnv } from "../../../src/core/asyncDriver";
import { ResponseCache } from "../../../src/core/cache";
import { planCall } from "../../../src/core/callPlan";
import { realAsyncClock } from "../../../src/core/clock";
import { createDriverStats } from "../../../src/core/driverEnv";
import { type AnswerReads, apiCall, type ApiCall } from "../../../src/core/effects";
import { type Fetch, coalesce } from "../../../src/core/schedule/coalesce";
import { deliver } from "../../../src/core/schedule/deliver";
import type { Need } from "../../../src/core/schedule/need";
import { createScheduling } from "../../../src/core/schedule/registry";
import { fieldNames, pickField } from "../../../src/core/pickField";
import { MemoryStore } from "../../../src/core/store";
import { functionByName } from "../../../src/functions";
import { profitTable } from "../../../src/functions/shape";
import { fetchTransport as browserFetchTransport } from "../../../src/hosts/shared/fetchTransport";
import { generateDemoData } from "../../../src/server/data/generate";
import type { DemoAccount } from "../../../src/server/data/model";
import { ALL_HANDLERS } from "../../../src/server/endpoints";
import { buildServer } from "../../../src/server/app";
import { KeyStore } from "../../../src/server/keys/store";
import { buildRequest } from "../../../src/core/request";
import { parseResponse } from "../../../src/core/response";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestServer, type TestServer } from "../../helpers/server";

const TODAY = "2025-06-30";
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY });
const demo = data.accounts.find((a) => a.id === "demo") as DemoAccount;
const env = { baseUrl: "http://direct", apiKey: "mkta_pat_direct" };

/** The reference server in-process (Fastify inject: validation, defaults, auth; no socket). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-list-equality-"));
const keyStore = new KeyStore(dataDir);
const app = buildServer({
  handlers: ALL_HANDLERS,
  data,
  keyStore,
  today: TODAY,
  rateLimitPerMinute: 1e9,
});
const injectKey = keyStore.create({ label: "list equality", account: "demo" }).token;
afterAll(async () => {
  await app.close();
  keyStore.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One endpoint as the server answers it, through the client's own request building and parsing. */
async function direct(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
): Promise<unknown> {
  const request = buildRequest(endpointById(endpoint), params, {
    baseUrl: "http://inject",
    apiKey: injectKey,
  });
  const res = await app.inject({
    method: request.method,
    url: request.url.slice("http://inject".length),
    headers: { ...request.headers },
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") headers[k] = v;
  return parseResponse({ status: res.statusCode, headers, body: res.body });
}

function needsOf(calls: readonly ApiCall[]): Need[] {
  return calls.flatMap((c) => {
    const plan = planCall(c, env, createDriverStats());
    if (plan.kind === "done") throw new Error("expected needs");
    return plan.needs;
  });
}

/** Every need answered from its list: walk every fetch (and its next pages) through the server. */
async function answeredFromLists(needs: readonly Need[]): Promise<{
  values: Map<number, unknown>;
  requests: number;
}> {
  const values = new Map<number, unknown>();
  let requests = 0;
  const queue: Fetch[] = coalesce(needs, { substitute: true });
  expect(queue.every((f) => f.via === "list")).toBe(true);
  for (let f = queue.shift(); f; f = queue.shift()) {
    requests++;
    const d = deliver(f, needs, await direct(f.endpoint, f.params), endpointById);
    expect(d.fallback).toEqual([]); // every product of the shop is on its list
    for (const a of d.answers) values.set(a.need, a.value);
    if (d.next) queue.push(d.next);
  }
  expect(values.size).toBe(needs.length);
  return { values, requests };
}

/** The same figures: every field the substituted answer offers, and the profit table. */
function expectSameFigures(fromList: unknown, own: unknown, where: string): void {
  const names = fieldNames(fromList);
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) {
    const a = valueOf(pickField(fromList, name));
    const b = valueOf(pickField(own, name));
    if (a !== b)
      throw new Error(`${where}: ${name} is ${String(a)} from the list, ${String(b)} on its own`);
  }
  expect(profitTable(fromList, true)).toEqual(profitTable(own, true));
}

const READS: AnswerReads[] = [{ field: "netProfit" }];

describe("list substitution equals each endpoint, product by product (reference server)", () => {
  const shopsA = demo.shopsA.map((s) => ({
    shopId: s.shopId,
    region: s.region,
    items: s.products.map((p) => p.itemId),
  }));

  it.each([
    ["A2", {}],
    ["A2", { includeVat: false, lookbackDays: 30 }],
    ["A6", {}],
    ["A6", { includeVat: true, lookbackDays: 90 }],
  ])(
    "%s %j from A7, every product of the demo A shops",
    async (endpoint, basis) => {
      // The defaults on every shop (2,400 products); another basis on the 300-product shop.
      const some =
        Object.keys(basis).length === 0 ? shopsA : shopsA.filter((s) => s.items.length <= 300);
      for (const shop of some) {
        const calls = shop.items.map((itemId) =>
          endpoint === "A2"
            ? apiCall("A2", { shopId: shop.shopId, region: shop.region, itemId, ...basis }, READS)
            : apiCall("A6", { shopId: shop.shopId, region: shop.region, itemId, ...basis }, READS),
        );
        const needs = needsOf(calls);
        const { values, requests } = await answeredFromLists(needs);
        expect(requests).toBe(Math.ceil(shop.items.length / 500));
        for (const [i, need] of needs.entries()) {
          const own = await direct(need.endpoint, need.params);
          expectSameFigures(values.get(i), own, `${endpoint} item ${String(need.params.itemId)}`);
        }
      }
    },
    // 2,400 direct requests: a budget for a loaded 2-core CI machine, not a speed claim
    180_000,
  );

  it.each([
    ["A8", {}],
    ["A9", {}],
    ["A8", { includeVat: true, lookbackDays: 90 }],
    ["A9", { lookbackDays: 30 }],
  ])(
    "%s %j from A12's pages, every product of the demo A shops: the same summary",
    async (endpoint, basis) => {
      const some =
        Object.keys(basis).length === 0 ? shopsA : shopsA.filter((s) => s.items.length <= 300);
      for (const shop of some) {
        const calls = shop.items.map((itemId) =>
          endpoint === "A8"
            ? apiCall("A8", { shopId: shop.shopId, region: shop.region, itemId, ...basis })
            : apiCall("A9", { shopId: shop.shopId, region: shop.region, itemId, ...basis }),
        );
        const needs = needsOf(calls);
        const { values, requests } = await answeredFromLists(needs);
        expect(requests).toBe(Math.ceil(shop.items.length / 500));
        for (const [i, need] of needs.entries()) {
          const own = await direct(need.endpoint, need.params);
          expect(values.get(i)).toEqual(own);
        }
      }
    },
    180_000,
  );

  it("B1 from B8: every SKU of the demo seller gets the same entry", async () => {
    const seller = demo.sellersB[0];
    if (!seller) throw new Error("no B seller");
    const skuIds = seller.products.flatMap((p) => p.skus.map((s) => s.skuId));
    const base = { sellerId: seller.sellerId, region: seller.region };
    const needs = needsOf([apiCall("B1", { ...base, skuIds })]);
    const { values, requests } = await answeredFromLists(needs);
    expect(requests).toEqual(1); // B1 itself would take ceil(575 / 100) = 6
    const own = new Map<string, unknown[]>();
    for (let i = 0; i < skuIds.length; i += 100) {
      const chunk = (await direct("B1", { ...base, skuIds: skuIds.slice(i, i + 100) })) as Array<{
        skuId: number;
      }>;
      for (const e of chunk) {
        own.set(String(e.skuId), [...(own.get(String(e.skuId)) ?? []), e]);
      }
    }
    needs.forEach((need, i) => expect(values.get(i)).toEqual(own.get(String(need.batchId))));
  });

  it.each([
    ["C2", {}],
    ["C1", {}],
    ["C2", { hasVat: true, adsCostPerSale: 1.25, lookbackDays: 60 }],
  ])("%s %j from C7, every product of the demo C shop", async (endpoint, basis) => {
    const shop = demo.shopsC[0];
    if (!shop) throw new Error("no C shop");
    const calls = shop.products.map((p) =>
      apiCall(endpoint, { shopId: shop.shopId, productId: p.productId, ...basis }, [
        { profitTable: true },
      ]),
    );
    const needs = needsOf(calls);
    const { values, requests } = await answeredFromLists(needs);
    expect(requests).toBe(Math.ceil(shop.products.length / 100));
    for (const [i, need] of needs.entries()) {
      const own = await direct(need.endpoint, need.params);
      expectSameFigures(values.get(i), own, `${endpoint} ${String(need.params.productId)}`);
    }
  });
});

describe("formula cells over real HTTP: the same cells, far fewer requests", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function cells(
    substituteLists: boolean,
  ): Promise<{ values: unknown[]; requests: number; lists: number }> {
    const clock = realAsyncClock();
    const stats = createDriverStats();
    const asyncEnv: AsyncEnv = {
      baseUrl: server.baseUrl,
      apiKey: server.keyFor("demo"),
      transport: browserFetchTransport(),
      clock,
      cache: new ResponseCache({ store: new MemoryStore({ clock }), clock }),
      ...createScheduling(clock),
      substituteLists,
      stats,
    };
    const shop = demo.shopsA[1];
    if (!shop) throw new Error("no second A shop");
    const sample = shop.products.filter((_, i) => i % 10 === 0).map((p) => p.itemId);
    const breakdown = functionByName("MKTA_BREAKDOWN");
    if (!breakdown) throw new Error("no MKTA_BREAKDOWN");
    const values = await Promise.all(
      sample.flatMap((itemId) => [
        runAsync(breakdown.program([shop.shopId, shop.region, itemId, "", "netProfit"]), asyncEnv),
        runAsync(breakdown.program([shop.shopId, shop.region, itemId, "", "margin"]), asyncEnv),
        runAsync(breakdown.program([shop.shopId, shop.region, itemId]), asyncEnv),
      ]),
    );
    return { values, requests: stats.requests, lists: stats.listRequests };
  }

  it("50 PROFIT_ROAS cells filled down: the same cells (numbers, #N/A) from A12 pages as from A9 each", async () => {
    const shop = demo.shopsA[0];
    if (!shop) throw new Error("no A shop");
    const fn = functionByName("PROFIT_ROAS");
    if (!fn) throw new Error("no PROFIT_ROAS");
    // 50 products spread over the shop's 2,100, as a seller's sheet of them would be.
    const items = shop.products.filter((_, i) => i % 42 === 0).map((p) => p.itemId);
    expect(items).toHaveLength(50);
    const column = async (substituteLists: boolean) => {
      const stats = createDriverStats();
      const clock = realAsyncClock();
      const asyncEnv: AsyncEnv = {
        baseUrl: server.baseUrl,
        apiKey: server.keyFor("demo"),
        transport: browserFetchTransport(),
        clock,
        cache: new ResponseCache({ store: new MemoryStore({ clock }), clock }),
        ...createScheduling(clock),
        substituteLists,
        stats,
      };
      const settled = await Promise.allSettled(
        items.map((itemId) =>
          runAsync(
            fn.program(["A", shop.shopId, shop.region, itemId, "CLEANED", "roas"]),
            asyncEnv,
          ),
        ),
      );
      const cells = settled.map((s) =>
        s.status === "fulfilled" ? valueOf(s.value) : `#N/A ${(s.reason as Error).message}`,
      );
      return { cells, requests: stats.requests, lists: stats.listRequests };
    };
    const own = await column(false);
    const listed = await column(true);
    expect(own.requests).toBe(50);
    // A12 pages by ROAS, products without spend last: at most every page of the shop (2,100
    // products at 500 a page: 5).
    expect(listed.requests).toBeLessThanOrEqual(Math.ceil(shop.products.length / 500));
    expect(listed.lists).toBe(listed.requests);
    expect(listed.cells).toEqual(own.cells);
    // Numbers and error values only: no text among the numbers.
    console.log(
      `50 PROFIT_ROAS cells: ${own.requests} requests alone, ${listed.requests} from A12`,
    );
    expect(own.cells.filter((c) => typeof c === "number").length).toBeGreaterThan(1);
    expect(own.cells.filter((c) => typeof c !== "number").length).toBeGreaterThan(1);
    expect(
      own.cells.filter((c) => typeof c !== "number").every((c) => /^#N\/A /.test(String(c))),
    ).toBe(true);
  });

  it("MKTA_BREAKDOWN item cells (a field, or the table) from one A7 page equal their own A2 answers", async () => {
    const own = await cells(false);
    const listed = await cells(true);
    expect(own.requests).toEqual(30); // 30 items: one A2 each, shared by the three cells of an item
    expect(listed.requests).toEqual(1);
    expect(listed.lists).toEqual(1);
    expect(listed.values).toEqual(own.values);
    expect(typeof valueOf(listed.values[0])).toBe("number");
  });
});
