/**
 * A bulk run during a short outage (Excel's and the web demo's bridge): rows that failed for a
 * passing reason are asked again, 30 s and 90 s after the others, one row first, before the run
 * reports them failed; the summary says how many were asked again and what is left to do. Real
 * HTTP to the reference server through a proxy that goes down and comes back; the bridge, the
 * server's rate limit and the waits run on one virtual clock.
 */
import type { AsyncTransport } from "../../src/core/asyncDriver";
import type { Cell } from "../../src/functions/cells";
import type { BulkJob } from "../../src/imports/bulk";
import { createAsyncHostBridge, type WorkbookSurface } from "../../src/hosts/shared/asyncBridge";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import type { BulkResult } from "../../src/ui/bridge";
import { bulkResultText } from "../../src/ui/bulkSection";
import { startTestServer, type TestServer } from "../helpers/server";
import { realTick, VirtualTime } from "../helpers/virtualTime";
import { startCountingProxy, type CountingProxy } from "../hosts/excel/harness/countingProxy";

jest.setTimeout(60_000);

let time: VirtualTime;
let server: TestServer;
let proxy: CountingProxy;
let inFlight = 0;
/** Requests that left the client (virtual ms), reached the API or not. */
const sent: number[] = [];

const JOB: BulkJob = {
  functionName: "MKTA_ITEM",
  hasHeader: false,
  args: [
    { kind: "value", value: 100001 },
    { kind: "value", value: "SG" },
    { kind: "column", column: 0 },
    { kind: "value", value: "netProfit" },
  ],
};
const ITEMS: Cell[][] = [10000001, 10000002, 10000003, 10000004, 10000005, 10000006].map((i) => [
  i,
]);

function countedTransport(): AsyncTransport {
  const web = fetchTransport();
  return {
    async fetch(request, options) {
      inFlight++;
      sent.push(time.now());
      try {
        return await web.fetch(request, options);
      } finally {
        inFlight--;
      }
    },
  };
}

/** Run the job over ITEMS; `during(t)` is called between steps with the virtual ms since the start. */
async function bulkRun(during: (elapsedMs: number) => Promise<void>) {
  let written: Cell[][] = [];
  const store = new Map([
    ["mkt.apiKey", server.keyFor("demo")],
    ["mkt.baseUrl", proxy.baseUrl],
    ["mkt.listAnswers", "off"],
  ]);
  const workbook: WorkbookSurface = {
    writeTable: async () => undefined,
    readSelection: async () => ({ address: "Sheet1!A1:A6", values: ITEMS }),
    readRows: async () => ITEMS,
    writeBlock: async (_at, values) => {
      written = values;
      return { address: "Sheet1!B1" };
    },
    insertFormula: async () => ({ address: "Sheet1!A1", written: true }),
    getDocumentValue: async () => null,
    setDocumentValue: async () => undefined,
    dataIn: async () => null,
    sheetNames: async () => [],
  };
  const bridge = createAsyncHostBridge({
    host: "web",
    look: "fluent",
    formulaPrefix: "",
    autoRefreshLabel: null,
    storage: {
      get: async (n) => store.get(n) ?? null,
      set: async (n, v) => void store.set(n, v),
      remove: async (n) => void store.delete(n),
    },
    workbook,
    defaultBaseUrl: proxy.baseUrl,
    transport: countedTransport(),
    clock: time,
  });
  const start = time.now();
  let result: BulkResult | undefined;
  void bridge.runBulk(JOB).then((r) => (result = r));
  for (let i = 0; i < 3000 && !result; i++) {
    await realTick();
    for (let k = 0; k < 2000 && inFlight > 0; k++) await realTick(1);
    await during(time.now() - start);
    if (!result && !time.next()) await realTick(5);
  }
  if (!result) throw new Error("the bulk run never ended");
  return { result, written, elapsedMs: time.now() - start };
}

beforeAll(async () => {
  time = new VirtualTime();
  server = await startTestServer({
    hostileNames: false,
    rateLimitPerMinute: 60,
    now: () => time.now(),
  });
  proxy = await startCountingProxy(server.baseUrl);
});
afterEach(async () => {
  if (!proxy.listening) await proxy.comeBack();
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

test("an outage of 20 s: the failed rows are asked again after 30 s and all answered", async () => {
  await proxy.goDown();
  const { result, written, elapsedMs } = await bulkRun(async (t) => {
    if (t >= 20_000 && !proxy.listening) await proxy.comeBack();
  });
  expect(result).toMatchObject({ failed: 0, answered: 6, retried: 6, retriedFailed: 0 });
  expect(written.map((r) => typeof r[0])).toEqual(Array(6).fill("number"));
  expect(elapsedMs).toBeLessThan(60_000);
  expect(bulkResultText(result)).toBe(
    "Wrote 6 rows to Sheet1!B1. 6 rows failed on a short outage (no answer, no connection or a server error) and were asked again: all answered.",
  );
});

test("an outage longer than the retries: one row asks for all each round, then the summary says what to do", async () => {
  const before = sent.length;
  await proxy.goDown();
  const { result, written, elapsedMs } = await bulkRun(async () => undefined);
  expect(result).toMatchObject({ failed: 6, answered: 6, retried: 6, retriedFailed: 6 });
  for (const r of written) expect(String(r[0])).toMatch(/^#ERROR: Could not reach the API at /);
  // The first pass's four rows in flight as the breaker opened, then one row each round.
  expect(sent.length - before).toBeLessThanOrEqual(4 + 2);
  expect(elapsedMs).toBeGreaterThanOrEqual(120_000);
  expect(bulkResultText(result)).toBe(
    "Wrote 6 rows to Sheet1!B1 (6 with errors). 6 rows failed on a short outage (no answer, no connection or a server error) and were asked again: 6 still failed. Select those rows and press Calculate again once the API answers.",
  );
  for (const t of sent)
    expect(sent.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(60);
});
