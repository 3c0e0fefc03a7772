/**
 * REQUIRED_PRICE answers the same table on every marketplace (issue 20's new-user run: B's had
 * no Basis and Currency rows while A's and C's did): each ends with the basis it was solved on
 * and the currency of its prices (the new user's own B formula included: it does here, and in
 * their screenshot). Real HTTP against the reference server.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import type { CellResult } from "../../src/functions/cells";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(60_000);
let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server);
});
afterAll(() => server.close());

function run(...args: unknown[]): Promise<CellResult> {
  const fn = functionByName("REQUIRED_PRICE");
  if (!fn) throw new Error("no REQUIRED_PRICE");
  return runAsync(fn.program(args as never), env);
}

const labels = (table: CellResult): string[] =>
  Array.isArray(table) ? table.map((r) => String(r[0])) : [String(table)];

test.each([
  ["A", ["A", 100001, "SG", 100008, 50, 0.25]],
  ["B", ["B", undefined, "MY", 200004, 150, 0.25]],
  ["C", ["C", 700001, undefined, "Food & Beverages > Snacks > Chips", 50, 0.25]],
])("%s: the table ends with Currency and Basis rows", async (_m, args) => {
  const table = await run(...args);
  const rows = labels(table);
  expect(rows).toContain("Currency");
  expect(rows[rows.length - 1]).toBe("Basis");
});
