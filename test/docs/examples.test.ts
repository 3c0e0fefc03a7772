/**
 * Docs that run (issue 12, item 5): every formula written in docs/functions.md and the README
 * (inline code such as `=MKTA_ITEM(100001, "SG", 10001691, "margin")`, and every "Example:")
 * is parsed as a spreadsheet would read it and run through the real function runtime against
 * the reference server as `npm start` serves it (today's date, believable names). Each must
 * answer a value, not an error. A formula that cannot be parsed (placeholders such as
 * `shop`) fails too: the docs use the demo account's ids.
 */
import { valueOf } from "../helpers/figureValues";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { isApiError } from "../../src/core/errors";
import { CellError } from "../../src/core/shape";
import { ENDPOINTS } from "../../src/api/endpoints";
import { CATALOG, functionByName } from "../../src/functions";
import { formulasIn, parseFormula as parse } from "../helpers/exampleArgs";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

const INACTIVE = new Set(ENDPOINTS.filter((e) => e.status !== "active").map((e) => e.id));

const documented = [
  ...formulasIn("docs/functions.md").map((f) => ["docs/functions.md", f] as const),
  ...formulasIn("README.md").map((f) => ["README.md", f] as const),
];

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  // As `npm start` serves it: today's date, no hostile names.
  server = await startTestServer({
    hostileNames: false,
    today: new Date().toISOString().slice(0, 10),
  });
  env = functionEnv(server);
});
afterAll(() => server.close());

test("the docs hold an example of every catalog function, and only of catalog functions", () => {
  const names = new Set(documented.map(([, f]) => parse(f).name));
  expect(CATALOG.map((f) => f.name).filter((n) => !names.has(n))).toEqual([]);
  for (const n of names) expect(functionByName(n)).toBeDefined();
});

test.each(documented)("%s: %s answers a value", async (_file, formula) => {
  const { name, args } = parse(formula);
  const fn = functionByName(name);
  if (!fn) throw new Error(`unknown function ${name}`);
  let result: unknown;
  try {
    result = await runAsync(fn.program(args), env);
  } catch (e) {
    // Endpoints the spec marks "not yet active" (B11 answers an empty list) say so in words.
    const inactive = fn.endpoints.every((x) => INACTIVE.has(x));
    if (inactive && isApiError(e) && /yet/.test(e.message)) return;
    throw e;
  }
  const cells = Array.isArray(result) ? result.flat() : [result];
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.filter((c) => c instanceof CellError)).toEqual([]);
  if (!Array.isArray(result))
    expect(["number", "string", "boolean"]).toContain(typeof valueOf(result));
});
