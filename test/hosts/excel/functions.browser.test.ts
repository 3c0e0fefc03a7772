/**
 * The BUILT dist/excel/functions.js in headless Chromium, with a faithful CustomFunctions /
 * OfficeRuntime shim, calling the reference server over real HTTP with CORS (through a
 * counting proxy on 127.0.0.1). Skipped with a message only when /usr/bin/chromium is missing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { endpointById } from "../../../src/api/endpoints";
import { CATALOG } from "../../../src/functions";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserTestsBlocker, DIST_EXCEL, openExcelPage, type ExcelPage } from "./harness/browser";
import { catalogCases, demoIds, type DemoIds } from "./harness/catalogCases";
import { startCountingProxy, type CountingProxy } from "./harness/countingProxy";
import { callInNode, nodeSession, type CallOutcome } from "./nodeExcel";

const blocker = browserTestsBlocker();
if (blocker) console.warn(blocker);
const describeBrowser = blocker ? describe.skip : describe;

jest.setTimeout(120_000);

describeBrowser("Excel functions.js in Chromium against the reference server", () => {
  let server: TestServer;
  let proxy: CountingProxy;
  let excel: ExcelPage;
  let apiKey: string;
  let ids: DemoIds;

  const callMany = (calls: Array<{ id: string; args: unknown[] }>): Promise<CallOutcome[]> =>
    excel.page.evaluate((c) => (window as unknown as ShimWindow).excelShim.callMany(c), calls);
  const call = async (id: string, args: unknown[]): Promise<CallOutcome> =>
    (await callMany([{ id, args }]))[0] as CallOutcome;

  beforeAll(async () => {
    ids = demoIds();
    server = await startTestServer();
    apiKey = server.keyFor("demo");
    proxy = await startCountingProxy(server.baseUrl);
    excel = await openExcelPage();
    await excel.page.evaluate(
      async ({ key, baseUrl }) => {
        const w = window as unknown as ShimWindow;
        await w.excelShim.loadMetadata();
        await w.excelShim.setStorage({ "mkt.apiKey": key, "mkt.baseUrl": baseUrl });
        w.mktExcelRuntime.reloadSettings();
      },
      { key: apiKey, baseUrl: proxy.baseUrl },
    );
  });

  afterAll(async () => {
    await excel?.close();
    await proxy?.close();
    await server?.close();
  });

  test("every id in functions.json is associated, and nothing else", async () => {
    const associated = await excel.page.evaluate(() =>
      (window as unknown as ShimWindow).excelShim.associatedIds(),
    );
    const json = JSON.parse(readFileSync(path.join(DIST_EXCEL, "functions.json"), "utf8")) as {
      functions: Array<{ id: string }>;
    };
    expect(associated.sort()).toEqual(json.functions.map((f) => f.id).sort());
    // The catalog, and the product card's reference methods (ExcelApi 1.19).
    expect(associated.sort()).toEqual(
      [...CATALOG.map((f) => f.name), "CARD_PROFIT_AT", "CARD_REQUIRED_PRICE"].sort(),
    );
  });

  test("every catalog function answers in Excel what the same call answers over direct HTTP", async () => {
    const cases = catalogCases(ids);
    expect(new Set(cases.map((c) => c.name))).toEqual(new Set(CATALOG.map((f) => f.name)));
    const direct = nodeSession(server.baseUrl, apiKey);
    for (const c of cases) {
      const inExcel = await call(c.name, c.args);
      const overHttp = await callInNode(direct, c.name, c.args);
      expect({ name: c.name, outcome: inExcel }).toEqual({ name: c.name, outcome: overHttp });
      // Data behind every call, except where the spec marks the endpoint "not yet active".
      const fn = CATALOG.find((f) => f.name === c.name);
      const inactive =
        fn?.endpoints.every((id) => endpointById(id).status === "notYetActive") ?? false;
      const expected = inactive
        ? { ok: false, message: expect.stringMatching(/yet/i) }
        : { ok: true };
      expect({ name: c.name, outcome: inExcel }).toMatchObject({ name: c.name, outcome: expected });
    }
  });

  test("a field lookup equals the server's own figure (A1 metadata.netProfit)", async () => {
    const models = ids.modelsA.slice(0, 3);
    const raw = await directPost(
      server.baseUrl,
      apiKey,
      "/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids",
      {
        shopId: ids.shopA,
        region: ids.regionA,
        modelIds: models.map((m) => m.modelId),
      },
    );
    const out = await callMany(
      models.map((m) => ({
        id: "MKTA_BREAKDOWN",
        args: [ids.shopA, ids.regionA, m.itemId, m.modelId, "netProfit"],
      })),
    );
    models.forEach((m, i) => {
      const entry = (raw as Array<{ modelId: number; metadata: { netProfit: number } }>).find(
        (e) => e.modelId === m.modelId,
      );
      expect(out[i]).toEqual({ ok: true, value: [[entry?.metadata.netProfit]] });
    });
  });

  test("1,000 MKTA_BREAKDOWN cells in one tick cost at most 10 requests; repeating them costs none", async () => {
    const models = ids.modelsA.slice(0, 1000);
    expect(models).toHaveLength(1000);
    const cells = models.map((m) => ({
      id: "MKTA_BREAKDOWN",
      args: [ids.shopA, ids.regionA, m.itemId, m.modelId, "netProfit", undefined, 120],
    }));
    proxy.reset();
    const first = await callMany(cells);
    const requests = proxy.count();
    console.log(
      `Excel batching: ${cells.length} MKTA_BREAKDOWN cells -> ${requests} HTTP requests (${proxy.count("/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids")} to A1)`,
    );
    expect(requests).toBeLessThanOrEqual(Math.ceil(1000 / 100));
    expect(
      first.every((o) => o.ok && Array.isArray(o.value) && typeof o.value[0]?.[0] === "number"),
    ).toBe(true);
    // Each cell got its own model's figure: compare with the server's answer for all 1,000 ids.
    const expected = new Map<number, number>();
    for (let i = 0; i < models.length; i += 100) {
      const chunk = models.slice(i, i + 100);
      const raw = (await directPost(
        server.baseUrl,
        apiKey,
        "/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids",
        {
          shopId: ids.shopA,
          region: ids.regionA,
          modelIds: chunk.map((m) => m.modelId),
          lookbackDays: 120,
        },
      )) as Array<{ modelId: number; metadata: { netProfit: number } }>;
      for (const e of raw) expected.set(e.modelId, e.metadata.netProfit);
    }
    models.forEach((m, i) =>
      expect(first[i]).toEqual({ ok: true, value: [[expected.get(m.modelId)]] }),
    );

    proxy.reset();
    const again = await callMany(cells);
    expect(proxy.count()).toBe(0);
    expect(again).toEqual(first);
  });

  test("a server killed mid-batch settles every pending cell with a clear error; after a restart the next recalculation works", async () => {
    const models = ids.modelsA.slice(1000, 1250);
    const cells = models.map((m) => ({
      id: "MKTA_BREAKDOWN",
      args: [ids.shopA, ids.regionA, m.itemId, m.modelId, "netProfit", undefined, 60],
    }));
    proxy.reset();
    proxy.hold();
    const started = Date.now();
    const pending = callMany(cells);
    await waitFor(() => proxy.held >= 1, 10_000);
    await proxy.goDown();
    const outcomes = await pending;
    const settledAfterMs = Date.now() - started;
    console.log(
      `Excel failure: ${cells.length} pending cells settled ${settledAfterMs} ms after the server went down`,
    );
    expect(settledAfterMs).toBeLessThan(30_000);
    for (const o of outcomes) {
      expect(o.ok).toBe(false);
      if (!o.ok) {
        expect(o.error).toBe("#VALUE!");
        expect(o.message).toMatch(/reach the API/i);
      }
    }
    await proxy.comeBack();
    // The breaker is open for its 5 s cool-down: cells say so at once and nothing is sent.
    proxy.reset();
    const early = await callMany(cells.slice(0, 3));
    expect(early.every((o) => !o.ok && /reach the API/.test(o.message))).toBe(true);
    expect(proxy.count()).toBe(0);
    await new Promise((r) => setTimeout(r, 5_500));
    // Then one probe goes; its answer closes the breaker and the recalculation works.
    const retried = await callMany(cells);
    expect(retried.every((o) => o.ok)).toBe(true);
    expect(
      proxy.count("/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids"),
    ).toBeGreaterThanOrEqual(3);
  });

  test("the key never appears in functions.json, the bundles, workbook settings or the console", async () => {
    const calls = await excel.page.evaluate(() =>
      (window as unknown as ShimWindow).excelShim.settingsCalls(),
    );
    expect(calls).toEqual([]);
    for (const file of readdirSync(DIST_EXCEL).filter((f) => /\.(js|json|html|xml)$/.test(f))) {
      expect(readFileSync(path.join(DIST_EXCEL, file), "utf8")).not.toContain(apiKey);
    }
    // An error message must not echo the key either: ask with a wrong one.
    const wrong = apiKey.slice(0, -4) + "zzzz";
    await excel.page.evaluate(async (k) => {
      const w = window as unknown as ShimWindow;
      await w.excelShim.setStorage({ "mkt.apiKey": k });
      w.mktExcelRuntime.reloadSettings();
    }, wrong);
    const rejected = await call("SHOPS", ["A"]);
    expect(rejected).toMatchObject({ ok: false, error: "#VALUE!" });
    expect(JSON.stringify(rejected)).not.toContain(wrong);
    const logs = excel.console.join("\n");
    expect(logs).not.toContain(apiKey);
    expect(logs).not.toContain(wrong);
    // Storage keys are hashes: neither key is part of a storage item name.
    const keys = await excel.page.evaluate(() =>
      (window as unknown as ShimWindow).excelShim.storageKeys(),
    );
    expect(keys.some((k) => k.includes(apiKey) || k.includes(wrong))).toBe(false);
    expect(keys.some((k) => k.startsWith("mkt.cache."))).toBe(true);
  });
});

interface ShimWindow {
  excelShim: {
    loadMetadata(url?: string): Promise<number>;
    associatedIds(): string[];
    callMany(calls: Array<{ id: string; args: unknown[] }>): Promise<CallOutcome[]>;
    settingsCalls(): Array<{ method: string; args: unknown[] }>;
    setStorage(items: Record<string, string>): Promise<void>;
    storageKeys(): Promise<string[]>;
  };
  mktExcelRuntime: { reloadSettings(): void };
}

async function directPost(
  baseUrl: string,
  key: string,
  pathName: string,
  body: unknown,
): Promise<unknown> {
  const res = await fetch(baseUrl + pathName, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { data: unknown };
  if (!res.ok) throw new Error(`${pathName}: HTTP ${res.status}`);
  return envelope.data;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
