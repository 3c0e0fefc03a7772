/**
 * Cancel of an import in the async hosts' bridge: it must stop the request in flight and
 * the rate-limit wait at once, not let the next page go out after the seller pressed Cancel.
 * Fake clock, scripted HTTP; the whole bridge (limiter, driver) runs.
 */
import type { AsyncTransport } from "../../src/core/asyncDriver";
import type { HttpRequest } from "../../src/core/request";
import type { ImportDefinition } from "../../src/imports/definitions";
import { createAsyncHostBridge, type WorkbookSurface } from "../../src/hosts/shared/asyncBridge";

const KEY = "mkta_pat_" + "Ab3".repeat(14);
const DEF: ImportDefinition = {
  id: "t1",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Profit",
};

/** An A11 page with one product; 100 pages in all. */
function page(req: HttpRequest) {
  const n = Number((JSON.parse(req.body ?? "{}") as { page?: number }).page ?? 0);
  const data = {
    entries: [{ rank: n + 1, itemId: 1000 + n, name: `P${n}`, totalProfit: 5, unitsSold: 1 }],
    page: n,
    pageSize: 500,
    totalItems: 100,
    totalPages: 100,
    dataFreshAt: [2025, 6, 30, 2, 0, 0],
  };
  return {
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status: "SUCCESS", statusCode: 200, message: null, data }),
  };
}

function bridgeOver(transport: AsyncTransport) {
  const store = new Map<string, string>([["mkt.apiKey", KEY]]);
  let tables = 0;
  const values = new Map<string, string>();
  const workbook: WorkbookSurface = {
    writeTable: async () => void tables++,
    readSelection: async () => ({ address: "Sheet1!A1", values: [[""]] }),
    readRows: async () => [],
    writeBlock: async () => ({ address: "Sheet1!B1" }),
    insertFormula: async () => ({ address: "Sheet1!A1", written: true }),
    // The document's values: the import job keeps its checkpoint and staged pages there.
    getDocumentValue: async (n) => values.get(n) ?? null,
    setDocumentValue: async (n, v) => void values.set(n, v),
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
    defaultBaseUrl: "http://127.0.0.1:9",
    transport,
  });
  return { bridge, tables: () => tables };
}

/** Start the import, cancel a second after `cancelAfterPages` pages came, and report when it settled. */
async function cancelled(transport: AsyncTransport, sent: () => number, cancelAfterPages: number) {
  const { bridge, tables } = bridgeOver(transport);
  const controller = new AbortController();
  let settled: { at: number; error: unknown } | undefined;
  let cancelledAt = 0;
  bridge
    .runImport(DEF, {
      signal: controller.signal,
      // 100 pages take past a minute: the seller said yes to its cost.
      confirm: async () => true,
      onProgress: (p) => {
        if (p.spent === cancelAfterPages && cancelledAt === 0)
          setTimeout(() => {
            cancelledAt = Date.now();
            controller.abort();
          }, 1000);
      },
    })
    .then(
      () => (settled = { at: Date.now(), error: null }),
      (e: unknown) => (settled = { at: Date.now(), error: e }),
    );
  for (let s = 0; s < 300 && !settled; s++) await jest.advanceTimersByTimeAsync(250);
  return { settled, cancelledAt, sentAtEnd: sent(), tables: tables() };
}

beforeEach(() => jest.useFakeTimers({ now: 1_750_000_000_000 }));
afterEach(() => jest.useRealTimers());

test("cancel during the rate-limit wait ends the import at once and sends nothing more", async () => {
  let sent = 0;
  const r = await cancelled(
    { fetch: async (req) => (sent++, page(req)) },
    () => sent,
    54, // the 55th page waits for the job's share of the minute (54 of 60: jobShare.ts)
  );
  expect(r.settled?.error).toMatchObject({ name: "JobCancelled" });
  expect((r.settled?.at ?? Infinity) - r.cancelledAt).toBeLessThan(1000);
  expect(r.sentAtEnd).toBe(54);
  expect(r.tables).toBe(0);
});

test("cancel aborts the page in flight instead of waiting for its answer", async () => {
  let sent = 0;
  let aborted = false;
  const slow: AsyncTransport = {
    fetch: (req, options) =>
      new Promise((resolve, reject) => {
        sent++;
        options?.signal?.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        });
        setTimeout(() => resolve(page(req)), 15_000);
      }),
  };
  // Two pages a step: cancelled while the third is in flight.
  const r = await cancelled(slow, () => sent, 2);
  expect(r.settled?.error).toMatchObject({ name: "JobCancelled" });
  expect((r.settled?.at ?? Infinity) - r.cancelledAt).toBeLessThan(1000);
  expect(aborted).toBe(true);
  expect(r.sentAtEnd).toBe(3);
  expect(r.tables).toBe(0);
});
