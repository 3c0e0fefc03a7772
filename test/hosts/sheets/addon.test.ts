/**
 * The built Sheets add-on (dist/sheets Code.js + Stubs.js) in a vm with Apps Script fakes,
 * talking real HTTP to the reference server (in its own process).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { CATALOG } from "../../../src/functions";
import { FakeCache, FakeClock, FakeLock, FakeProperties } from "./fakes";
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

let dir = "";
let server: ServerProcess;
let http: SyncHttp;

/** Direct HTTP call to the reference server (the expected answers). */
async function direct(
  key: string,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(server.baseUrl + urlPath, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data: unknown };
  return json.data;
}

function addonWithKey(
  key: string | null,
  shared: Partial<Parameters<typeof loadAddon>[1]> = {},
): LoadedAddon {
  const userProps = shared.userProps ?? new FakeProperties();
  userProps.setProperty("mkt.baseUrl", server.baseUrl);
  if (key) userProps.setProperty("mkt.apiKey", key);
  return loadAddon(dir, { http, ...shared, userProps });
}

beforeAll(async () => {
  dir = buildSheetsBundle();
  server = await startServerProcess();
  http = new SyncHttp(30_000);
});

afterAll(async () => {
  await http?.close();
  await server?.stop();
});

describe("the built files", () => {
  test("every catalog function is a top-level declaration with its parameters and JSDoc", () => {
    const stubs = readFileSync(path.join(dir, "Stubs.js"), "utf8");
    const addon = addonWithKey(null);
    for (const fn of CATALOG) {
      const names = fn.params.map((p) => p.name);
      const decl = new RegExp(
        `\\* @customfunction\\n \\*/\\nfunction ${fn.name}\\(${names.join(", ")}\\) \\{`,
      );
      expect(stubs).toMatch(decl);
      for (const p of fn.params) expect(stubs).toContain(`} ${p.name} `);
      expect(typeof (addon.context as Record<string, unknown>)[fn.name]).toBe("function");
    }
    const manifest = JSON.parse(readFileSync(path.join(dir, "appsscript.json"), "utf8")) as {
      runtimeVersion: string;
      oauthScopes: string[];
    };
    expect(manifest.runtimeVersion).toBe("V8");
    expect(manifest.oauthScopes.map((s) => s.split("/").pop())).toEqual([
      "spreadsheets", // openById for the daily refresh (currentonly cannot open by id)
      "script.external_request",
      "script.container.ui",
      "script.scriptapp", // the daily refresh trigger only
    ]);
  });

  test("onOpen builds the menu without touching Properties (AuthMode.NONE)", () => {
    const addon = addonWithKey(null);
    const props = addon.userProps as FakeProperties & { getProperty: unknown };
    props.getProperty = () => {
      throw new Error("Properties are not available in AuthMode.NONE");
    };
    addon.call("onOpen", { authMode: "NONE" });
    expect(addon.ui.menu.map(([caption]) => caption)).toEqual([
      "Settings",
      "Import",
      "Refresh imports",
      "Refresh selected cells",
      "Refresh this sheet",
      "Refresh all sheets",
      "Refresh cells with errors",
      "Refresh answers older than the cache time",
      "Pause live calls",
      "Resume live calls",
      "Clear cache",
      "Function help",
    ]);
    // Each item runs a top-level function by name: Stubs.js must declare every one.
    const context = addon.context as Record<string, unknown>;
    for (const [, name] of addon.ui.menu)
      expect([name, typeof context[name]]).toEqual([name, "function"]);
  });

  test("without a key every cell says whose key it uses and who can save it", () => {
    const addon = addonWithKey(null);
    const text =
      "#ERROR! No API key: formula cells use the spreadsheet owner's key; the owner saves it in Extensions > Marketplace Profit > Settings (shared drive: no owner, use Import)";
    expect(cell(addon, "SHOPS")).toBe(text);
    expect(cell(addon, "MKTA_BREAKDOWN", 1, "SG", 1)).toBe(text);
    expect(addon.urlFetch.log).toHaveLength(0);
  });
});

