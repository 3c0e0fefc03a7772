/**
 * Margins in cell tables (issue 12's one unit): marketplace A's lists show one "Margin" column,
 * as %; A's percent-point copy ("Margin points", the same percentage again) is not a second
 * column, as in imports, and stays reachable by field. Percent text read back as a number
 * (the web demo reads "9.21%" from spilled cells) is the clean fraction. Real HTTP.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { Figure } from "../../src/core/figure";
import { pointsToFraction } from "../../src/core/marginUnit";
import { functionByName } from "../../src/functions";
import type { CellResult } from "../../src/functions/cells";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server);
});
afterAll(() => server.close());

function run(name: string, ...args: unknown[]): Promise<CellResult> {
  const fn = functionByName(name);
  if (!fn) throw new Error(name);
  return runAsync(fn.program(args as never), env);
}

test.each([
  ["MKTA_PRODUCTS", [100001, "SG", 5]],
  ["MKTA_TOP_PRODUCTS", [100001, "SG", "PROFIT", 5]],
])("%s has one margin column, a clean fraction shown as %%", async (name, args) => {
  const table = await run(name, ...args);
  if (!Array.isArray(table)) throw new Error("no table");
  const header = table[0] as unknown[];
  expect(header.filter((h) => /margin/i.test(String(h)))).toEqual(["Margin"]);
  const margins = table.slice(1).map((r) => r[header.indexOf("Margin")]);
  for (const m of margins) {
    expect(m).toBeInstanceOf(Figure);
    const { value, kind } = m as Figure;
    expect(kind).toBe("percent");
    expect(value).toBe(Number(value.toFixed(6))); // no binary noise
  }
});

test("A's percent points stay reachable by field", async () => {
  const product = await run("MKTA_PRODUCTS", 100001, "SG", 1, false);
  const first = Array.isArray(product) ? product[0]?.[0] : null;
  const itemId = first instanceof Figure ? first.value : first;
  const margin = (await run("MKTA_ITEM", 100001, "SG", itemId, "margin")) as Figure;
  const points = (await run("MKTA_ITEM", 100001, "SG", itemId, "marginPoints")) as Figure;
  expect(pointsToFraction(points.value)).toBe(margin.value);
});

test("percent text read as a fraction has no binary noise", () => {
  const noisy: number[] = [];
  for (let hundredths = -10000; hundredths <= 10000; hundredths++) {
    const shown = hundredths / 100; // 9.21 from "9.21%"
    if (pointsToFraction(shown) !== Number((shown / 100).toFixed(4))) noisy.push(shown);
  }
  expect(noisy).toEqual([]);
  expect(pointsToFraction(9.21)).toBe(0.0921); // 9.21 / 100 is 0.09210000000000002
});
