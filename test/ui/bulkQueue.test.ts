/**
 * Bulk calculation under the 60-a-minute limit through the async hosts' bridge, on Jest's
 * fake clock: a 500-row grid queues (about 8 minutes) and no row fails with a rate-limit
 * error, also when the API answers at once or sends 429s caused by traffic this pane does
 * not see (the Excel functions runtime on the same key).
 */
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";
import type { Cell } from "../../src/functions/cells";
import type { BulkJob } from "../../src/imports/bulk";
import { createAsyncHostBridge, type WorkbookSurface } from "../../src/hosts/shared/asyncBridge";
import type { BulkResult } from "../../src/ui/bridge";

const KEY = "mkta_pat_" + "Ab3".repeat(14);

const JOB: BulkJob = {
  functionName: "REQUIRED_PRICE",
  hasHeader: true,
  args: [
    { kind: "value", value: "B" },
    { kind: "empty" },
    { kind: "value", value: "MY" },
    { kind: "column", column: 0 },
    { kind: "column", column: 1 },
    { kind: "column", column: 2 },
    { kind: "value", value: "requiredListingPrice" },
  ],
};

const success = (data: unknown): HttpResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ status: "SUCCESS", statusCode: 200, message: null, data }),
});

/** Run a bulk job over `rows` distinct input rows; `answer` plays the API. */
async function runGrid(
  rows: number,
  answer: (cogs: number) => HttpResponse,
): Promise<{ result: BulkResult; written: Cell[][]; sent: number[] }> {
  const grid: Cell[][] = [["category", "cogs", "margin"]];
  for (let i = 0; i < rows; i++) grid.push([100 + (i % 7), 10 + i, 0.2]);
  const store = new Map<string, string>([["mkt.apiKey", KEY]]);
  let written: Cell[][] = [];
  const sent: number[] = [];
  const workbook: WorkbookSurface = {
    writeTable: async () => undefined,
    readSelection: async () => ({ address: `Sheet1!A1:C${rows + 1}`, values: grid }),
    readRows: async () => grid,
    writeBlock: async (_at, values) => {
      written = values;
      return { address: "Sheet1!D1" };
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
    defaultBaseUrl: "http://127.0.0.1:9",
    transport: {
      fetch: async (req: HttpRequest) => {
        sent.push(Date.now());
        return answer((JSON.parse(req.body ?? "{}") as { cogs: number }).cogs);
      },
    },
  });
  let result: BulkResult | undefined;
  let failure: unknown;
  bridge.runBulk(JOB).then(
    (r) => (result = r),
    (e: unknown) => (failure = e),
  );
  for (let s = 0; s < 3600 && !result && !failure; s++) await jest.advanceTimersByTimeAsync(1000);
  if (failure) throw failure;
  if (!result) throw new Error("the bulk run did not finish within an hour");
  return { result, written, sent };
}

beforeEach(() => jest.useFakeTimers({ now: 1_750_000_000_000 }));
afterEach(() => jest.useRealTimers());

test("a 500-row grid answered at once queues under 60 a minute and no row fails", async () => {
  const { result, written, sent } = await runGrid(500, (cogs) =>
    success({ requiredListingPrice: cogs * 2 }),
  );
  expect(result.failed).toBe(0);
  expect(written.slice(1).map((r) => r[0])).toEqual(
    Array.from({ length: 500 }, (_, i) => (10 + i) * 2),
  );
  // Never more than 60 requests in any rolling minute.
  for (const t of sent)
    expect(sent.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(60);
  expect(sent.length).toBe(500);
});

test("429s from traffic the pane cannot see are waited out, not written as row errors", async () => {
  // Each row meets the server's limit three times (Retry-After 40 s) before it is answered.
  const tries = new Map<number, number>();
  const { result, written } = await runGrid(8, (cogs) => {
    const n = (tries.get(cogs) ?? 0) + 1;
    tries.set(cogs, n);
    if (n <= 3)
      return {
        status: 429,
        headers: { "retry-after": "40" },
        body: JSON.stringify({ status: "ERROR", statusCode: 429, message: "Too many", errors: [] }),
      };
    return success({ requiredListingPrice: cogs * 2 });
  });
  expect(result.failed).toBe(0);
  expect(written.slice(1).map((r) => r[0])).toEqual(
    Array.from({ length: 8 }, (_, i) => (10 + i) * 2),
  );
});
