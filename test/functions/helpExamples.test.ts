/**
 * Every example a function's help gives is one the function itself takes (issue 35, item 3):
 * each name its `field` help offers ("VAT", vatPerUnit, commissionFee, metadata.x) and each
 * field its notes name, typed into that same function (its own example's other arguments),
 * over real HTTP to the reference server, answers a figure. (Its example formula itself is
 * run by test/docs/examples.test.ts, from the docs it is printed in.)
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { ENDPOINTS } from "../../src/api/endpoints";
import { CATALOG, CellError, type CellInput } from "../../src/functions";
import type { SheetFunction } from "../../src/functions/define";
import { ArgumentError } from "../../src/functions/argumentError";
import { exampleArgs } from "../helpers/exampleArgs";
import { valueOf } from "../helpers/figureValues";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(60_000);

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

/**
 * The examples a help text gives for its parameter: "quoted" names and single names in
 * parentheses ("(vatPerUnit)", "(metadata.commissionRate)"), as a seller would copy them.
 */
export function helpExamples(help: string): string[] {
  const quoted = [...help.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
  const named = [...help.matchAll(/\(([A-Za-z][A-Za-z0-9.]*)\)/g)].map((m) => m[1] ?? "");
  return [...new Set([...quoted, ...named])].filter((x) => x !== "");
}

const INACTIVE = new Set(ENDPOINTS.filter((e) => e.status !== "active").map((e) => e.id));
const inactive = (fn: SheetFunction): boolean => fn.endpoints.every((x) => INACTIVE.has(x));

/** The field names a function's notes give (`field "requiredListingPrice" returns ...`). */
function noteFields(fn: SheetFunction): string[] {
  return fn.notes.flatMap((n) => [...n.matchAll(/field "([^"]+)"/g)].map((m) => m[1] ?? ""));
}

/** (function, field example) for every function whose help offers field names. */
const FIELD_EXAMPLES: Array<[string, string, SheetFunction]> = CATALOG.filter(
  (fn) => !inactive(fn),
).flatMap((fn) => {
  const field = fn.params.find((p) => p.name === "field");
  if (!field) return [];
  const examples = [...new Set([...helpExamples(field.help), ...noteFields(fn)])];
  return examples.map((x): [string, string, SheetFunction] => [fn.name, x, fn]);
});

test("every function with a field argument offers examples of it", () => {
  const withField = CATALOG.filter((fn) => fn.params.some((p) => p.name === "field"));
  const bare = withField.filter((fn) => !FIELD_EXAMPLES.some(([, , f]) => f === fn));
  expect(bare.filter((fn) => !inactive(fn)).map((fn) => fn.name)).toEqual([]);
});

test.each(FIELD_EXAMPLES)("%s takes its help's field example %j", async (_name, example, fn) => {
  const args = exampleArgs(fn);
  const at = fn.params.findIndex((p) => p.name === "field");
  const typed: CellInput[] = [...args];
  while (typed.length <= at) typed.push(undefined);
  typed[at] = example;
  let answer: unknown;
  try {
    answer = await runAsync(fn.program(typed), env);
  } catch (e) {
    // A preview of a product with several SKUs asks for one (as its help says): the seller
    // types the first SKU id its table lists, as the message asks.
    if (!(e instanceof ArgumentError) || e.argument !== "variantId") throw e;
    const variantAt = fn.params.findIndex((p) => p.name === "variantId");
    const table = (await runAsync(fn.program(args), env)) as unknown[][];
    const column = (table[0] ?? []).findIndex((h) => /^(SKU|Model) id$/.test(String(h)));
    typed[variantAt] = String(valueOf(table[1]?.[column]));
    answer = await runAsync(fn.program(typed), env);
  }
  const cells = Array.isArray(answer) ? answer.flat() : [answer];
  expect(cells.filter((c) => c instanceof CellError)).toEqual([]);
  expect(["number", "string", "boolean"]).toContain(typeof valueOf(cells[0]));
});
