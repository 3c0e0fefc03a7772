/**
 * Every catalog function through its generated Sheets stub (the BUILT bundle in one vm), with
 * valid arguments, against the real reference server; each answer is checked value by value
 * against a direct HTTP call for the request the function should make. The direct calls name
 * their endpoint and body by hand, in the API's units, so a catalog that sends the wrong unit
 * (a percent for a fraction) or the wrong field shows up as a different figure.
 */
import { isPointsCopy } from "../../../src/core/marginUnit";
import { endpointById } from "../../../src/api/endpoints";
import { marginsAsFractions } from "../../../src/core/marginUnit";
import { buildRequest } from "../../../src/core/request";
import { humanize } from "../../../src/core/shape";
import { CATALOG } from "../../../src/functions";
import { demoIds } from "../excel/harness/catalogCases";
import vm from "node:vm";
import { FakeProperties } from "./fakes";
import {
  buildSheetsBundle,
  cell,
  loadAddon,
  startServerProcess,
  type LoadedAddon,
  type ServerProcess,
} from "./harness";
import { SyncHttp } from "./syncHttp";

jest.setTimeout(120_000);

type Json = Record<string, unknown>;
type Grid = unknown[][];

let server: ServerProcess;
let http: SyncHttp;
let addon: LoadedAddon;
const ids = demoIds();
const called = new Set<string>();

beforeAll(async () => {
  const dir = buildSheetsBundle();
  server = await startServerProcess();
  http = new SyncHttp(30_000);
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", server.baseUrl);
  userProps.setProperty("mkt.apiKey", server.keys.demo);
  addon = loadAddon(dir, { http, userProps });
});

afterAll(async () => {
  await http?.close();
  await server?.stop();
});

/**
 * The VAT field as the add-in's default profit basis sends it (VAT counted, issue 12) when the
 * direct call does not name it; B16/C10's includeVat is a forward VAT position, not a cost.
 */
function withDefaultBasis(endpoint: string, params: Json): Json {
  const names = endpointById(endpoint).body.map((f) => f.name);
  const field = names.includes("hasVat")
    ? "hasVat"
    : names.includes("includeVat") && endpoint !== "B16" && endpoint !== "C10"
      ? "includeVat"
      : null;
  return field === null || field in params ? params : { ...params, [field]: true };
}

/** The server's answer to one endpoint call, made without the add-in's catalog. */
async function direct(endpoint: string, given: Json): Promise<unknown> {
  const params = withDefaultBasis(endpoint, given);
  const request = buildRequest(endpointById(endpoint), params, {
    baseUrl: server.baseUrl,
    apiKey: server.keys.demo,
  });
  const res = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  const json = (await res.json()) as { data?: unknown; message?: string };
  if (!res.ok) throw new Error(`${endpoint} ${res.status}: ${json.message ?? ""}`);
  // Cells show marketplace A margins as fractions (issue 12); the raw points stay beside them.
  return marginsAsFractions(endpoint, json.data);
}

/** A stub's answer, as a cell shows it; a "#ERROR!" answer fails the test with its message. */
function run(name: string, ...args: unknown[]): unknown {
  called.add(name);
  const value = cell(addon, name, ...args);
  if (typeof value === "string" && value.startsWith("#ERROR!")) throw new Error(value);
  return value;
}

function record(value: unknown): Json {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new Error(`expected an object, got ${JSON.stringify(value)?.slice(0, 200)}`);
  return value as Json;
}

/** Rows of a two-column table by their label. */
function byLabel(table: unknown): Map<unknown, unknown> {
  return new Map((table as Grid).map((row) => [row[0], row[1]]));
}

/** Every breakdown line and the net profit of `data` are in the table, with the same amounts. */
function expectBreakdown(table: unknown, data: unknown): void {
  const rows = byLabel(table);
  const r = record(data);
  // A2 and A6 send their lines at the top level; the others under `breakdown`.
  const lines = Object.entries(r.breakdown === undefined ? r : record(r.breakdown)).filter(
    ([, v]) => typeof (v as Json | null)?.amount === "number",
  );
  expect(lines.length).toBeGreaterThan(3);
  for (const [name, line] of lines) {
    const { amount, label } = record(line);
    expect([name, rows.get(label || name)]).toEqual([name, amount]);
  }
  expect(rows.get("Net profit")).toBe(record(r.metadata).netProfit);
}

