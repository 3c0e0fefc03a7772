/**
 * New user's defects in the web demo (Excel's runtime runs the same session): real HTTP to the
 * reference server through a loopback proxy that counts requests and can go down, on one
 * virtual clock. A refresh is what both hosts do: the session forgets the cells' answers, then
 * the host runs the cells again (webRefresher.ts, excel/refresh.ts).
 *
 * 1. Stale-if-error: a cell past the cache time, the API down, keeps its last good figure
 *    (refreshed or recalculated), and the pane says from when; past 24 h it says the error.
 * 2. 25 quick Refresh clicks on 2 cells (one of them refused by the API with a 400) cost one
 *    request, not 51: a refresh joins the one just answered, and a refused call is not asked
 *    again for the same arguments; new arguments are asked.
 */
import type { AsyncTransport } from "../../../src/core/asyncDriver";
import { ExcelSession } from "../../../src/hosts/shared/session";
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";
import { startTestServer, type TestServer } from "../../helpers/server";
import { realTick, VirtualTime } from "../../helpers/virtualTime";
import { startCountingProxy, type CountingProxy } from "../excel/harness/countingProxy";
import { callInNode, memoryOfficeStorage, type CallOutcome } from "../excel/nodeExcel";

jest.setTimeout(60_000);

let time: VirtualTime;
let server: TestServer;
let proxy: CountingProxy;
let key: string;
/** Requests on their way (real I/O): virtual time waits for them. */
let inFlight = 0;

function countedTransport(): AsyncTransport {
  const web = fetchTransport();
  return {
    async fetch(request, options) {
      inFlight++;
      try {
        return await web.fetch(request, options);
      } finally {
        inFlight--;
      }
    },
  };
}

beforeAll(async () => {
  time = new VirtualTime(Date.parse("2025-06-30T08:00:10Z"));
  server = await startTestServer({ hostileNames: false, now: () => time.now() });
  key = server.keyFor("demo");
  proxy = await startCountingProxy(server.baseUrl);
});
afterEach(async () => {
  if (!proxy.listening) await proxy.comeBack();
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

function session(storage = memoryOfficeStorage({ "mkt.apiKey": key, "mkt.baseUrl": "" })) {
  void storage.setItem("mkt.baseUrl", proxy.baseUrl);
  return {
    storage,
    s: new ExcelSession({
      storage,
      defaultBaseUrl: proxy.baseUrl,
      transport: countedTransport(),
      clock: time,
      timers: time.timers(),
      cacheTtlSec: 60,
    }),
  };
}

/** Run cells as the host does and wait (real I/O, virtual waits) until each has answered. */
async function runCells(
  s: ExcelSession,
  formulas: Record<string, [string, unknown[]]>,
): Promise<Map<string, CallOutcome>> {
  const shown = new Map<string, CallOutcome>();
  const runs = Object.entries(formulas).map(([address, [name, args]]) =>
    callInNode(s, name, args, address).then((out) => void shown.set(address, out)),
  );
  let settled = false;
  void Promise.all(runs).then(() => (settled = true));
  for (let i = 0; i < 3000 && !settled; i++) {
    await realTick();
    for (let k = 0; k < 2000 && inFlight > 0; k++) await realTick(1);
    if (!settled && !time.next()) await realTick(2);
  }
  if (!settled) throw new Error("the cells never settled");
  return shown;
}

/** A refresh as both hosts do it: forget the cells' answers, run them again. */
async function refresh(s: ExcelSession, formulas: Record<string, [string, unknown[]]>) {
  await s.forget(s.cells.all().filter((c) => c.address in formulas));
  return runCells(s, formulas);
}

const hhmm = (ms: number): string => new Date(ms).toTimeString().slice(0, 5);

describe("the last good figure while the API is down (stale-if-error)", () => {
  const CELL = { "Sheet1!B2": ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]] } as Record<
    string,
    [string, unknown[]]
  >;

  test("past the cache time a refreshed or recalculated cell keeps it, the pane says from when; a day later the error", async () => {
    const { s, storage } = session();
    const answeredAt = time.now();
    const good = await runCells(s, CELL);
    expect(good.get("Sheet1!B2")).toEqual({ ok: true, value: [[expect.any(Number)]] });
    expect(s.staleNote()).toBeNull();

    time.advance(5 * 60_000); // past the 60 s cache time
    await proxy.goDown();
    expect(await refresh(s, CELL)).toEqual(good);
    expect(s.staleNote()).toBe(
      `1 cell shows figures from ${hhmm(answeredAt)}: the API is not answering. They stay at most 24 h; once it answers, press "Cells with errors" to renew them.`,
    );
    // Counted among the cells to refresh once the API answers.
    expect(
      s.cells
        .all()
        .filter((c) => c.failed)
        .map((c) => c.address),
    ).toEqual(["Sheet1!B2"]);
    time.advance(60 * 60_000);
    expect(await runCells(s, CELL)).toEqual(good); // a plain recalculation too

    // Never for ever: past 24 h the cell says the API's error.
    time.advance(24 * 60 * 60_000);
    const late = (await refresh(s, CELL)).get("Sheet1!B2");
    expect(late).toMatchObject({ ok: false, error: "#VALUE!" });

    // Back: a refresh answers afresh and the pane says nothing more.
    await proxy.comeBack();
    time.advance(5 * 60_000);
    expect((await refresh(s, CELL)).get("Sheet1!B2")).toEqual({
      ok: true,
      value: [[expect.any(Number)]],
    });
    expect(s.staleNote()).toBeNull();

    // The key is in no stored name or value but its own setting.
    const items = await storage.getItems(await storage.getKeys());
    for (const [name, value] of Object.entries(items))
      if (name !== "mkt.apiKey") expect(`${name} ${value}`).not.toContain(key);
  });
});

