/**
 * Shapes the spec allows that the reference server does not send by itself, read as the spec
 * reads them (over real HTTP; test/helpers/allowedShapes.ts reshapes the real answers):
 * fields the spec does not name beside a breakdown are no rows, and an A1 entry whose modelId
 * is null (spec 2.4: a single-variant product) answers the model it was asked for.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName, resultText } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import type { CellInput, CellResult } from "../../src/functions/cells";
import { allowedShapesServer, EXTRA_FIELDS, type AllowedShapes } from "../helpers/allowedShapes";
import { functionEnv } from "../helpers/functionEnv";

const SHOP = 100001;
const ITEM = 10001691;

let shapes: AllowedShapes;
beforeAll(async () => {
  shapes = await allowedShapesServer();
});
afterAll(() => shapes.server.close());

/** A fresh env (own cache) per call: each answer comes over the wire. */
function run(name: string, args: CellInput[]): Promise<CellResult> {
  const fn = functionByName(name);
  if (!fn) throw new Error(`no ${name}`);
  const env: AsyncEnv = functionEnv(shapes.server, { perMinute: 100_000 });
  return runAsync(fn.program(args, DEFAULT_BASIS), env);
}

function table(result: CellResult): string[][] {
  const shown = resultText(result);
  if (!Array.isArray(shown)) throw new Error(`no table: ${String(shown)}`);
  return shown.map((row) => row.map(String));
}

/** The model ids of ITEM (A6's per-model entries). */
async function modelsOf(itemId: number): Promise<number[]> {
  const res = await fetch(
    `${shapes.server.baseUrl}/api/mkt-a/financial-breakdown/item/${SHOP}/SG/${itemId}`,
    {
      method: "POST",
      headers: {
        authorization: `Bearer ${shapes.server.keyFor("demo")}`,
        "content-type": "application/json",
      },
      body: "{}",
    },
  );
  const body = (await res.json()) as { data: { modelBreakdowns: Array<{ modelId: number }> } };
  return body.data.modelBreakdowns.map((m) => m.modelId).filter((id) => typeof id === "number");
}

describe("fields the spec does not name beside a breakdown (A2, A6)", () => {
  const extraLabels = /request id|api build|cached|req-7f3a|20261127/i;

  test.each([
    ["MKTA_BREAKDOWN (A2)", "MKTA_BREAKDOWN"],
    ["MKTA_ITEM (A6)", "MKTA_ITEM"],
  ])("%s shows no row for them, and its lines still sum to its net profit", async (_, name) => {
    const rows = table(await run(name, [SHOP, "SG", ITEM]));
    expect(rows.flat().join(" | ")).not.toMatch(extraLabels);
    expect(rows.some((r) => r[0] === "Net profit")).toBe(true);
  });

  test("a field asked by name still reads what the API sent", async () => {
    expect(await run("MKTA_ITEM", [SHOP, "SG", ITEM, "requestId"])).toEqual(EXTRA_FIELDS.requestId);
  });
});

describe("an A1 entry whose modelId is null (spec 2.4: a single-variant product)", () => {
  afterEach(() => shapes.nullModels.clear());

  test("answers the one model asked: the same table as with its id", async () => {
    const [model] = await modelsOf(ITEM);
    if (model === undefined) throw new Error("no model");
    const withId = table(await run("MKTA_BREAKDOWN", [SHOP, "SG", ITEM, model]));
    shapes.nullModels.add(model);
    const withNull = table(await run("MKTA_BREAKDOWN", [SHOP, "SG", ITEM, model]));
    expect(withNull).toEqual(withId);
  });

  test("in a range, answers the row no other entry answers; the others keep theirs", async () => {
    const [m1, m2] = await modelsOf(ITEM);
    if (m1 === undefined || m2 === undefined) throw new Error("need two models");
    const range = (): Promise<CellResult> =>
      run("MKTA_BREAKDOWN", [SHOP, "SG", [[ITEM], [ITEM]], [[m1], [m2]], "netProfit"]);
    const before = table(await range());
    shapes.nullModels.add(m2);
    expect(table(await range())).toEqual(before);
  });

  test("two or more such entries: each model is asked again on its own and gets its row", async () => {
    const [m1, m2] = await modelsOf(ITEM);
    if (m1 === undefined || m2 === undefined) throw new Error("need two models");
    const range = (): Promise<CellResult> =>
      run("MKTA_BREAKDOWN", [SHOP, "SG", [[ITEM], [ITEM]], [[m1], [m2]], "netProfit"]);
    const before = table(await range());
    shapes.nullModels.add(m1).add(m2);
    const from = shapes.a1Asked.length;
    const after = table(await range());
    // One request for both, then one for each: each answer can only be its own model's.
    expect(shapes.a1Asked.slice(from)).toEqual([[m1, m2], [m1], [m2]]);
    expect(after).toEqual(before);
    expect(after.flat().join(" ")).not.toMatch(/not found|unexpected shape|error/i);
  });
});
