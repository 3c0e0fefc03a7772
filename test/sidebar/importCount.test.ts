/**
 * An "All products" import's plan counts every page (issue 32): A7 and B7 are cursor lists with
 * no total, so after a first page that is not the last the job asks the offset list of the same
 * products (A11, B12) for one row, whose page metadata says how many there are; the plan then
 * holds every page, and equals what the server is asked. Real HTTP, memory workbook, a demo
 * at scale 4 (A 100001 SG has more than 500 products: 2+ pages of 500). About 10 s.
 */
import { countingHandlers, perEndpoint, type Counted } from "../helpers/countedServer";
import { memoryJobClient, memoryPorts } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";
import type { JobView } from "../../src/sidebar/jobs/jobRecord";
import { jobLine } from "../../src/ui/jobLine";

jest.setTimeout(120_000);
let server: TestServer;
const seen: Counted[] = [];
beforeAll(async () => {
  server = await startTestServer({
    handlers: countingHandlers(seen),
    hostileNames: false,
    scale: 4,
  });
});
afterAll(() => server.close());

async function run(def: Record<string, unknown>) {
  const { ports } = memoryPorts(server);
  const client = memoryJobClient(ports);
  const from = seen.length;
  const views: JobView[] = [];
  let view = await client.start("import", { def });
  for (let i = 0; !["done", "failed", "cancelled"].includes(view.phase) && i < 100; i++) {
    if (view.phase === "confirm") view = await client.confirm(view.id);
    if (view.phase === "asking") view = await client.answer(view.id, true);
    view = await client.step(view.id);
    views.push(view);
  }
  return { view, views, made: seen.length - from, counts: perEndpoint(seen, from) };
}

test.each([
  ["A", { marketplace: "A", shopId: "100001", region: "SG" }, "A7", "A11"],
  ["B", { marketplace: "B", shopId: "500001", region: "MY" }, "B7", "B12"],
])(
  "%s All products: once planned, the plan holds every page and equals what is asked",
  async (_m, where, list, count) => {
    const r = await run({ id: "x", kind: "allProducts", sheetName: `All ${_m}`, ...where });
    expect(r.view.phase).toBe("done");
    const pages = r.counts[list] ?? 0;
    expect(pages).toBeGreaterThan(1);
    expect(r.counts[count]).toBe(1);
    const first = r.views.find((v) => v.left.planned && v.left.requests > 0);
    expect(first).toBeDefined();
    const view = first as JobView;
    // What it said once planned: its spent so far and its requests left are all it asks.
    expect(view.spent + view.left.requests).toBe(r.made);
    expect(jobLine(view)).toMatch(new RegExp(`page \\d+ of ${pages}`));
  },
);