/**
 * Each top-level number of `data` is in the (field, value) table under its label, but for a
 * margin's percent-points copy (one margin unit: the table shows the margin once).
 */
function expectFigures(table: unknown, data: unknown, atLeast = 1): void {
  const rows = byLabel(table);
  const numbers = Object.entries(record(data)).filter(
    ([k, v]) => typeof v === "number" && !isPointsCopy(k, record(data)),
  );
  expect(numbers.length).toBeGreaterThanOrEqual(atLeast);
  for (const [k, v] of numbers) expect([k, rows.get(humanize(k))]).toEqual([k, v]);
}

/** One table row per entry, in order: the id column and the net profit column match. */
function expectRows(table: unknown, entries: unknown, idField: string, count: number): void {
  const grid = table as Grid;
  const list = entries as Json[];
  expect(list.length).toBeGreaterThan(0);
  expect(grid.length).toBe(Math.min(count, list.length) + 1);
  const header = grid[0] as unknown[];
  const idCol = header.indexOf(humanize(idField));
  // Named as imports name it: a per-unit figure says so.
  const profitCol = header.indexOf("Net profit (per unit)");
  expect([idCol, profitCol].every((c) => c >= 0)).toBe(true);
  grid.slice(1).forEach((row, i) => {
    const entry = list[i] as Json;
    expect([row[idCol], row[profitCol]]).toEqual([
      entry[idField],
      record(entry.metadata ?? entry).netProfit,
    ]);
  });
}

const A = [ids.shopA, ids.regionA] as const;
const B = [ids.sellerB, ids.regionB] as const;
const model = ids.modelsA[0] as { itemId: number; modelId: number };
const shopA = { shopId: ids.shopA, region: ids.regionA };
const sellerB = { sellerId: ids.sellerB, region: ids.regionB };
const [l1, l2, l3] = ids.categoryC.split(" > ");
const categoryC = { categoryL1: l1, categoryL2: l2, categoryL3: l3 };
const _ = undefined;

