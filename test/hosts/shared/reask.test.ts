/**
 * Cells ask again by themselves after a passing failure (Excel's runtime; the web demo runs the
 * same session). Real HTTP to the reference server through a loopback proxy that goes down and
 * comes back, or takes its time on every leg; the transport asks a CORS preflight before each
 * request as a browser does. Client, server and proxy sleep on one virtual clock, so minutes of
 * re-asks take real milliseconds. The host's re-run is Excel's: the same function, arguments
 * and address invoked again.
 */
import type { AsyncTransport } from "../../../src/core/asyncDriver";
import { inPlaces } from "../../../src/core/places";
import { REQUEST_TIMEOUT_MS } from "../../../src/core/schedule/scheduler";
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";
import { WEB_PLACES } from "../../../src/hosts/shared/places";
import { ExcelSession } from "../../../src/hosts/shared/session";
import { startTestServer, type TestServer } from "../../helpers/server";
import { realTick, VirtualTime } from "../../helpers/virtualTime";
import { startCountingProxy, type CountingProxy } from "../excel/harness/countingProxy";
import { callInNode, memoryOfficeStorage, type CallOutcome } from "../excel/nodeExcel";

jest.setTimeout(60_000);

let time: VirtualTime;
let server: TestServer;
let proxy: CountingProxy;
let key: string;
let inFlight = 0;
/** When each request (preflight not counted) left the client, virtual ms. */
const sent: number[] = [];

/** fetch as a browser does it: a CORS preflight first (Authorization asks for one), then the request. */
function browserLikeTransport(): AsyncTransport {
  const web = fetchTransport();
  return {
    async fetch(request, options) {
      inFlight++;
      try {
        const preflight = await fetch(request.url, {
          method: "OPTIONS",
          headers: {
            origin: "http://localhost:3000",
            "access-control-request-method": request.method,
            "access-control-request-headers": "authorization, content-type",
          },
          ...(options?.signal ? { signal: options.signal } : {}),
        }).catch(() => null);
        if (!preflight) return { status: 0, headers: {}, body: "" };
        await preflight.arrayBuffer();
        sent.push(time.now());
        return await web.fetch(request, options);
      } finally {
        inFlight--;
      }
    },
  };
}

function session(): ExcelSession {
  return new ExcelSession({
    storage: memoryOfficeStorage({ "mkt.apiKey": key, "mkt.baseUrl": proxy.baseUrl }),
    defaultBaseUrl: proxy.baseUrl,
    transport: browserLikeTransport(),
    clock: time,
    timers: time.timers(),
  });
}

/** Formula cells of one sheet: what each shows now, re-run by the session's re-asks. */
function sheet(s: ExcelSession, formulas: Record<string, [string, unknown[]]>) {
  const shown = new Map<string, CallOutcome | null>();
  const run = (address: string): void => {
    const [name, args] = formulas[address] ?? ["", []];
    shown.set(address, null);
    void callInNode(s, name, args, address).then((out) => shown.set(address, out));
  };
  s.reask.attach((addresses) => addresses.forEach(run));
  Object.keys(formulas).forEach(run);
  const settled = (): boolean => [...shown.values()].every((o) => o !== null);
  return { shown, run, settled };
}

/** Let real I/O finish, then move virtual time, until `done`. */
async function drive(done: () => boolean): Promise<void> {
  for (let i = 0; i < 3000 && !done(); i++) {
    await realTick(); // what the last wake set going starts first
    for (let k = 0; k < 2000 && inFlight - proxy.delaying > 0; k++) await realTick(1);
    if (done()) return;
    if (!time.next()) await realTick(5);
  }
  if (!done()) throw new Error("the cells never settled");
}

/** "09:05", read independently of the product's own formatting. */
const hhmm = (ms: number): string => new Date(ms).toTimeString().slice(0, 5);
const nextMinuteAfter = (ms: number): number => Math.ceil(ms / 60_000) * 60_000;

/** Most requests inside any 60 s. */
function busiestMinute(): number {
  return Math.max(0, ...sent.map((t) => sent.filter((u) => u >= t && u < t + 60_000).length));
}

