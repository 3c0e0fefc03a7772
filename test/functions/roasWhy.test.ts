/**
 * PROFIT_ROAS never leaves a blank cell without a reason, and never puts the reason as text
 * among the numbers (issue 23): a product without ad spend, and marketplace B's frames the API
 * does not fill yet (its B10 pipeline), answer #N/A with the reason as its message. Real HTTP.
 */
import { valueOf } from "../helpers/figureValues";
import { isApiError } from "../../src/core/errors";
import { CellError } from "../../src/core/shape";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import type { CellInput } from "../../src/functions/cells";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

const roas = (args: CellInput[]) => {
  const fn = functionByName("PROFIT_ROAS");
  if (!fn) throw new Error("no PROFIT_ROAS");
  return runAsync(fn.program(args, DEFAULT_BASIS), env);
};

/** The error a cell shows: NOT_FOUND is #N/A in every host that has error values. */
async function failure(args: CellInput[]): Promise<{ code: string; message: string }> {
  try {
    await roas(args);
  } catch (e) {
    if (isApiError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected the cell to fail");
}

test("a B product without ad spend is #N/A saying why it has no ROAS", async () => {
  expect(await failure(["B", 500001, "MY", 40000001, null, "roas"])).toEqual({
    code: "NOT_FOUND",
    message: "No ad spend in this window: ROAS has no value",
  });
});

test("B's CLEANED frame, not delivered by the API yet, is #N/A saying so", async () => {
  expect(await failure(["B", 500001, "MY", 40000001, "CLEANED", "roas"])).toEqual({
    code: "NOT_FOUND",
    message: "Not yet available from the API for marketplace B's CLEANED frame: use RAW",
  });
});

test("a range of A products: the ROAS column holds numbers and #N/A only, never text", async () => {
  const items = [[10001691], [10000001], [10001691]];
  const column = (await roas(["A", 100001, "SG", items, "CLEANED", "roas"])) as unknown[][];
  expect(column.map((r) => typeof valueOf(r[0]))).toEqual(["number", "object", "number"]);
  expect(column[1]?.[0]).toEqual(
    new CellError("#N/A", "No ad spend in this window: ROAS has no value"),
  );
  // The spilled table: every ROAS column of the no-spend row is #N/A, the spend itself is 0.
  const table = (await roas(["A", 100001, "SG", items, "CLEANED"])) as unknown[][];
  const header = (table[0] ?? []).map(String);
  const row = table[2] ?? [];
  const roasColumns = header.flatMap((h, c) => (/roas/i.test(h) ? [c] : []));
  expect(roasColumns.length).toBeGreaterThanOrEqual(4);
  for (const c of roasColumns) expect(row[c]).toBeInstanceOf(CellError);
  expect(valueOf(row[header.indexOf("Total ad expense")])).toBe(0);
  for (const r of [table[1] ?? [], table[3] ?? []])
    for (const c of roasColumns) expect(typeof valueOf(r[c])).toBe("number");
});
