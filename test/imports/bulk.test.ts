/**
 * Bulk calculation under the API's 60 requests a minute, on a fake clock: a 500-row
 * REQUIRED_PRICE grid queues (never fails) with "next in N s" progress, identical rows are
 * asked once, and cancel stops requests at once while keeping the answers already in.
 * The whole async host bridge runs (limiter, driver, cache), only time and HTTP are fake.
 */
import type { AsyncTransport } from "../../src/core/asyncDriver";
import type { AsyncClock } from "../../src/core/clock";
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";
import type { Cell } from "../../src/functions/cells";
import type { BulkJob, BulkProgress } from "../../src/imports/bulk";
import { bulkProgressText } from "../../src/imports/bulk";
import type { WorkbookSurface } from "../../src/hosts/shared/asyncBridge";
import { SETTING, createAsyncHostBridge } from "../../src/hosts/shared/asyncBridge";
import type { SelectionView } from "../../src/ui/bridge";
import type { RangeBox } from "../../src/imports/rangeAddress";

const KEY = "mkta_pat_" + "Ab3".repeat(14);
const MINUTE = 60_000;

/** Virtual time: sleeps wait in a queue; `settle` runs it until a promise is done. */
class FakeTime implements AsyncClock {
  private t = 0;
  private seq = 0;
  private queue: { at: number; seq: number; fire: () => void }[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.queue.push({ at: this.t + Math.max(0, ms), seq: this.seq++, fire: resolve });
    });
  }

  /** Run until `p` settles: drain pending work, then jump to the next sleeper. */
  async settle<T>(p: Promise<T>): Promise<T> {
    let done = false;
    p.then(
      () => (done = true),
      () => (done = true),
    );
    for (let guard = 0; !done; guard++) {
      await new Promise((r) => setImmediate(r));
      if (done) break;
      this.queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.queue.shift();
      if (!next) throw new Error("stuck: nothing to wait for and the run is not done");
      if (guard > 100_000) throw new Error("runaway fake clock");
      this.t = Math.max(this.t, next.at);
      next.fire();
    }
    return p;
  }
}

/** B4 answered locally: price = cogs / (1 - margin - 0.1), recorded with the fake time. */
function fakeApi(time: FakeTime): AsyncTransport & { sent: number[] } {
  const sent: number[] = [];
  return {
    sent,
    async fetch(request: HttpRequest): Promise<HttpResponse> {
      sent.push(time.now());
      const body = JSON.parse(request.body ?? "{}") as { cogs: number; targetMargin: number };
      if (!request.url.endsWith("/partner/required-price")) throw new Error(request.url);
      const price = Math.round((body.cogs / (1 - body.targetMargin - 0.1)) * 100) / 100;
      return {
        status: 200,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          status: "SUCCESS",
          statusCode: 200,
          message: "OK",
          data: { requiredListingPrice: price, breakdown: {} },
        }),
      };
    },
  };
}

/** A one-sheet workbook holding the selected input table; records what is written beside it. */
function fakeBook(values: Cell[][]): WorkbookSurface & { written: Cell[][] | null } {
  const book = {
    written: null as Cell[][] | null,
    async writeTable() {},
    async readSelection(): Promise<SelectionView> {
      return { address: `Inputs!A1:C${values.length}`, values };
    },
    async readRows() {
      return values; // the inputs only: the columns to their right are empty
    },
    async writeBlock(_at: RangeBox, out: Cell[][]) {
      book.written = out;
      return { address: `Inputs!D1:D${out.length}` };
    },
    async insertFormula() {
      return { address: "Inputs!A1", written: true };
    },
    async getDocumentValue() {
      return null;
    },
    async setDocumentValue() {},
    dataIn: async () => null,
    sheetNames: async () => ["Inputs"],
  };
  return book;
}

function bridgeOver(time: FakeTime, values: Cell[][]) {
  const api = fakeApi(time);
  const book = fakeBook(values);
  const settings = new Map<string, string>([[SETTING.apiKey, KEY]]);
  const bridge = createAsyncHostBridge({
    host: "web",
    look: "fluent",
    formulaPrefix: "",
    storage: {
      get: async (n) => settings.get(n) ?? null,
      set: async (n, v) => void settings.set(n, v),
      remove: async (n) => void settings.delete(n),
    },
    workbook: book,
    transport: api,
    defaultBaseUrl: "http://127.0.0.1:9",
    clock: time,
    autoRefreshLabel: null,
  });
  return { bridge, api, book };
}

/** A header and `n` rows of (category, cogs, margin); `distinct` different rows, repeated. */
function grid(n: number, distinct = n): Cell[][] {
  const rows: Cell[][] = [["category", "cogs", "target margin"]];
  for (let i = 0; i < n; i++) {
    const k = i % distinct;
    rows.push([200001 + (k % 5), 10 + k, 0.15 + (k % 3) * 0.05]);
  }
  return rows;
}

