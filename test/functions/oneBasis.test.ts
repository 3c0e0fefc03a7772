/**
 * One basis (issue 12, item 1): with default arguments every function that reports a product's
 * net profit per unit, and every import that lists it, gives the same figure for the same
 * product. 50 products across marketplaces A, B and C, real HTTP to the reference server as
 * `npm start` serves it; each function asks its own endpoint (no shop-wide list answers), so
 * a disagreement between endpoints' defaults would show here.
 */
import { valueOf } from "../helpers/figureValues";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { call } from "../../src/core/effects";
import { functionByName } from "../../src/functions";
import type { Cell } from "../../src/functions/cells";
import type { ImportDefinition } from "../../src/imports/definitions";
import { runImport } from "../../src/sidebar/importOnce";
import type { ImportTable } from "../../src/imports/table";
import { generateDemoData } from "../../src/server/data/generate";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

const TODAY = "2025-06-30";
const demo = generateDemoData({ seed: 1, scale: 1, today: TODAY }).accounts.find(
  (a) => a.id === "demo",
);
if (!demo) throw new Error("no demo account");
const shopA = demo.shopsA.find((s) => s.shopId === 100001) ?? demo.shopsA[0];
const sellerB = demo.sellersB[0];
const shopC = demo.shopsC[0];
if (!shopA || !sellerB || !shopC) throw new Error("demo lacks a shop");

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false, today: TODAY });
  // The test server allows 100,000 a minute: the client's 60 would only slow this test down.
  env = functionEnv(server, { perMinute: 100_000, substituteLists: false });
});
afterAll(() => server.close());

async function cell(name: string, args: readonly unknown[]): Promise<unknown> {
  const fn = functionByName(name);
  if (!fn) throw new Error(`no ${name}`);
  return runAsync(fn.program(args as never), env);
}

/** Net profit per unit by product id, from a table with a header row. */
function profitById(rows: readonly (readonly Cell[])[]): Map<string, number> {
  const [head, ...body] = rows;
  const idCol = (head ?? []).findIndex((h) => /^(item|product) id$/i.test(String(h)));
  const profitCol = (head ?? []).findIndex((h) => /^net profit/i.test(String(h)));
  if (idCol < 0 || profitCol < 0) throw new Error(`no id/profit column in ${String(head)}`);
  return new Map(body.map((r) => [String(valueOf(r[idCol])), Number(valueOf(r[profitCol]))]));
}

async function imported(
  def: Omit<ImportDefinition, "id" | "sheetName">,
): Promise<Map<string, number>> {
  const table: ImportTable = await runImport(
    { id: "t", sheetName: "Basis", ...def },
    {
      fetchData: (c) => runAsync(call(c.endpoint, c.params), env),
      writeTable: async () => undefined,
    },
  );
  return profitById([table.columns.map((c) => c.header), ...table.rows]);
}

/** The products of a ranked list that sold, the item first where it is in the shop. */
function sample(ranked: Map<string, number>, n: number, first?: string): string[] {
  const ids = [...ranked.keys()];
  const chosen = first !== undefined && ranked.has(first) ? [first] : [];
  for (const id of ids) if (chosen.length < n && !chosen.includes(id)) chosen.push(id);
  return chosen;
}

function expectAllEqual(id: string, figures: Record<string, unknown>): void {
  const values = Object.values(figures).map(valueOf);
  expect(values.every((v) => typeof v === "number")).toBe(true);
  for (const [source, value] of Object.entries(figures))
    expect({ id, source, value }).toEqual({ id, source, value: values[0] });
}

describe("the same net profit per unit everywhere, with default arguments", () => {
  it("marketplace A: MKTA_BREAKDOWN, MKTA_ITEM, MKTA_PRODUCTS, MKTA_TOP_PRODUCTS and both imports (17 products)", async () => {
    const where = { marketplace: "A" as const, shopId: String(shopA.shopId), region: shopA.region };
    const byProfit = await imported({ kind: "productsByProfit", ...where });
    const all = await imported({ kind: "allProducts", ...where });
    const top = profitById(
      (await cell("MKTA_TOP_PRODUCTS", [shopA.shopId, shopA.region, "PROFIT", 5000])) as Cell[][],
    );
    const listed = profitById(
      (await cell("MKTA_PRODUCTS", [shopA.shopId, shopA.region, 5000])) as Cell[][],
    );
    const ids = sample(byProfit, 17, "10001691");
    expect(ids).toHaveLength(17);
    for (const id of ids) {
      expectAllEqual(id, {
        MKTA_BREAKDOWN: await cell("MKTA_BREAKDOWN", [
          shopA.shopId,
          shopA.region,
          Number(id),
          "",
          "netProfit",
        ]),
        MKTA_ITEM: await cell("MKTA_ITEM", [shopA.shopId, shopA.region, Number(id), "netProfit"]),
        MKTA_PRODUCTS: listed.get(id),
        MKTA_TOP_PRODUCTS: top.get(id),
        importByProfit: byProfit.get(id),
        importAllProducts: all.get(id),
      });
    }
  });

  it("marketplace B: MKTB_BREAKDOWN, MKTB_ITEM, MKTB_PRODUCTS, MKTB_TOP_PRODUCTS and both imports (17 products)", async () => {
    const where = {
      marketplace: "B" as const,
      shopId: String(sellerB.sellerId),
      region: sellerB.region,
    };
    const byProfit = await imported({ kind: "productsByProfit", ...where });
    const all = await imported({ kind: "allProducts", ...where });
    const top = profitById(
      (await cell("MKTB_TOP_PRODUCTS", [
        sellerB.sellerId,
        sellerB.region,
        "PROFIT",
        5000,
      ])) as Cell[][],
    );
    const listed = profitById(
      (await cell("MKTB_PRODUCTS", [sellerB.sellerId, sellerB.region, 5000])) as Cell[][],
    );
    const ids = sample(byProfit, 17);
    expect(ids).toHaveLength(17);
    for (const id of ids) {
      expectAllEqual(id, {
        MKTB_BREAKDOWN: await cell("MKTB_BREAKDOWN", [
          sellerB.sellerId,
          sellerB.region,
          Number(id),
          "",
          "netProfit",
        ]),
        MKTB_ITEM: await cell("MKTB_ITEM", [
          sellerB.sellerId,
          sellerB.region,
          Number(id),
          "netProfit",
        ]),
        MKTB_PRODUCTS: listed.get(id),
        MKTB_TOP_PRODUCTS: top.get(id),
        importByProfit: byProfit.get(id),
        importAllProducts: all.get(id),
      });
    }
  });

  it("marketplace C: MKTC_BREAKDOWN, MKTC_PRODUCTS and the chosen-products import (16 products)", async () => {
    const ids = shopC.products.slice(0, 16).map((p) => p.productId);
    const listed = profitById(
      (await cell("MKTC_PRODUCTS", [shopC.shopId, ids.map((id) => [id])])) as Cell[][],
    );
    const chosen = await imported({
      kind: "productList",
      marketplace: "C",
      shopId: String(shopC.shopId),
      productIds: ids,
    });
    for (const id of ids) {
      expectAllEqual(id, {
        MKTC_BREAKDOWN: await cell("MKTC_BREAKDOWN", [shopC.shopId, id, "", "netProfit"]),
        MKTC_PRODUCTS: listed.get(id),
        importChosenProducts: chosen.get(id),
      });
    }
  });
});
