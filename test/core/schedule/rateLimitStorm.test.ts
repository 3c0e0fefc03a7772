/**
 * A 429 storm (issue 22): another app spends the same key at full speed, so the API answers
 * every request of ours 429 with a Retry-After. Cells used to stay Loading for minutes (8
 * refusals of up to 60 s each); now a 429 that shows the key refused for longer than
 * MAX_REFUSED_MS fails every waiting cell with a message saying what to do, and one answer that
 * gets through ends the storm. Real HTTP to the reference server; client and server share a virtual clock that moves
 * only when nothing is in flight, so the test counts requests and virtual seconds, not wall time.
 */
import { runAsync, type AsyncEnv } from "../../../src/core/asyncDriver";
import { ResponseCache } from "../../../src/core/cache";
import { call } from "../../../src/core/effects";
import { isApiError } from "../../../src/core/errors";
import { inPlaces } from "../../../src/core/places";
import { createScheduling } from "../../../src/core/schedule/registry";
import { MAX_REFUSED_MS } from "../../../src/core/schedule/quota";
import { MemoryStore } from "../../../src/core/store";
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";
import { EXCEL_PLACES, WEB_PLACES } from "../../../src/hosts/shared/places";
import { SHEETS_PLACES } from "../../../src/hosts/sheets/places";
import { startTestServer, type TestServer } from "../../helpers/server";
import { realTick, VirtualTime } from "../../helpers/virtualTime";

let server: TestServer;
let time: VirtualTime;
let key: string;
/** The other app hammering the key: it takes every slot the moment it frees. */
let rivalOn = true;
let inFlight = 0;
const ours: Array<{ at: number; status: number }> = [];

async function rivalTakesEverySlot(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    await res.arrayBuffer();
    if (res.status === 429) return;
  }
}

function env(): AsyncEnv {
  const web = fetchTransport();
  return {
    baseUrl: server.baseUrl,
    apiKey: key,
    clock: time,
    cache: new ResponseCache({ store: new MemoryStore({ clock: time }), clock: time }),
    ...createScheduling(time),
    transport: {
      async fetch(request, options) {
        inFlight++;
        try {
          if (rivalOn) await rivalTakesEverySlot();
          const res = await web.fetch(request, options);
          ours.push({ at: time.now(), status: res.status });
          return res;
        } finally {
          inFlight--;
        }
      },
    },
  };
}

/** Let real I/O finish, then move virtual time, until `done`. */
async function drive(done: () => boolean): Promise<void> {
  for (let i = 0; i < 5000 && !done(); i++) {
    while (inFlight > 0) await realTick(1);
    await realTick();
    if (done()) return;
    if (!time.next()) await realTick(5);
  }
  if (!done()) throw new Error("the cells never settled");
}

/** One cell: A6 of a product over its own sales window (distinct cells, distinct requests). */
function cell(days: number) {
  return call("A6", { shopId: 100001, region: "SG", itemId: 10001691, lookbackDays: days });
}

beforeAll(async () => {
  time = new VirtualTime();
  server = await startTestServer({
    hostileNames: false,
    rateLimitPerMinute: 60,
    now: () => time.now(),
  });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

test("a storm of 429s fails every waiting cell within MAX_REFUSED_MS of the first, saying what to do", async () => {
  const shared = env();
  const results: Array<{ ok: boolean; code?: string; message?: string }> = [];
  const start = time.now();
  for (let d = 1; d <= 12; d++)
    void runAsync(cell(d * 10), shared).then(
      () => results.push({ ok: true }),
      (e: unknown) =>
        results.push(
          isApiError(e) ? { ok: false, code: e.code, message: e.message } : { ok: false },
        ),
    );
  await drive(() => results.length === 12);
  const firstRefusal = ours.find((r) => r.status === 429)?.at ?? NaN;

  expect(results.every((r) => !r.ok && r.code === "RATE_LIMITED")).toBe(true);
  expect(time.now() - firstRefusal).toBeLessThanOrEqual(MAX_REFUSED_MS);
  expect(time.now() - start).toBeLessThanOrEqual(MAX_REFUSED_MS + 1000);
  // Few requests: the key's pause holds every cell back, and the end fails them together.
  expect(ours.every((r) => r.status === 429)).toBe(true);
  expect(ours.length).toBeLessThanOrEqual(12);

  const message = results[0]?.message ?? "";
  expect(message).toMatch(/another app, sheet or person may use it, or the API limits it/);
  // Every host names its own way to run the cells again; none promises to do it by itself.
  expect(inPlaces(message, SHEETS_PLACES)).toContain(
    "use Extensions > Marketplace Profit > Refresh cells with errors",
  );
  expect(inPlaces(message, EXCEL_PLACES)).toContain("Home > Refresh > Refresh cells with errors");
  expect(inPlaces(message, WEB_PLACES)).toContain("press Cells with errors under Refresh");
  expect(message).not.toMatch(/recalculat|automatically|will retry/i);

  // Asked again while the storm lasts: the cell waits out the pause and fails on its one 429.
  const before = ours.length;
  let refused: unknown = null;
  void runAsync(cell(5), shared).catch((e: unknown) => (refused = e));
  await drive(() => refused !== null);
  expect(refused).toMatchObject({ code: "RATE_LIMITED" });
  expect(ours.slice(before).map((r) => r.status)).toEqual([429]);

  // The other app stops: after the pause, one answer gets through and ends the storm.
  rivalOn = false;
  time.advance(61_000);
  let answered = false;
  void runAsync(cell(7), shared).then(() => (answered = true));
  await drive(() => answered);
  expect(ours[ours.length - 1]?.status).toBe(200);
});