beforeAll(async () => {
  time = new VirtualTime(Date.parse("2025-06-30T08:00:10Z"));
  server = await startTestServer({
    hostileNames: false,
    rateLimitPerMinute: 60,
    now: () => time.now(),
  });
  key = server.keyFor("demo");
  proxy = await startCountingProxy(server.baseUrl);
});
afterEach(async () => {
  proxy.slowLegs(null);
  if (!proxy.listening) await proxy.comeBack();
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

const ITEMS = [10000001, 10000002, 10000003, 10000004, 10000005];
const FORMULAS = Object.fromEntries(
  ITEMS.map((item, i): [string, [string, unknown[]]] => [
    `Sheet1!B${i + 2}`,
    ["MKTA_ITEM", [100001, "SG", item, "netProfit"]],
  ]),
);

test("an outage: cells say when they ask again, ask by themselves, and answer once the API is back", async () => {
  await proxy.goDown();
  const before = sent.length;
  const s = session();
  const cells = sheet(s, FORMULAS);
  await drive(cells.settled);
  const failedAt = time.now();
  const first = nextMinuteAfter(failedAt + 60_000);
  for (const out of cells.shown.values())
    expect(out).toEqual({
      ok: false,
      error: "#VALUE!",
      message: `Could not reach the API at ${proxy.baseUrl}: asks again by itself at ${hhmm(first)} (1 of 3); to ask now, use Home > Refresh > Refresh cells with errors`,
    });
  // The breaker stopped the tries after three that found nobody.
  expect(sent.length - before).toBeLessThanOrEqual(3);
  expect(s.reask.waiting()).toBe(5);

  // Still down at the first re-ask: one cell goes first, the others take its error unasked.
  const round = sent.length;
  cells.shown.forEach((_v, a) => cells.shown.set(a, null));
  await drive(() => time.now() >= first && cells.settled());
  const second = nextMinuteAfter(time.now() + 120_000);
  expect(sent.length - round).toBeLessThanOrEqual(1);
  for (const out of cells.shown.values())
    expect(out).toMatchObject({ message: expect.stringContaining(`at ${hhmm(second)} (2 of 3)`) });

  // Back: at the second re-ask every cell answers, and the same as a fresh run.
  await proxy.comeBack();
  cells.shown.forEach((_v, a) => cells.shown.set(a, null));
  await drive(() => time.now() >= second && cells.settled());
  const fresh = sheet(session(), FORMULAS);
  await drive(fresh.settled);
  for (const [address, out] of cells.shown) {
    expect(out).toEqual({ ok: true, value: [[expect.any(Number)]] });
    expect(out).toEqual(fresh.shown.get(address));
  }
  expect(s.reask.waiting()).toBe(0);
  expect(busiestMinute()).toBeLessThanOrEqual(60);
});

test(`a proxy taking 15 s a leg (preflight + request) answers inside the ${REQUEST_TIMEOUT_MS / 1000} s limit`, async () => {
  proxy.slowLegs(() => time.sleep(15_000));
  try {
    const start = time.now();
    const cells = sheet(session(), {
      "Sheet2!A1": ["MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]],
    });
    await drive(cells.settled);
    expect(cells.shown.get("Sheet2!A1")).toEqual({ ok: true, value: [[expect.any(Number)]] });
    expect(time.now() - start).toBeGreaterThanOrEqual(30_000);
  } finally {
    proxy.slowLegs(null);
  }
});

test("a proxy too slow for the limit: the cell asks again three times, then says so in the host's words", async () => {
  proxy.slowLegs(() => time.sleep(40_000)); // 80 s a request: past the limit every time
  try {
    const before = sent.length;
    const start = time.now();
    const cells = sheet(session(), {
      "Sheet3!A1": ["MKTA_ITEM", [100001, "SG", 10000002, "netProfit"]],
    });
    const messages: string[] = [];
    for (let round = 0; round < 4; round++) {
      await drive(cells.settled);
      const out = cells.shown.get("Sheet3!A1");
      messages.push(out && !out.ok ? out.message : "");
      if (round < 3) cells.shown.set("Sheet3!A1", null);
    }
    const cause = `The API at ${proxy.baseUrl} did not answer in time (slow or busy)`;
    expect(messages.slice(0, 3).map((m) => m.replace(/at \d\d:\d\d/, "at HH:MM"))).toEqual(
      [1, 2, 3].map(
        (n) =>
          `${cause}: asks again by itself at HH:MM (${n} of 3); to ask now, use Home > Refresh > Refresh cells with errors`,
      ),
    );
    const last = `${cause}: asked again 3 times by itself; once it answers, use Home > Refresh > Refresh cells with errors (check your connection and the API address in Home > API key)`;
    expect(messages[3]).toBe(last);
    // Whole in the web demo's words too (a cell's message is cut at 250 characters).
    expect(
      inPlaces(
        last.replace(
          /Home > Refresh > Refresh cells with errors/,
          "refresh the cells with errors from the add-in's menu or pane",
        ),
        WEB_PLACES,
      ).length,
    ).toBeLessThanOrEqual(250);
    // Bounded: the first run's tries until the breaker opened (3 x 45 s), then one probe per
    // re-ask (after 1-2, 2-3 and 4-5 minutes); nothing more once it gave up.
    expect(sent.length - before).toBeLessThanOrEqual(3 + 3);
    expect(time.now() - start).toBeLessThan(15 * 60_000);
    const after = sent.length;
    time.advance(30 * 60_000);
    await realTick(20);
    expect(sent.length).toBe(after);
    // The seller's own refresh starts the count afresh.
    cells.run("Sheet3!A1");
    await drive(cells.settled);
    expect(cells.shown.get("Sheet3!A1")).toMatchObject({
      message: expect.stringContaining("asks again by itself at"),
    });
    expect(cells.shown.get("Sheet3!A1")).toMatchObject({
      message: expect.stringContaining("(1 of 3)"),
    });
  } finally {
    proxy.slowLegs(null);
  }
});
