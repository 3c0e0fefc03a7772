/**
 * Guards the benchmark's headline: on 1,000 MKTA_BREAKDOWN cells the batched, cached add-in
 * makes at least 50x fewer requests than the naive per-cell client, in both hosts, cold; warm
 * it makes none. One pass of bench/cells.ts (the same code `npm run bench` runs 5 times) over
 * the BUILT bundles in dist/ (npm test builds them first).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { startBenchServer, type BenchServer } from "../../bench/benchServer";
import { DIST_SHEETS, measureExcel, measureSheets, type CellsSetup } from "../../bench/cells";
import { BENCH_SHOP, demoModelCells } from "../../bench/demoCells";
import { browserTestsBlocker, DIST_EXCEL } from "../hosts/excel/harness/browser";
import { SyncHttp } from "../hosts/sheets/syncHttp";

jest.setTimeout(120_000);

const blocker = browserTestsBlocker();
if (blocker) console.warn(blocker);

describe("1,000 cells: add-in versus the naive per-cell client", () => {
  let server: BenchServer;
  let http: SyncHttp;
  let setup: CellsSetup;

  beforeAll(async () => {
    for (const file of [path.join(DIST_SHEETS, "Code.js"), path.join(DIST_EXCEL, "functions.js")])
      if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
    server = await startBenchServer(1);
    http = new SyncHttp(60_000);
    setup = {
      server,
      ...BENCH_SHOP,
      cells: demoModelCells(1000, 1),
      sheetsDir: DIST_SHEETS,
      http,
      naiveWarm: false, // a naive client has no cache: its second pass is its first again
    };
  });

  afterAll(async () => {
    await http?.close();
    await server?.stop();
  });

  let sheetsValues: unknown[] = [];

  test("Sheets (range form): at least 50x fewer requests cold, none warm", async () => {
    const m = await measureSheets(setup);
    expect(m.naiveCold.requests).toBe(1000);
    expect(m.addinCold.requests).toBeGreaterThan(0);
    expect(m.addinCold.requests * 50).toBeLessThanOrEqual(m.naiveCold.requests);
    expect(m.addinWarm.requests).toBe(0);
    sheetsValues = m.values;
  });

  (blocker ? test.skip : test)(
    "Excel (1,000 cells in one recalculation): at least 50x fewer requests cold, none warm",
    async () => {
      const m = await measureExcel(setup);
      expect(m.naiveCold.requests).toBe(1000);
      expect(m.addinCold.requests).toBeGreaterThan(0);
      expect(m.addinCold.requests * 50).toBeLessThanOrEqual(m.naiveCold.requests);
      expect(m.addinWarm.requests).toBe(0);
      // Both hosts show the same figures for the same cells.
      if (sheetsValues.length > 0) expect(m.values).toEqual(sheetsValues);
    },
  );
});
