/**
 * 1,000 MKTA_BREAKDOWN cells (distinct model ids, field netProfit) against the reference
 * server, in both hosts, add-in versus the naive per-cell client that ImportJSON-style
 * scripts are: one request per cell, no cache, no batching.
 *
 * - Excel: the BUILT dist/excel/functions.js in headless Chromium with the Office shim of the
 *   Excel tests, 1,000 cells in one recalculation (one tick). The naive client is a per-cell
 *   `fetch` in the same page, all cells at once (the browser's own connection limit applies).
 * - Sheets: the BUILT dist/sheets bundle in node:vm with the Apps Script fakes and real
 *   synchronous HTTP; the add-in gets the ids as ranges (one formula). The naive client is an
 *   Apps Script function calling UrlFetchApp.fetch once per cell, cells one after another (real
 *   Sheets runs about 30 cell executions at once: its wall time would be lower, its requests not).
 *
 * Requests are counted by the server (API requests; CORS preflights left out). "Cold" starts
 * from empty caches (a fresh browser profile, a fresh Apps Script sandbox); "warm" repeats the
 * same cells right after.
 */
import path from "node:path";
import vm from "node:vm";
import { openExcelPage } from "../test/hosts/excel/harness/browser";
import { FakeClock, FakeProperties, FakeUrlFetchApp } from "../test/hosts/sheets/fakes";
import { loadAddon } from "../test/hosts/sheets/harness";
import type { SyncHttp } from "../test/hosts/sheets/syncHttp";
import type { BenchServer } from "./benchServer";

/** One measured pass over the cells. */
export interface Measure {
  readonly requests: number;
  readonly ms: number;
}

/** Add-in and naive client, cold and warm, in one host. */
export interface HostMeasures {
  readonly addinCold: Measure;
  readonly addinWarm: Measure;
  readonly naiveCold: Measure;
  readonly naiveWarm: Measure;
}

export interface CellsSetup {
  readonly server: BenchServer;
  readonly shopId: number;
  readonly region: string;
  /** The cells: one (itemId, modelId) each, model ids distinct. */
  readonly cells: ReadonlyArray<{ readonly itemId: number; readonly modelId: number }>;
  /** Folder of the built Sheets bundle (dist/sheets). */
  readonly sheetsDir: string;
  readonly http: SyncHttp;
  /** Measure the naive client's second pass too (default true; the guard test skips it). */
  readonly naiveWarm?: boolean;
}

const A2_PATH = "/api/mkt-a/financial-breakdown/product";

/** What a pass returns besides its measure: the cell values, to check both clients agree. */
interface Pass {
  readonly measure: Measure;
  readonly values: unknown[];
}

async function counted(
  server: BenchServer,
  run: () => Promise<{ ms: number; values: unknown[] }>,
): Promise<Pass> {
  await server.reset();
  const { ms, values } = await run();
  return { measure: { requests: await server.requests(), ms }, values };
}

function checkNumbers(label: string, values: unknown[], n: number): void {
  const bad = values.findIndex((v) => typeof v !== "number" || !Number.isFinite(v));
  if (values.length !== n || bad >= 0)
    throw new Error(
      `${label}: expected ${n} numbers, cell ${bad + 1} is ${JSON.stringify(values[bad])}`,
    );
}

function checkSame(label: string, a: unknown[], b: unknown[]): void {
  const i = a.findIndex((v, k) => v !== b[k]);
  if (i >= 0)
    throw new Error(`${label}: cell ${i + 1} differs (${String(a[i])} vs ${String(b[i])})`);
}

type PassRun = () => Promise<{ ms: number; values: unknown[] }>;

/**
 * The add-in twice (cold, then warm from its cache) and the naive client, each counted at the
 * server; every pass must give one number per cell and the same numbers as the add-in.
 */
async function compareClients(
  host: "Excel" | "Sheets",
  s: CellsSetup,
  addin: PassRun,
  naive: PassRun,
): Promise<HostMeasures & { values: unknown[] }> {
  const addinCold = await counted(s.server, addin);
  const addinWarm = await counted(s.server, addin);
  const naiveCold = await counted(s.server, naive);
  const naiveWarm = s.naiveWarm === false ? naiveCold : await counted(s.server, naive);
  for (const [label, p] of [
    [`${host} add-in cold`, addinCold],
    [`${host} add-in warm`, addinWarm],
    [`${host} naive`, naiveCold],
  ] as const)
    checkNumbers(label, p.values, s.cells.length);
  checkSame(`${host} add-in warm vs cold`, addinWarm.values, addinCold.values);
  checkSame(`${host} naive vs add-in`, naiveCold.values, addinCold.values);
  return {
    addinCold: addinCold.measure,
    addinWarm: addinWarm.measure,
    naiveCold: naiveCold.measure,
    naiveWarm: naiveWarm.measure,
    values: addinCold.values,
  };
}