describe("marketplace A", () => {
  test("MKTA_BREAKDOWN: a product (A2), a model (A1) and a range of products", async () => {
    const product = await direct("A2", { ...shopA, itemId: ids.itemA });
    expectBreakdown(run("MKTA_BREAKDOWN", ...A, ids.itemA), product);
    const [entry] = (await direct("A1", { ...shopA, modelIds: [model.modelId] })) as Json[];
    expectBreakdown(run("MKTA_BREAKDOWN", ...A, model.itemId, model.modelId), entry);
    const other = record(await direct("A2", { ...shopA, itemId: 10000002 }));
    expect(run("MKTA_BREAKDOWN", ...A, [[ids.itemA], [10000002]], _, "netProfit")).toEqual([
      [record(record(product).metadata).netProfit],
      [record(other.metadata).netProfit],
    ]);
    // A product card has no card in Sheets: its cell is the product's net profit.
    expect(run("MKTA_PRODUCT_CARD", ...A, ids.itemA)).toBe(
      record(record(product).metadata).netProfit,
    );
  });

  test("MKTA_ITEM (A6)", async () => {
    const item = await direct("A6", { ...shopA, itemId: ids.itemA, lookbackDays: 90 });
    expectBreakdown(run("MKTA_ITEM", ...A, ids.itemA, _, _, 90), item);
  });

  test("MKTA_NEW_PRODUCT (A3)", async () => {
    const body = {
      ...shopA,
      listingPrice: 25.9,
      categoryId: ids.categoryA,
      manufacturingCogs: 8.5,
    };
    expectBreakdown(
      run("MKTA_NEW_PRODUCT", ...A, 25.9, ids.categoryA, _, _, 8.5),
      await direct("A3", body),
    );
  });

  test("MKTA_SIMULATE (A5): a commission rate typed as 5% is the fraction 0.05", async () => {
    const body = { ...shopA, itemId: model.itemId, modelId: model.modelId, sellerDiscount: 1 };
    const simulated = await direct("A5", { ...body, commissionRate: 0.05 });
    const typed = run("MKTA_SIMULATE", ...A, model.itemId, model.modelId, _, _, 1, _, _, _, 0.05);
    expectBreakdown(typed, simulated);
    expect(record(record(simulated).metadata).commissionRate).toBe(0.05);
  });

  test("MKTA_PRODUCTS (A7, cursor pages)", async () => {
    const page = record(await direct("A7", { ...shopA, pageSize: 20 }));
    expectRows(run("MKTA_PRODUCTS", ...A, 20), page.data, "itemId", 20);
  });

  test("MKTA_TOP_PRODUCTS by profit (A11) and by ROAS (A12)", async () => {
    const byProfit = record(await direct("A11", { ...shopA, page: 0, pageSize: 5 }));
    expectRows(run("MKTA_TOP_PRODUCTS", ...A, "PROFIT", 5), byProfit.entries, "itemId", 5);
    const byRoas = record(await direct("A12", { ...shopA, page: 0, pageSize: 5 }));
    const table = run("MKTA_TOP_PRODUCTS", ...A, "ROAS", 5) as Grid;
    const col = (table[0] as unknown[]).indexOf("Item id");
    expect(table.slice(1).map((r) => r[col])).toEqual(
      (byRoas.entries as Json[]).map((e) => e.itemId),
    );
  });

  test("MKTA_CORRECTED_ROAS (A10)", async () => {
    const [entry] = (await direct("A10", { ...shopA, itemIds: [ids.itemA] })) as Json[];
    expectFigures(run("MKTA_CORRECTED_ROAS", ...A, ids.itemA), entry, 2);
  });

  test("MKTA_OVERVIEW sections (A14, A17) and a field", async () => {
    const summary = await direct("A14", shopA);
    expectFigures(run("MKTA_OVERVIEW", ...A, "SUMMARY"), summary, 3);
    const flow = record(await direct("A17", { ...shopA, topN: 3 }));
    const firstNumber = Object.entries(flow).find(([, v]) => typeof v === "number");
    if (firstNumber)
      expect(run("MKTA_OVERVIEW", ...A, "FLOW", firstNumber[0], _, _, _, 3)).toBe(firstNumber[1]);
    else expectFigures(run("MKTA_OVERVIEW", ...A, "FLOW", _, _, _, _, 3), flow, 0);
  });

  test("MKTA_COMMISSION_IMPACT (A19), a Sheets date as effectiveDate", async () => {
    const impact = await direct("A19", { ...shopA, effectiveDate: "2025-09-01" });
    expectFigures(run("MKTA_COMMISSION_IMPACT", ...A, sheetsDate(2025, 9, 1)), impact, 1);
  });

  test("FEE_CHANGE (A2 today and at a date): profit per unit at each day's fees", async () => {
    const today = record(await direct("A2", { ...shopA, itemId: ids.itemA }));
    const later = record(
      await direct("A2", { ...shopA, itemId: ids.itemA, effectiveDate: "2030-01-01" }),
    );
    const cellOf = (field: string): unknown =>
      run("FEE_CHANGE", ...A, ids.itemA, sheetsDate(2030, 1, 1), field);
    expect(cellOf("netProfitToday")).toBe(record(today.metadata).netProfit);
    expect(cellOf("netProfit")).toBe(record(later.metadata).netProfit);
    expect(cellOf("profitDelta")).toBeCloseTo(
      Number(record(later.metadata).netProfit) - Number(record(today.metadata).netProfit),
      2,
    );
  });

  test("MKTA_CATEGORIES (A20): each category id with its current commission rate", async () => {
    const data = record(await direct("A20", { ...shopA, lookbackDays: 730, topN: 100 }));
    const cats = data.byCategory as { categoryId: number; currentRate: number }[];
    const table = run("MKTA_CATEGORIES", ...A) as unknown[][];
    expect(table[0]).toEqual(["Category id", "Name", "Commission rate"]);
    expect(table.slice(1).map((r) => [r[0], r[2]])).toEqual(
      cats.map((c) => [c.categoryId, c.currentRate]),
    );
    expect(cats.length).toBeGreaterThan(0);
  });

  test("MKTA_COMMISSION_OVERVIEW (A20)", async () => {
    expectFigures(run("MKTA_COMMISSION_OVERVIEW", ...A), await direct("A20", shopA), 1);
  });
});

