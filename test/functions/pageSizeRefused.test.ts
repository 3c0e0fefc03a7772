/**
 * The spec does not show the largest pageSize. An API whose maximum is below ours answers 400
 * naming pageSize: the walk asks that page again with the spec's default 50 and goes on at 50
 * (core/paginate listPage, used by cell lists and imports). Real HTTP to the reference server
 * behind a proxy that refuses pageSize over 100 in the API's own error envelope.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { listPage } from "../../src/core/paginate";
import type { HttpRequest } from "../../src/core/request";
import { functionByName } from "../../src/functions";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import type { ImportDefinition } from "../../src/imports/definitions";
import { firstState, readStep, stepCall } from "../../src/imports/plan";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const REFUSAL = JSON.stringify({
  status: "ERROR",
  statusCode: 400,
  message: "pageSize must be a whole number from 1 to 100",
  errors: [{ field: "pageSize", problem: "must be a whole number from 1 to 100" }],
});

function capped(): { env: AsyncEnv; sizes: number[] } {
  const inner = fetchTransport();
  const sizes: number[] = [];
  const env: AsyncEnv = {
    ...functionEnv(server),
    transport: {
      fetch: async (req: HttpRequest) => {
        const size = (JSON.parse(req.body ?? "{}") as { pageSize?: number }).pageSize ?? 50;
        sizes.push(size);
        if (size > 100) return { status: 400, headers: {}, body: REFUSAL };
        return inner.fetch(req);
      },
    },
  };
  return { env, sizes };
}

test.each([
  ["MKTA_PRODUCTS (cursor)", "MKTA_PRODUCTS", [100001, "SG", 120, false]],
  ["MKTA_TOP_PRODUCTS (offset)", "MKTA_TOP_PRODUCTS", [100001, "SG", "PROFIT", 120, false]],
])(
  "%s: a refused pageSize is asked again at 50, and the walk goes on at 50",
  async (_, name, args) => {
    const { env, sizes } = capped();
    const fn = functionByName(name);
    if (!fn) throw new Error(name);
    const table = await runAsync(fn.program(args as never), env);
    expect(Array.isArray(table) && table.length).toBe(120);
    expect(sizes).toEqual([120, 50, 50, 50]);
  },
);

test("an import keeps the default after a refused pageSize", async () => {
  const { env, sizes } = capped();
  const def: ImportDefinition = {
    id: "d",
    kind: "productsByProfit",
    marketplace: "A",
    shopId: "100001",
    region: "SG",
    sheetName: "P",
    options: { limit: 120 },
  };
  let state = firstState(def);
  const ids = new Set<unknown>();
  while (!state.done) {
    // As the sidebar service's importPage does.
    const asked = stepCall(def, state);
    const page = await runAsync(listPage(asked.endpoint, asked.params), env);
    const sized = page.pageSize === undefined ? state : { ...state, pageSize: page.pageSize };
    const step = readStep(def, sized, page.data);
    for (const row of step.rows) ids.add(row[0]);
    state = step.state;
  }
  expect(state.rowsSoFar).toBe(120);
  expect(ids.size).toBe(120); // page 2 at 50 is rows 100-149, cut to 120
  expect(sizes).toEqual([120, 50, 50, 50]);
});