describe("against the reference server", () => {
  let shopA: { shopId: number; region: string };
  let itemA: number;
  let models: number[] = [];

  beforeAll(async () => {
    const shops = (await direct(
      server.keys.demo,
      "GET",
      "/api/mkt-a/fetch-all-user-shops",
    )) as Array<{ shopId: number; region: string }>;
    shopA = shops[0] as { shopId: number; region: string };
    const page = (await direct(
      server.keys.demo,
      "POST",
      `/api/mkt-a/financial-breakdown/products/${shopA.shopId}/${shopA.region}`,
      { pageSize: 50 },
    )) as {
      data: Array<{ itemId: number }>;
    };
    itemA = (page.data[0] as { itemId: number }).itemId;
    const item = (await direct(
      server.keys.demo,
      "POST",
      `/api/mkt-a/financial-breakdown/item/${shopA.shopId}/${shopA.region}/${itemA}`,
      {},
    )) as {
      modelBreakdowns?: Array<{ modelId: number | null }>;
    };
    models = (item.modelBreakdowns ?? [])
      .map((m) => m.modelId)
      .filter((m): m is number => typeof m === "number");
  });

  test("SHOPS through its stub matches the shop lists", async () => {
    const addon = addonWithKey(server.keys.demo);
    const table = cell(addon, "SHOPS", "A") as unknown[][];
    const shops = (await direct(
      server.keys.demo,
      "GET",
      "/api/mkt-a/fetch-all-user-shops",
    )) as unknown[];
    expect(table.length).toBe(shops.length + 1);
    expect(table[1]).toContain(shopA.shopId);
  });

  test("MKTA_BREAKDOWN figures equal the API's", async () => {
    const addon = addonWithKey(server.keys.demo);
    const expected = (await direct(
      server.keys.demo,
      "POST",
      "/api/mkt-a/financial-breakdown/product",
      { shopId: shopA.shopId, region: shopA.region, itemId: itemA },
    )) as {
      metadata: { netProfit: number };
      breakdown?: { commissionFee: { amount: number } };
      commissionFee?: { amount: number };
    };
    expect(
      cell(addon, "MKTA_BREAKDOWN", shopA.shopId, shopA.region, itemA, undefined, "netProfit"),
    ).toBe(expected.metadata.netProfit);
    expect(
      cell(addon, "MKTA_BREAKDOWN", shopA.shopId, shopA.region, itemA, undefined, "commissionFee"),
    ).toBe((expected.breakdown?.commissionFee ?? expected.commissionFee)?.amount);
    const table = cell(addon, "MKTA_BREAKDOWN", shopA.shopId, shopA.region, itemA) as unknown[][];
    expect(table).toContainEqual(["Net profit", expected.metadata.netProfit]);
  });

  test("the seller's profit basis in user properties reaches every cell (VAT counted by default)", async () => {
    const item = 10001691; // issue 12: its profit changes sign with VAT
    const a2 = async (includeVat: boolean): Promise<number> =>
      (
        (await direct(server.keys.demo, "POST", "/api/mkt-a/financial-breakdown/product", {
          shopId: 100001,
          region: "SG",
          itemId: item,
          includeVat,
        })) as { metadata: { netProfit: number } }
      ).metadata.netProfit;
    const [counted, notCounted] = [await a2(true), await a2(false)];
    expect(counted).not.toBe(notCounted);
    const byDefault = addonWithKey(server.keys.demo);
    expect(cell(byDefault, "MKTA_BREAKDOWN", 100001, "SG", item, undefined, "netProfit")).toBe(
      counted,
    );
    expect(cell(byDefault, "MKTA_ITEM", 100001, "SG", item, "netProfit")).toBe(counted);
    const userProps = new FakeProperties();
    userProps.setProperty("mkt.countVat", "off");
    const seller = addonWithKey(server.keys.demo, { userProps });
    expect(cell(seller, "MKTA_BREAKDOWN", 100001, "SG", item, undefined, "netProfit")).toBe(
      notCounted,
    );
    expect(cell(seller, "MKTA_ITEM", 100001, "SG", item, "netProfit")).toBe(notCounted);
    // A cell's own argument still wins.
    expect(
      cell(seller, "MKTA_ITEM", 100001, "SG", item, "netProfit", undefined, undefined, true),
    ).toBe(counted);
  });

  test("a range of 500 model ids costs at most 5 requests; a recalculation within TTL costs none", () => {
    const addon = addonWithKey(server.keys.demo);
    const ids = Array.from({ length: 500 }, (_, i) => [
      models[i % Math.max(1, models.length)] ?? i + 1,
    ]);
    const unique = Array.from({ length: 500 }, (_, i) => [
      i < models.length ? (models[i] as number) : 900_000 + i,
    ]);
    const first = cell(
      addon,
      "MKTA_BREAKDOWN",
      shopA.shopId,
      shopA.region,
      itemA,
      unique,
      "netProfit",
    ) as unknown[][];
    expect(first).toHaveLength(500);
    expect(addon.urlFetch.log.length).toBeLessThanOrEqual(5);
    const before = addon.urlFetch.log.length;
    addon.clock.advance(60_000);
    cell(addon, "MKTA_BREAKDOWN", shopA.shopId, shopA.region, itemA, unique, "netProfit");
    expect(addon.urlFetch.log.length).toBe(before);
    void ids;
  });

  test("a 1,000-id range is cached as a few entries: it evicts nothing, and recalculating costs nothing", () => {
    const addon = addonWithKey(server.keys.demo);
    const shops = cell(addon, "SHOPS", "A");
    const ids = Array.from({ length: 1000 }, (_, i) => [
      i < models.length ? (models[i] as number) : 900_000 + i,
    ]);
    const big = cell(addon, "MKTA_BREAKDOWN", shopA.shopId, shopA.region, itemA, ids, "netProfit");
    expect(big).toHaveLength(1000);
    expect(addon.urlFetch.log).toHaveLength(1 + 10); // SHOPS, then 1,000 ids in 10 requests
    expect(addon.documentCache.keys().length).toBeLessThan(50);
    expect(addon.documentCache.evicted).toBe(0);
    addon.clock.advance(60_000);
    expect(
      cell(addon, "MKTA_BREAKDOWN", shopA.shopId, shopA.region, itemA, ids, "netProfit"),
    ).toEqual(big);
    expect(cell(addon, "SHOPS", "A")).toEqual(shops);
    expect(addon.urlFetch.log).toHaveLength(11);
  });

  test("two API keys never see each other's cached data", () => {
    const shared = {
      documentCache: new FakeCache(new FakeClock()),
      scriptCache: new FakeCache(new FakeClock()),
    };
    const demo = addonWithKey(server.keys.demo, shared);
    const rival = addonWithKey(server.keys.rival, shared);
    const mine = cell(demo, "SHOPS", "A") as unknown[][];
    const theirs = cell(rival, "SHOPS", "A");
    expect(rival.urlFetch.log.length).toBe(1); // not served from demo's cache entry
    expect(JSON.stringify(theirs)).not.toContain(JSON.stringify(mine[1]));
  });

  test("200 cells recalculating at once never exceed 60 requests in any minute", () => {
    const clock = new FakeClock();
    const shared = {
      clock,
      documentCache: new FakeCache(clock),
      scriptCache: new FakeCache(clock),
      lock: new FakeLock(),
    };
    const addons = Array.from({ length: 4 }, () => addonWithKey(server.keys.demo2, shared));
    const results: unknown[] = [];
    for (let i = 0; i < 200; i++) {
      const addon = addons[i % addons.length] as LoadedAddon;
      results.push(cell(addon, "MKTA_ITEM", shopA.shopId, shopA.region, 500_000 + i, "netProfit"));
      clock.advance(50); // cells start 50 ms apart
    }
    const times = addons.flatMap((a) => a.urlFetch.log.map((r) => r.at)).sort((x, y) => x - y);
    for (let i = 0; i + 60 < times.length; i++)
      expect((times[i + 60] as number) - (times[i] as number)).toBeGreaterThanOrEqual(60_000);
    expect(times.length).toBeGreaterThan(0);
    // Unknown items: clear errors, never a hang; cells past the minute's quota wait (issue 10).
    expect(
      results.every(
        (r) =>
          typeof r === "string" && (r.startsWith("#ERROR!") || r.startsWith("Waiting for quota")),
      ),
    ).toBe(true);
    expect(results.some((r) => String(r).startsWith("Waiting for quota"))).toBe(true);
  });

  test("each bad argument class gets its own message, before any request", () => {
    const addon = addonWithKey(server.keys.demo);
    const s = shopA.shopId;
    const _ = undefined;
    const messages = [
      cell(addon, "MKTA_BREAKDOWN", s, "SG", "abc"),
      cell(addon, "MKTA_BREAKDOWN", s, "Singapore", 1),
      cell(addon, "MKTA_BREAKDOWN", s, "SG", 1, _, _, _, -3),
      cell(addon, "MKTA_BREAKDOWN", s, "SG", 1, _, _, _, _, _, "2025-13-01"),
      cell(addon, "MKTA_BREAKDOWN", s, "SG", 1, _, _, "maybe"),
      cell(addon, "MKTA_BREAKDOWN", s, "SG", ""),
      cell(addon, "MKTA_TOP_PRODUCTS", s, "SG", "CHEAPEST"),
      cell(addon, "REQUIRED_PRICE", "B", _, "TH", 12, 50, 25),
      cell(addon, "REQUIRED_PRICE", "A", _, "SG", 12, 50, 0.25),
      cell(addon, "REQUIRED_PRICE", "A", _, "SG", 12, 50, _, _, _, _, _, _, _, _, _, _, "25%"),
      cell(addon, "REQUIRED_PRICE", "A", _, "SG", 12, 50, _, _, _, _, _, _, _, _, _, _, 2),
      cell(addon, "MKTA_BREAKDOWN", s, "SG", [[1], [2]], [[1], [2], [3]]),
    ];
    expect(messages).toEqual([
      '#ERROR! itemId must be a whole-number id (digits only) (got "abc")',
      '#ERROR! region must be a two-letter region code such as SG (got "Singapore")',
      "#ERROR! lookbackDays must be a whole number from 1 to 730 (got -3)",
      '#ERROR! effectiveDate must be a date (a date cell or YYYY-MM-DD) (got "2025-13-01")',
      '#ERROR! headers must be TRUE or FALSE (got "maybe")',
      "#ERROR! itemId is required (a whole-number id)",
      '#ERROR! sortBy must be one of PROFIT, ROAS (got "CHEAPEST")',
      "#ERROR! targetMargin must be a margin from 0 to below 100 %, typed as 25% or 0.25 (got 25)",
      // A takes a margin too (issue 23): this one lacks its shop.
      "#ERROR! shopId is required for marketplace A",
      '#ERROR! targetProfit is an amount of money per unit (5 for 5 per unit), not a percentage (got "25%")',
      "#ERROR! shopId is required for marketplace A",
      "#ERROR! modelId has 3 cells but itemId has 2: ranges must be the same size",
    ]);
    expect(addon.urlFetch.log).toHaveLength(0);
  });

  test("a date cell means the day the sheet shows, whatever the sheet's time zone", () => {
    const addon = addonWithKey(server.keys.demo);
    addon.book.timeZone = "Asia/Singapore";
    // DATE(2025,7,1) in a Singapore sheet: Sheets passes midnight there, 30 June 16:00 UTC.
    const july1 = vm.runInContext("new Date(Date.UTC(2025, 5, 30, 16, 0, 0))", addon.context);
    const s = shopA.shopId;
    cell(addon, "MKTA_COMMISSION_IMPACT", s, shopA.region, july1, "totalMonthlyProfitDelta");
    const sent = addon.urlFetch.log.map((r) => JSON.parse(r.payload ?? "{}") as object);
    expect(sent).toContainEqual(expect.objectContaining({ effectiveDate: "2025-07-01" }));
  });

  test("the API key is never in a cache key, a cache value, a cell, a URL or a log", () => {
    const addon = addonWithKey(server.keys.demo);
    const outputs = [
      cell(addon, "SHOPS"),
      cell(addon, "MKTA_ITEM", shopA.shopId, shopA.region, itemA),
      cell(addon, "MKTA_ITEM", 1, "SG", 1),
    ];
    const key = server.keys.demo;
    for (const r of addon.urlFetch.log) expect(r.url).not.toContain(key);
    for (const k of [...addon.documentCache.keys(), ...addon.scriptCache.keys()])
      expect(k).not.toContain(key);
    for (const v of [...addon.documentCache.values(), ...addon.scriptCache.values()])
      expect(v).not.toContain(key);
    expect(JSON.stringify(outputs)).not.toContain(key);
    expect(addon.logs.join("\n")).not.toContain(key);
  });

  test("saveApiKey verifies the key first; a bad key is refused with a clear message", () => {
    const addon = addonWithKey(null);
    expect(cell(addon, "saveApiKey", "mkt_pat_not-a-real-key")).toMatch(
      /^#ERROR! API key rejected/,
    );
    expect(addon.userProps.getProperty("mkt.apiKey")).toBeNull();
    const saved = addon.call("saveApiKey", server.keys.demo) as { ok: boolean };
    expect(saved.ok).toBe(true);
    expect((addon.call("getSettings") as { hasKey: boolean }).hasKey).toBe(true);
    expect(JSON.stringify(addon.call("getSettings"))).not.toContain(server.keys.demo);
  });

  test("a key the API rejects in a cell turns the sidebar's key status red; a good key clears it", () => {
    const addon = addonWithKey(`mkta_pat_${"Zq7".repeat(14)}`);
    expect((addon.call("getSettings") as { keyRejected: boolean }).keyRejected).toBe(false);
    expect(cell(addon, "MKTA_ITEM", 100001, "SG", 10001691)).toMatch(/^#ERROR! API key rejected/);
    expect((addon.call("getSettings") as { keyRejected: boolean }).keyRejected).toBe(true);
    expect((addon.call("getScheduler") as { keyRejected: boolean }).keyRejected).toBe(true);
    // What marks it is a hash: the key is in one user property only.
    const values = [...addon.userProps.map.values()];
    expect(values.filter((v) => v.includes("Zq7Zq7"))).toHaveLength(1);
    addon.call("saveApiKey", server.keys.demo);
    expect((addon.call("getSettings") as { keyRejected: boolean }).keyRejected).toBe(false);
  });

  test("a server outage gives a clear error, not a hang, and stale data where it has some", async () => {
    const addon = addonWithKey(server.keys.demo);
    const fresh = cell(addon, "SHOPS", "A");
    await server.stop();
    addon.clock.advance(11 * 60_000); // past freshness, still in the stale window
    const started = Date.now();
    expect(cell(addon, "SHOPS", "A")).toEqual(fresh);
    const outage = cell(addon, "SHOPS", "B");
    expect(outage).toBe(
      `#ERROR! Could not reach the API at ${server.baseUrl}: check your connection or the API address in Extensions > Marketplace Profit > Settings`,
    );
    expect(outage).not.toContain(server.keys.demo);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