describe("quick clicks on Refresh", () => {
  const CELLS = {
    "Sheet2!A1": ["MKTA_ITEM", [100001, "SG", 10000002, "netProfit"]],
    // The API refuses an unknown region with a 400 (the add-in checks only its shape).
    "Sheet2!A2": ["MKTA_ITEM", [100001, "ZZ", 10000002, "netProfit"]],
  } as Record<string, [string, unknown[]]>;

  test("25 clicks on 2 cells, one refused with a 400: one request more than the first run", async () => {
    const { s } = session();
    proxy.reset();
    const first = await runCells(s, CELLS);
    expect(first.get("Sheet2!A1")).toEqual({ ok: true, value: [[expect.any(Number)]] });
    expect(first.get("Sheet2!A2")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/region/),
    });
    const asked = proxy.count();
    expect(asked).toBe(2);
    // Clicks as quick as a seller's: the first renews the good cell (the seller asked for fresh
    // figures), each later one joins it; the refused cell is never asked again.
    for (let click = 0; click < 25; click++) {
      time.advance(150);
      expect(await refresh(s, CELLS)).toEqual(first);
    }
    expect(proxy.count()).toBe(asked + 1);
    expect(proxy.log.slice(asked).every((r) => !r.body.includes('"ZZ"'))).toBe(true);

    // A click once that refresh has aged asks the good cell again, never the refused one.
    time.advance(60_000);
    expect(await refresh(s, CELLS)).toEqual(first);
    expect(proxy.count()).toBe(asked + 2);
    expect(proxy.log.slice(asked).every((r) => !r.body.includes('"ZZ"'))).toBe(true);

    // New arguments are another call: asked.
    const fixed = await runCells(s, {
      "Sheet2!A2": ["MKTA_ITEM", [100001, "MY", 10000002, "netProfit"]],
    });
    expect(proxy.count()).toBe(asked + 3);
    expect(fixed.get("Sheet2!A2")).not.toEqual(first.get("Sheet2!A2"));
  });
});
