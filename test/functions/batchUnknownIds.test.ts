/**
 * Issue 22 item 7 through a cell: MKTA_CORRECTED_ROAS over a range of three item ids, one of
 * them not in the shop. A10 answers one entry per requested item (the unknown one marked), and
 * the range spills three rows: two with figures, the unknown one an error naming the item.
 * Over real HTTP against the reference server.
 */
import { runAsync } from "../../src/core/asyncDriver";
import { CellError, functionByName } from "../../src/functions";
import { valueOf } from "../helpers/figureValues";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

test("a range with one unknown item id spills three rows, the unknown one #N/A with the reason", async () => {
  const fn = functionByName("MKTA_CORRECTED_ROAS");
  if (!fn) throw new Error("MKTA_CORRECTED_ROAS is not in the catalog");
  const ids = [[10001691], [999], [10000001]];
  const args = fn.params.map((p) =>
    p.name === "shopId" ? 100001 : p.name === "region" ? "SG" : p.name === "itemId" ? ids : "",
  );
  const env = functionEnv(server, { perMinute: 100_000 });
  const table = (await runAsync(fn.program(args), env)) as unknown[][];
  const rows = table.slice(1);
  expect(rows).toHaveLength(3);
  expect(rows.map((r) => valueOf(r[0]))).toEqual([10001691, 999, 10000001]);
  const errors = rows.map((r) => r.slice(1).find((c) => c instanceof CellError) as CellError);
  expect(errors[0]).toBeUndefined();
  expect(errors[2]).toBeUndefined();
  expect(errors[1]?.code).toBe("#N/A");
  expect(errors[1]?.message).toMatch(/999/);
});