describe("marketplace B", () => {
  test("MKTB_BREAKDOWN: a SKU (B1) and a product (B2)", async () => {
    const [entry] = (await direct("B1", { ...sellerB, skuIds: [ids.skuB] })) as Json[];
    expectBreakdown(run("MKTB_BREAKDOWN", ...B, ids.itemB, ids.skuB), entry);
    const product = await direct("B2", { ...sellerB, itemId: ids.itemB });
    expectBreakdown(run("MKTB_BREAKDOWN", ...B, ids.itemB), product);
    expect(run("MKTB_BREAKDOWN", ...B, ids.itemB, _, "margin")).toBe(
      record(record(product).metadata).margin,
    );
    // A SKU's card in Sheets: its net profit.
    expect(run("MKTB_PRODUCT_CARD", ...B, ids.itemB, ids.skuB)).toBe(
      record(record(entry).metadata).netProfit,
    );
  });

  test("MKTB_ITEM (B6)", async () => {
    expectBreakdown(
      run("MKTB_ITEM", ...B, ids.itemB),
      await direct("B6", { ...sellerB, itemId: ids.itemB }),
    );
  });

  test("MKTB_NEW_PRODUCT (B3)", async () => {
    const body = { region: ids.regionB, listingPrice: 19.9, categoryId: ids.categoryB };
    expectBreakdown(
      run("MKTB_NEW_PRODUCT", ids.regionB, 19.9, ids.categoryB),
      await direct("B3", body),
    );
  });

  test("MKTB_SIMULATE (B5): commission and coin rates are fractions", async () => {
    const body = { ...sellerB, itemId: ids.itemB, skuId: ids.skuB, commissionRate: 0.07 };
    const simulated = await direct("B5", body);
    expectBreakdown(
      run("MKTB_SIMULATE", ...B, ids.itemB, ids.skuB, _, _, _, _, _, _, 0.07),
      simulated,
    );
    expect(record(record(simulated).metadata).commissionRate).toBe(0.07);
  });

  test("MKTB_PRODUCTS (B7), MKTB_ALL_SKUS (B8), MKTB_TOP_PRODUCTS (B12)", async () => {
    const page = record(await direct("B7", { ...sellerB, pageSize: 20 }));
    expectRows(run("MKTB_PRODUCTS", ...B, 20), page.data, "itemId", 20);
    const skus = await direct("B8", sellerB);
    expectRows(run("MKTB_ALL_SKUS", ...B, 20), skus, "skuId", 20);
    const top = record(await direct("B12", { ...sellerB, page: 0, pageSize: 5 }));
    expectRows(run("MKTB_TOP_PRODUCTS", ...B, "PROFIT", 5), top.entries, "itemId", 5);
  });

  test("MKTB_CORRECTED_ROAS (B11, not yet active): the cell says so", async () => {
    const answer = await direct("B11", { ...sellerB, itemIds: [ids.adItemB] }).catch(
      (e: Error) => e,
    );
    called.add("MKTB_CORRECTED_ROAS");
    const shown = cell(addon, "MKTB_CORRECTED_ROAS", ...B, ids.adItemB);
    if (answer instanceof Error || (answer as unknown[]).length === 0) {
      expect(shown).toMatch(/^#ERROR! .*(not yet active|no corrected ROAS)/i);
    } else {
      expectFigures(shown, (answer as unknown[])[0], 1);
    }
  });

  test("MKTB_OVERVIEW (B16)", async () => {
    expectFigures(run("MKTB_OVERVIEW", ...B), await direct("B16", sellerB), 3);
  });
});

describe("marketplace C", () => {
  const shopC = { shopId: ids.shopC };

  test("MKTC_BREAKDOWN: a SKU (C3) and a product (C2)", async () => {
    const [entry] = (await direct("C3", { ...shopC, skuIds: [ids.skuC] })) as Json[];
    expectBreakdown(run("MKTC_BREAKDOWN", ids.shopC, ids.productC, ids.skuC), entry);
    const product = await direct("C2", { ...shopC, productId: ids.productC });
    expectBreakdown(run("MKTC_BREAKDOWN", ids.shopC, ids.productC), product);
    // A product's card in Sheets: its net profit.
    expect(run("MKTC_PRODUCT_CARD", ids.shopC, ids.productC)).toBe(
      record(record(product).metadata).netProfit,
    );
  });

  test("MKTC_PRODUCTS (C7)", async () => {
    const [entry] = (await direct("C7", { ...shopC, productIds: [ids.productC] })) as Json[];
    expectBreakdown(run("MKTC_PRODUCTS", ids.shopC, ids.productC), entry);
  });

  test("MKTC_NEW_PRODUCT (C4) from a category path", async () => {
    const body = { ...shopC, listingPrice: 150, ...categoryC, manufacturingCogs: 40 };
    expectBreakdown(
      run("MKTC_NEW_PRODUCT", ids.shopC, 150, ids.categoryC, _, _, 40),
      await direct("C4", body),
    );
  });

  test("MKTC_SIMULATE (C5)", async () => {
    const body = { ...shopC, productId: ids.productC, skuId: ids.skuC, sellerDiscount: 5 };
    expectBreakdown(
      run("MKTC_SIMULATE", ids.shopC, ids.productC, ids.skuC, _, _, _, 5),
      await direct("C5", body),
    );
  });

  test("MKTC_OVERVIEW (C10)", async () => {
    const overview = await direct("C10", { ...shopC, region: ids.regionC });
    expectFigures(run("MKTC_OVERVIEW", ids.shopC, ids.regionC), overview, 3);
  });
});

describe("across marketplaces, in the API's units", () => {
  test("REQUIRED_PRICE: a 10% discount is 10 percent points for A4, the fraction 0.1 for B4 and C6", async () => {
    const a = record(
      await direct("A4", {
        ...shopA,
        categoryId: ids.categoryA,
        cogs: 5,
        targetMargin: 2,
        targetDiscountPercent: 10,
      }),
    );
    const aCell = run(
      "REQUIRED_PRICE",
      "A",
      ...A,
      ids.categoryA,
      5,
      _,
      _,
      _,
      _,
      0.1,
      _,
      _,
      _,
      _,
      _,
      2,
    );
    expectBreakdown(aCell, a);
    expect(byLabel(aCell).get("Required listing price")).toBe(a.requiredListingPrice);
    const b = record(
      await direct("B4", {
        region: ids.regionB,
        categoryId: ids.categoryB,
        cogs: 20,
        targetMargin: 0.25,
        targetDiscountPercent: 0.1,
      }),
    );
    expect(
      run(
        "REQUIRED_PRICE",
        "B",
        _,
        ids.regionB,
        ids.categoryB,
        20,
        0.25,
        "requiredListingPrice",
        _,
        _,
        0.1,
      ),
    ).toBe(b.requiredListingPrice);
    const c = record(
      await direct("C6", {
        ...shopC(),
        ...categoryC,
        cogs: 40,
        targetMargin: 0.2,
        returnRate: 0.05,
      }),
    );
    const cCell = run(
      "REQUIRED_PRICE",
      "C",
      ids.shopC,
      _,
      ids.categoryC,
      40,
      0.2,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      _,
      0.05,
    );
    expectBreakdown(cCell, c);
  });

  test("PROFIT_ROAS: RAW (A8) and CLEANED (A9)", async () => {
    const raw = record(await direct("A8", { ...shopA, itemId: ids.itemA }));
    // A figure, or (none: no ad spend) an error saying why (issue 23: #N/A, which Sheets shows
    // as #ERROR! with the message; in a table, as "Error: <why>"), never a blank or a text value.
    const why = /ROAS has no value|Not reported by the API/;
    called.add("PROFIT_ROAS");
    const single = cell(addon, "PROFIT_ROAS", "A", ...A, ids.itemA, "RAW", "roas");
    if (raw.profitAdjustedRoas === null) expect(String(single)).toMatch(/^#ERROR! /);
    expect(single).toEqual(raw.profitAdjustedRoas ?? expect.stringMatching(why));
    const cleaned = record(await direct("A9", { ...shopA, itemId: ids.itemA }));
    const table = run("PROFIT_ROAS", "A", ...A, ids.itemA, "CLEANED");
    expectFigures(table, cleaned, 1);
    expect(byLabel(table).get("ROAS")).toEqual(
      cleaned.profitAdjustedCleanedRoas ??
        expect.stringMatching(/^Error: .*(ROAS has no value|Not reported)/),
    );
  });

  test("SET_MARGIN_PREVIEW: a 20% margin is 20 percent points for A21, 0.2 for B14 and C8", async () => {
    const a = record(
      await direct("A21", {
        ...shopA,
        mode: "MARGIN",
        targetMarginPercent: 20,
        models: [{ itemId: model.itemId, modelId: model.modelId, originalPrice: 30 }],
      }),
    );
    const [aEntry] = a.adjustedItems as Json[];
    expect(
      run(
        "SET_MARGIN_PREVIEW",
        "A",
        ...A,
        model.itemId,
        0.2,
        model.modelId,
        "MARGIN",
        30,
        _,
        "computedSellerDiscount",
      ),
    ).toBe(record(aEntry).computedSellerDiscount);
    const b = record(
      await direct("B14", {
        ...sellerB,
        targetMarginPercent: 0.2,
        skus: [{ itemId: ids.itemB, skuId: ids.skuB }],
      }),
    );
    const [bEntry] = b.adjustedItems as Json[];
    expect(
      run(
        "SET_MARGIN_PREVIEW",
        "B",
        ...B,
        ids.itemB,
        0.2,
        ids.skuB,
        _,
        _,
        _,
        "computedSpecialPriceDiscount",
      ),
    ).toBe(record(bEntry).computedSpecialPriceDiscount);
    const c = record(
      await direct("C8", {
        shopId: ids.shopC,
        targetMarginPercent: 0.2,
        skus: [{ productId: ids.productC, skuId: ids.skuC, cogs: 20 }],
      }),
    );
    const [cEntry] = c.adjustedItems as Json[];
    expect(
      run(
        "SET_MARGIN_PREVIEW",
        "C",
        ids.shopC,
        _,
        ids.productC,
        0.2,
        ids.skuC,
        _,
        _,
        20,
        "computedSellerDiscount",
      ),
    ).toBe(record(cEntry).computedSellerDiscount);
  });

  test("SET_MARGIN_PREVIEW for a B product without a SKU shows every SKU the API priced", async () => {
    const answer = record(
      await direct("B14", { ...sellerB, targetMarginPercent: 0.2, skus: [{ itemId: ids.itemB }] }),
    );
    const entries = [
      ...((answer.adjustedItems as Json[] | undefined) ?? []),
      ...((answer.unadjustableItems as Json[] | undefined) ?? []),
    ].map(record);
    expect(entries.length).toBeGreaterThan(1); // the API prices each SKU of the product
    const table = run("SET_MARGIN_PREVIEW", "B", ...B, ids.itemB, 0.2) as unknown[][];
    const header = table[0] ?? [];
    const column = (label: string): unknown[] =>
      table.slice(1).map((r) => r[header.indexOf(label)]);
    expect(column("SKU id")).toEqual(entries.map((e) => e.skuId));
    expect(column("Computed special price discount")).toEqual(
      entries.map((e) => e.computedSpecialPriceDiscount),
    );
    expect(column("Status")).not.toContain("Not in the answer");
    expect(column("Status")).toContain("Adjusted");
    // One cell cannot hold several SKUs' figures: an error naming the argument to give.
    expect(() =>
      run(
        "SET_MARGIN_PREVIEW",
        "B",
        ...B,
        ids.itemB,
        0.2,
        _,
        _,
        _,
        _,
        "computedSpecialPriceDiscount",
      ),
    ).toThrow(/variantId is needed for a field: the product has several SKUs/);
  });

  test("a preview range repeating a SKU with two targets answers each row with its own target", async () => {
    const price = async (target: number): Promise<unknown> => {
      const answer = record(
        await direct("B15", {
          ...sellerB,
          skus: [{ itemId: ids.itemB, skuId: ids.skuB, targetBuyerPrice: target }],
        }),
      );
      return record(
        [
          ...((answer.adjustedItems as Json[]) ?? []),
          ...((answer.unadjustableItems as Json[]) ?? []),
        ][0],
      );
    };
    const [low, high] = [await price(20), await price(60)];
    const twice = run(
      "SET_BUYER_PRICE_PREVIEW",
      "B",
      ...B,
      [[ids.itemB], [ids.itemB]],
      [[20], [60]],
      [[ids.skuB], [ids.skuB]],
      _,
      "computedSpecialPriceDiscount",
    );
    expect(twice).toEqual([
      [(low as Json).computedSpecialPriceDiscount],
      [(high as Json).computedSpecialPriceDiscount],
    ]);
    // A product without its SKU beside a row of one of its SKUs: each keeps its own answers.
    const mixed = run("SET_MARGIN_PREVIEW", "B", ...B, [[ids.itemB], [ids.itemB]], 0.2, [
      [""],
      [ids.skuB],
    ]) as unknown[][];
    const header = mixed[0] ?? [];
    const sku = header.indexOf("SKU id");
    const bySku = mixed.slice(1).map((r) => r[sku]);
    expect(bySku.filter((v) => v === ids.skuB)).toHaveLength(2); // once per row, not three times
  });

  test("SET_BUYER_PRICE_PREVIEW (A22, B15, C9)", async () => {
    const a = record(
      await direct("A22", {
        ...shopA,
        models: [{ itemId: model.itemId, modelId: model.modelId, targetBuyerPrice: 20 }],
      }),
    );
    expect(
      run(
        "SET_BUYER_PRICE_PREVIEW",
        "A",
        ...A,
        model.itemId,
        20,
        model.modelId,
        _,
        "computedSellerDiscount",
      ),
    ).toBe(record((a.adjustedItems as Json[])[0]).computedSellerDiscount);
    const b = record(
      await direct("B15", {
        ...sellerB,
        skus: [{ itemId: ids.itemB, skuId: ids.skuB, targetBuyerPrice: 20 }],
      }),
    );
    expect(
      run(
        "SET_BUYER_PRICE_PREVIEW",
        "B",
        ...B,
        ids.itemB,
        20,
        ids.skuB,
        _,
        "computedSpecialPriceDiscount",
      ),
    ).toBe(record((b.adjustedItems as Json[])[0]).computedSpecialPriceDiscount);
    const c = record(
      await direct("C9", {
        shopId: ids.shopC,
        skus: [{ productId: ids.productC, skuId: ids.skuC, targetBuyerPrice: 100 }],
      }),
    );
    expect(
      run(
        "SET_BUYER_PRICE_PREVIEW",
        "C",
        ids.shopC,
        _,
        ids.productC,
        100,
        ids.skuC,
        _,
        "computedSellerDiscount",
      ),
    ).toBe(record((c.adjustedItems as Json[])[0]).computedSellerDiscount);
  });

  test("SHOPS (SHOPS_A, SHOPS_B, SHOPS_C) and PRODUCT_SEARCH (SEARCH)", async () => {
    const lists = await Promise.all(["SHOPS_A", "SHOPS_B", "SHOPS_C"].map((e) => direct(e, {})));
    const table = run("SHOPS") as Grid;
    expect(table.length).toBe(1 + lists.reduce((n: number, l) => n + (l as unknown[]).length, 0));
    const found = (await direct("SEARCH", { query: "case" })) as unknown;
    const list = (Array.isArray(found) ? found : record(found).data) as Json[];
    const search = run("PRODUCT_SEARCH", "case", 5) as Grid;
    expect(search.length).toBe(Math.min(5, list.length) + 1);
    const first = list[0] as Json;
    const firstId = Object.values(first).find(
      (v) => typeof v === "number" || typeof v === "string",
    );
    expect(search[1]).toContain(firstId);
  });
});

/** A Date made inside the add-on's realm, as Sheets passes a date cell. */
function sheetsDate(y: number, m: number, d: number): unknown {
  return vm.runInContext(`new Date(${y}, ${m - 1}, ${d})`, addon.context);
}

function shopC(): { shopId: number } {
  return { shopId: ids.shopC };
}

test("every catalog function was called through its stub", () => {
  expect(CATALOG.map((f) => f.name).filter((n) => !called.has(n))).toEqual([]);
});