interface ShimWindow {
  excelShim: {
    loadMetadata(): Promise<number>;
    setStorage(items: Record<string, string>): Promise<void>;
    callMany(
      calls: Array<{ id: string; args: unknown[] }>,
    ): Promise<Array<{ ok: boolean; value?: unknown; message?: string }>>;
  };
  mktExcelRuntime: { reloadSettings(): void };
}

/** The Excel host: one fresh browser profile per cold pass. */
export async function measureExcel(s: CellsSetup): Promise<HostMeasures & { values: unknown[] }> {
  const excel = await openExcelPage();
  try {
    const { page } = excel;
    await page.evaluate(
      async ({ key, baseUrl }) => {
        const w = window as unknown as ShimWindow;
        await w.excelShim.loadMetadata();
        await w.excelShim.setStorage({ "mkt.apiKey": key, "mkt.baseUrl": baseUrl });
        w.mktExcelRuntime.reloadSettings();
      },
      { key: s.server.key, baseUrl: s.server.baseUrl },
    );
    const calls = s.cells.map((c) => ({
      id: "MKTA_BREAKDOWN",
      args: [s.shopId, s.region, c.itemId, c.modelId, "netProfit"],
    }));
    const recalc = () =>
      page.evaluate(async (c) => {
        const started = performance.now();
        const out = await (window as unknown as ShimWindow).excelShim.callMany(c);
        const ms = performance.now() - started;
        return {
          ms,
          values: out.map((o) =>
            o.ok ? (o.value as unknown[][])[0]?.[0] : `error: ${o.message ?? ""}`,
          ),
        };
      }, calls);
    const naive = () =>
      page.evaluate(
        async ({ baseUrl, key, path: apiPath, shopId, region, cells }) => {
          // What a hand-written custom function does: fetch this cell's figure, nothing shared.
          // (No named inner functions: tsx would wrap them in a helper the page does not have.)
          const started = performance.now();
          const values = await Promise.all(
            cells.map(async (c) => {
              const res = await fetch(baseUrl + apiPath, {
                method: "POST",
                headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
                body: JSON.stringify({ shopId, region, itemId: c.itemId, modelId: c.modelId }),
              });
              const body = (await res.json()) as { data?: { metadata?: { netProfit?: unknown } } };
              return body.data?.metadata?.netProfit;
            }),
          );
          return { ms: performance.now() - started, values };
        },
        {
          baseUrl: s.server.baseUrl,
          key: s.server.key,
          path: A2_PATH,
          shopId: s.shopId,
          region: s.region,
          cells: s.cells.map((c) => ({ itemId: c.itemId, modelId: c.modelId })),
        },
      );
    return await compareClients("Excel", s, recalc, naive); // await: finally closes the browser
  } finally {
    await excel.close();
  }
}

/** An ImportJSON-style Apps Script function: one UrlFetchApp.fetch per cell. */
const NAIVE_APPS_SCRIPT = `
function NAIVE_NET_PROFIT(shopId, region, itemId, modelId) {
  var res = UrlFetchApp.fetch(BASE_URL + "${A2_PATH}", {
    method: "post",
    contentType: "application/json",
    headers: { Authorization: "Bearer " + API_KEY },
    payload: JSON.stringify({ shopId: shopId, region: region, itemId: itemId, modelId: modelId }),
    muteHttpExceptions: true
  });
  return JSON.parse(res.getContentText()).data.metadata.netProfit;
}`;

/** The Sheets host: a fresh sandbox (empty caches) per cold pass. */
export async function measureSheets(s: CellsSetup): Promise<HostMeasures & { values: unknown[] }> {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", s.server.baseUrl);
  userProps.setProperty("mkt.apiKey", s.server.key);
  const addon = loadAddon(s.sheetsDir, { http: s.http, userProps });
  const items = s.cells.map((c) => [c.itemId]);
  const models = s.cells.map((c) => [c.modelId]);
  const formula = async () => {
    const started = performance.now();
    const out = addon.call("MKTA_BREAKDOWN", s.shopId, s.region, items, models, "netProfit");
    const ms = performance.now() - started;
    return {
      ms,
      values: Array.isArray(out) ? out.map((r: unknown) => (Array.isArray(r) ? r[0] : r)) : [out],
    };
  };
  const clock = new FakeClock();
  const sandbox = vm.createContext({
    UrlFetchApp: new FakeUrlFetchApp(s.http, clock),
    BASE_URL: s.server.baseUrl,
    API_KEY: s.server.key,
  });
  vm.runInContext(NAIVE_APPS_SCRIPT, sandbox, { filename: "naive.gs" });
  const naiveCell = (sandbox as Record<string, unknown>).NAIVE_NET_PROFIT as (
    ...a: unknown[]
  ) => unknown;
  const naive = async () => {
    const started = performance.now();
    const values = s.cells.map((c) => naiveCell(s.shopId, s.region, c.itemId, c.modelId));
    return { ms: performance.now() - started, values };
  };
  return compareClients("Sheets", s, formula, naive);
}

/** dist/sheets of this checkout. */
export const DIST_SHEETS = path.resolve(__dirname, "..", "dist", "sheets");
