/**
 * A preview batch the reference server cannot finish in its time budget (its 503) is asked again
 * in halves instead of whole for ever (issue 32): the job goes on over a slow server, each row
 * answered once, the sheet cell for cell the one a fast server gives; the plan counts the parts
 * (the requests left grow) and the progress line says the API was slow. The slow server is
 * exact (msPerBudgetCheck: each preview element and solver step costs counted time, budget.ts),
 * so the test does not depend on the machine's load. Real HTTP through the async driver, memory
 * workbook. About 20 s with --maxWorkers=1 (the driver's own retries of each 503 wait).
 */
import { ALL_HANDLERS } from "../../src/server/endpoints";
import type { EndpointHandler } from "../../src/server/handler";
import { memoryJobClient, memoryPorts } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";
import { pricingBuildJob, type BuildState } from "../../src/sidebar/jobs/pricingBuildJob";
import type { JobView } from "../../src/sidebar/jobs/jobRecord";
import type { SidebarPorts } from "../../src/sidebar/ports";
import { jobLine } from "../../src/ui/jobLine";

jest.setTimeout(120_000);

/** A request the server answered (not one it refused with its 503): endpoint and row ids. */
interface Answered {
  readonly endpoint: string;
  readonly ids: string[];
}
const tried: string[] = [];
const answered: Answered[] = [];
const rowsOf = (body: Record<string, unknown>): string[] =>
  (Array.isArray(body.skus) ? body.skus : Array.isArray(body.models) ? body.models : []).map(
    (e: Record<string, unknown>) =>
      `${String(e.itemId ?? e.productId)}/${String(e.skuId ?? e.modelId)}`,
  );
function recording(): Record<string, EndpointHandler> {
  const out: Record<string, EndpointHandler> = {};
  for (const [endpoint, handler] of Object.entries(ALL_HANDLERS))
    out[endpoint] = (ctx) => {
      tried.push(endpoint);
      const data = handler(ctx); // a 503 for time is thrown: not answered
      answered.push({ endpoint, ids: rowsOf(ctx.body) });
      return data;
    };
  return out;
}

let fast: TestServer;
let slow: TestServer;
beforeAll(async () => {
  fast = await startTestServer({ hostileNames: false, requestBudgetMs: 30_000 });
  slow = await startTestServer({
    hostileNames: false,
    handlers: recording(),
    requestBudgetMs: 400,
    msPerBudgetCheck: 1,
  });
});
afterAll(async () => {
  await fast.close();
  await slow.close();
});

/** Drive a job to its end, its cost said yes to, every view and each step's state kept. */
async function drive(server: TestServer, kind: string, input: unknown) {
  const { ports: base, book } = memoryPorts(server);
  let clock = Date.now();
  const ports: SidebarPorts = { ...base, now: () => clock };
  const client = memoryJobClient(ports);
  const views: JobView[] = [];
  const states: BuildState[] = [];
  let view = await client.start(kind, input);
  for (let i = 0; !["done", "failed", "cancelled"].includes(view.phase) && i < 200; i++) {
    if (view.phase === "confirm") view = await client.confirm(view.id);
    clock += view.waitMs;
    const body = ports.jobs.read(view.id, "body");
    if (typeof body === "string") states.push(JSON.parse(body) as BuildState);
    view = await client.step(view.id);
    views.push(view);
  }
  return { view, views, states, book };
}

test("B 500001 MY: 500-SKU previews over a slow server are split, each row once, the sheet as a fast server's", async () => {
  const ask = { marketplace: "B", shopId: 500001, region: "MY", sheetName: "Pricing" };
  const a = await drive(fast, "pricingBuild", ask);
  expect(a.view.phase).toBe("done");
  const b = await drive(slow, "pricingBuild", ask);
  expect(b.view.phase).toBe("done");

  // The server refused whole batches (B15's and B14's 500 SKUs), and answered their parts.
  expect(tried.length).toBeGreaterThan(answered.length);
  for (const endpoint of ["B14", "B15"]) {
    const asked = answered.filter((r) => r.endpoint === endpoint);
    expect(asked.length).toBeGreaterThan(2); // 575 SKUs: 2 requests on a fast server
    const ids = asked.flatMap((r) => r.ids);
    // Each row answered once: none twice, none skipped.
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(575);
  }
  // Requests answered are what the job counts, and the sheet says the same as a fast server's.
  expect(b.view.spent).toBe(answered.length);
  const sheet = (book: typeof a.book) =>
    (book.sheets.get("Pricing") ?? []).map((r) =>
      r.map((c) => (typeof c === "string" && /^Built |Refreshed /.test(c) ? "" : c)),
    );
  expect(sheet(b.book).slice(1)).toEqual(sheet(a.book).slice(1));

  // The progress line says the API was slow; the plan counts the parts.
  expect(b.views.some((v) => /the API was slow: \d+ rows a request/.test(jobLine(v)))).toBe(true);
  const before = b.states.find((s) => s.stage === "targets");
  expect(before).toBeDefined();
  const asPlanned = pricingBuildJob.left({ ...(before as BuildState), split: {} }).requests;
  const split = pricingBuildJob.left({ ...(before as BuildState), split: { B14: 125 } }).requests;
  expect(asPlanned).toBe(2);
  expect(split).toBe(5); // 500 SKUs in 4 parts, 75 in 1
});

test("B 500001 MY fee-change sheet (staged requests): split over a slow server, the sheet as a fast server's", async () => {
  const ask = {
    marketplace: "B",
    shopId: 500001,
    region: "MY",
    date: "2025-08-29",
    targetMargin: 0.2,
    sheetName: "Fee change",
  };
  const a = await drive(fast, "feeChange", ask);
  expect(a.view.phase).toBe("done");
  const from = answered.length;
  const b = await drive(slow, "feeChange", ask);
  expect(b.view.phase).toBe("done");
  const b15 = answered.slice(from).filter((r) => r.endpoint === "B15");
  // Four sales of 575 SKUs: 8 requests on a fast server, more in parts here, each SKU once a sale.
  expect(b15.length).toBeGreaterThan(8);
  expect(b15.flatMap((r) => r.ids).length).toBe(4 * 575);
  const table = (book: typeof a.book) =>
    (book.sheets.get("Fee change") ?? []).map((r) =>
      r.map((c) =>
        typeof c === "string" ? c.replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d\S*/g, "<t>") : c,
      ),
    );
  expect(table(a.book).length).toBeGreaterThan(575);
  expect(table(b.book)).toEqual(table(a.book));
});
