/**
 * PROFIT_ROAS never leaves a blank cell without a reason: a product without ad spend says so,
 * and marketplace B's frames the API does not fill yet (its B10 pipeline) say that. Real HTTP.
 */
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

test("a B product without ad spend says why it has no ROAS", async () => {
  expect(await roas(["B", 500001, "MY", 40000001, null, "roas"])).toBe(
    "No ad spend in this window: ROAS has no value",
  );
});

test("B's CLEANED frame, not delivered by the API yet, says so", async () => {
  expect(String(await roas(["B", 500001, "MY", 40000001, "CLEANED", "roas"]))).toMatch(
    /^Not yet available from the API for marketplace B's CLEANED frame: use RAW$/,
  );
});
