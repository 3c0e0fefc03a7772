/**
 * SHOPS has one id column for every marketplace (issue 23, item 6): a B seller's id sits under
 * "Shop id" like an A or C shop's, where the functions take it, and no B row leaves it empty.
 * Real HTTP against the reference server.
 */
import { valueOf } from "../helpers/figureValues";
import { runAsync } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import type { SheetFunction } from "../../src/functions/define";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

test("every row of SHOPS() has its id under Shop id, B sellers included", async () => {
  const shops = functionByName("SHOPS") as SheetFunction;
  const table = (await runAsync(shops.program([]), functionEnv(server))) as unknown[][];
  const header = (table[0] ?? []).map(String);
  expect(header.slice(0, 2)).toEqual(["Marketplace", "Shop id"]);
  expect(header.filter((h) => /id$/i.test(h) && /shop|seller/i.test(h))).toEqual(["Shop id"]);
  const rows = table.slice(1);
  expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(["A", "B", "C"]));
  // C's API sends its shop id as text (spec 2.4), A and B as numbers: all three read as the
  // number the functions take (issue 35), the same id exactly.
  for (const row of rows) expect(typeof valueOf(row[1])).toBe("number");
  expect(rows.filter((r) => r[0] === "C").map((r) => valueOf(r[1]))).toContain(700001);
  expect(rows.filter((r) => r[0] === "B").map((r) => valueOf(r[1]))).toContain(500001);
  // The id of a B row is what MKTB functions take as sellerId.
  const item = functionByName("MKTB_ITEM") as SheetFunction;
  const b = rows.find((r) => r[0] === "B") ?? [];
  const region = b[header.indexOf("Region")];
  expect(
    typeof valueOf(
      await runAsync(
        item.program([valueOf(b[1]) as number, region as string, 40000001, "netProfit"]),
        functionEnv(server),
      ),
    ),
  ).toBe("number");
});