const JOB: BulkJob = {
  functionName: "REQUIRED_PRICE",
  args: [
    { kind: "value", value: "B" },
    { kind: "empty" },
    { kind: "value", value: "MY" },
    { kind: "column", column: 0 },
    { kind: "column", column: 1 },
    { kind: "column", column: 2 },
    { kind: "value", value: "requiredListingPrice" },
  ],
  hasHeader: true,
};

const expectedPrice = (row: Cell[]): number => {
  const [, cogs, margin] = row as [number, number, number];
  return Math.round((cogs / (1 - margin - 0.1)) * 100) / 100;
};

/** Most requests in any window of `ms` ending at a request. */
function busiestWindow(times: readonly number[], ms: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[j] ?? 0) <= (times[i] ?? 0) - ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("bulk calculation under 60 requests a minute", () => {
  test("a 500-row grid queues under the limit with 'next in N s' and fails no row", async () => {
    const time = new FakeTime();
    const input = grid(500);
    const { bridge, api, book } = bridgeOver(time, input);
    const seen: BulkProgress[] = [];
    const result = await time.settle(bridge.runBulk(JOB, { onProgress: (p) => seen.push(p) }));

    expect(api.sent).toHaveLength(500);
    expect(busiestWindow(api.sent, MINUTE)).toBe(60);
    // 500 requests at 60 a minute: the last one goes out in the ninth minute, not later.
    expect(api.sent.at(-1)).toBeGreaterThanOrEqual(8 * MINUTE);
    expect(api.sent.at(-1)).toBeLessThan(9 * MINUTE);
    expect(result).toMatchObject({ rows: 501, failed: 0, answered: 500, asked: 500 });
    expect(result.cancelled).toBe(false);
    const written = book.written ?? [];
    // The header says what the figure is and whether output VAT was counted.
    expect(written[0]).toEqual(["REQUIRED_PRICE requiredListingPrice (output VAT counted)"]);
    for (let r = 1; r <= 500; r++) expect(written[r]).toEqual([expectedPrice(input[r] ?? [])]);

    // Progress counts up to 500 and names the wait while the limit holds requests back.
    const waits = seen.filter((p) => (p.waitMs ?? 0) > 0);
    expect(waits.length).toBeGreaterThan(0);
    // The quota keeps a 1 s margin over the server's minute.
    expect(Math.max(...waits.map((p) => p.waitMs ?? 0))).toBeLessThanOrEqual(MINUTE + 1000);
    const text = bulkProgressText(waits[0] ?? seen[0]!);
    // The first wait comes when the 60th slot is taken, with up to 3 other rows in flight.
    const [, row, seconds] = /^Row (\d+) of 500, next in (\d+) s$/.exec(text) ?? [];
    expect(Number(row)).toBeGreaterThanOrEqual(58);
    expect(Number(row)).toBeLessThanOrEqual(61);
    expect(Number(seconds)).toBe(61);
    expect(seen.at(-1)).toMatchObject({ done: 500, total: 500, failed: 0 });
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
  });

  test("identical rows are asked once: 500 rows of 40 different cases make 40 requests", async () => {
    const time = new FakeTime();
    const input = grid(500, 40);
    const { bridge, api, book } = bridgeOver(time, input);
    const result = await time.settle(bridge.runBulk(JOB));
    expect(api.sent).toHaveLength(40);
    expect(time.now()).toBeLessThan(MINUTE); // under the limit: no wait at all
    expect(result).toMatchObject({ answered: 500, asked: 40, failed: 0 });
    const written = book.written ?? [];
    for (let r = 1; r <= 500; r++) expect(written[r]).toEqual([expectedPrice(input[r] ?? [])]);
  });

  test("cancel during a rate-limit wait sends nothing more and keeps the answers in", async () => {
    const time = new FakeTime();
    const input = grid(150);
    const { bridge, api, book } = bridgeOver(time, input);
    const controller = new AbortController();
    const run = bridge.runBulk(JOB, {
      signal: controller.signal,
      // Cancel as soon as the limit makes the run wait (60 answered, the rest queued).
      onProgress: (p) => {
        if ((p.waitMs ?? 0) > 0) controller.abort();
      },
    });
    const result = await time.settle(run);
    expect(api.sent).toHaveLength(60);
    expect(time.now()).toBeLessThan(MINUTE); // the waits ended at cancel, not after a minute
    expect(result.cancelled).toBe(true);
    expect(result.answered).toBe(60);
    expect(result.failed).toBe(0);
    const written = book.written ?? [];
    expect(written).toHaveLength(151);
    const answered = written.slice(1).filter((r) => r[0] !== "");
    expect(answered).toHaveLength(60);
    written.slice(1).forEach((r, i) => {
      if (r[0] !== "") expect(r).toEqual([expectedPrice(input[i + 1] ?? [])]);
    });
  });
});
