/**
 * One way to show a figure outside formula cells (issue 23 item 1): a bulk answer carries each
 * cell's number format (money in the currency's decimals, margins as %), a builder preview its
 * text as the seller reads it, REQUIRED_PRICE's table has the same rows for A and B, and an
 * import shows one margin (as %), not A's percent points beside it. Real HTTP.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName, resultText } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import type { CellInput, CellResult } from "../../src/functions/cells";
import { answerRow } from "../../src/imports/bulk";
import { listColumns, overviewRows } from "../../src/imports/table";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

function run(name: string, args: CellInput[]): Promise<CellResult> {
  const fn = functionByName(name);
  if (!fn) throw new Error(`no ${name}`);
  return runAsync(fn.program(args, DEFAULT_BASIS), env);
}

const MONEY_2 = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;

test("a bulk row's figures carry their formats: money in the currency's decimals, margins as %", async () => {
  const net = answerRow(await run("MKTA_BREAKDOWN", [100001, "SG", 10001691, null, "netProfit"]));
  expect(net.formats).toEqual(["#,##0.00"]);
  const across = answerRow(await run("MKTA_BREAKDOWN", [100001, "SG", 10001691]));
  const at = (label: string) => across.formats[across.header?.indexOf(label) ?? -1];
  expect(at("Net profit")).toBe("#,##0.00");
  expect(at("Margin")).toBe("0.00%");
  expect(at("Basis")).toBe(""); // text keeps the host's own
  const vnd = answerRow(
    await run("REQUIRED_PRICE", ["B", null, "VN", 200001, 50000, 0.25, "requiredListingPrice"]),
  );
  expect(vnd.formats).toEqual(["#,##0"]);
});

test("a preview reads as the seller reads the figure, not as a bare number", async () => {
  const table = resultText(await run("MKTA_BREAKDOWN", [100001, "SG", 10001691]));
  if (!Array.isArray(table)) throw new Error("no table");
  const shown = (label: string) => table.find((r) => r[0] === label)?.[1] ?? "";
  expect(shown("Net profit")).toMatch(MONEY_2);
  expect(shown("Margin")).toMatch(/^-?\d+\.\d{2}%$/);
  expect(resultText(await run("MKTA_BREAKDOWN", [100001, "SG", 10001691, null, "margin"]))).toMatch(
    /^-?\d+\.\d{2}%$/,
  );
  const vnd = resultText(
    await run("REQUIRED_PRICE", ["B", null, "VN", 200001, 50000, 0.25, "requiredListingPrice"]),
  );
  expect(vnd).toMatch(/^\d{1,3}(,\d{3})*$/); // no decimals in VND
});

test("REQUIRED_PRICE's table has the same rows of its own for A and B", async () => {
  const own = (t: CellResult) => {
    if (!Array.isArray(t)) throw new Error("no table");
    const labels = t.map((r) => r[0]);
    return [...labels.slice(0, 3), ...labels.slice(-4)];
  };
  const a = own(await run("REQUIRED_PRICE", ["A", 100001, "SG", 100008, 50, 0.25]));
  const b = own(await run("REQUIRED_PRICE", ["B", null, "MY", 200004, 150, 0.25]));
  expect(a).toEqual([
    "Line",
    "Required listing price",
    "Target margin",
    "Net profit",
    "Margin",
    "Currency",
    "Basis",
  ]);
  expect(b).toEqual(a);
});

test("an import shows one margin, as %: A's percent-point copy is not a second column", () => {
  const record = {
    itemId: 1,
    margin: 0.235,
    marginPoints: 23.5,
    metadata: { avgMargin: 0.1, avgMarginPoints: 10 },
  };
  const headers = listColumns([record], "A").map((c) => c.header);
  expect(headers.filter((h) => /margin/i.test(h))).toEqual(["Margin", "Avg margin"]);
  const rows = overviewRows({ summary: { margin: 0.2, marginPoints: 20 } });
  expect(rows.map((r) => r[2])).toEqual(["Margin"]);
});
