/**
 * Excel's formatted numbers (CustomFunctionsRuntime 1.4): where Office says the requirement set
 * is there, a figure leaves as `{type: "Double", basicValue, numberFormat}` with its kind's
 * format (money in the shop's currency decimals, margins as %); where it is not, the plain
 * number. Real HTTP to the reference server; Office.context.requirements faked at the host edge.
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { demoIds } from "./harness/catalogCases";
import { callInNode, nodeSession } from "./nodeExcel";
import { functionsMetadata } from "../../../src/hosts/shared/metadata";
import { CATALOG } from "../../../src/functions";

let server: TestServer;
let key: string;
const ids = demoIds();
const g = globalThis as { Office?: unknown };

/** Office.js's requirement check, answering for the sets this Excel has. */
function excelWith(sets: Record<string, number>): void {
  g.Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, version?: string) =>
          name in sets && Number(version ?? "1") <= (sets[name] ?? 0),
      },
    },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  key = server.keyFor("demo");
});
afterAll(async () => {
  delete g.Office;
  await server.close();
});

test("functions.json lets 'any' results be data types", () => {
  expect(functionsMetadata(CATALOG).allowCustomDataForDataTypeAny).toBe(true);
});

test("with CustomFunctionsRuntime 1.4: net profit is a formatted number in the shop's currency", async () => {
  excelWith({ CustomFunctionsRuntime: 1.4, SharedRuntime: 1.1 });
  const session = nodeSession(server.baseUrl, key);
  const profit = await callInNode(session, "MKTA_BREAKDOWN", [
    ids.shopA,
    ids.regionA,
    ids.itemA,
    undefined,
    "netProfit",
  ]);
  expect(profit).toEqual({
    ok: true,
    value: [[{ type: "Double", basicValue: expect.any(Number), numberFormat: "#,##0.00" }]],
  });
  const margin = await callInNode(session, "MKTA_BREAKDOWN", [
    ids.shopA,
    ids.regionA,
    ids.itemA,
    undefined,
    "margin",
  ]);
  expect(margin).toMatchObject({ ok: true, value: [[{ type: "Double", numberFormat: "0.00%" }]] });
  // (Range-able functions always answer a matrix: one value is [[x]].)
  // A spilled breakdown: label text stays text, every amount is money.
  const table = await callInNode(session, "MKTA_BREAKDOWN", [ids.shopA, ids.regionA, ids.itemA]);
  if (!table.ok || !Array.isArray(table.value)) throw new Error("no table");
  const net = table.value.find((r) => r[0] === "Net profit");
  expect(net?.[1]).toMatchObject({ type: "Double", numberFormat: "#,##0.00" });
  const marginRow = table.value.find((r) => r[0] === "Margin");
  expect(marginRow?.[1]).toMatchObject({ type: "Double", numberFormat: "0.00%" });
});

test("a VND shop's money has no decimals", async () => {
  excelWith({ CustomFunctionsRuntime: 1.4 });
  const session = nodeSession(server.baseUrl, key);
  const vnd = await callInNode(session, "REQUIRED_PRICE", [
    "B",
    undefined,
    "VN",
    ids.categoryB,
    50000,
    0.25,
    "requiredListingPrice",
  ]);
  expect(vnd).toMatchObject({ ok: true, value: [[{ type: "Double", numberFormat: "#,##0" }]] });
});

test("without the requirement set (older Excel) the cell gets the plain number", async () => {
  excelWith({ SharedRuntime: 1.1 });
  const session = nodeSession(server.baseUrl, key);
  const profit = await callInNode(session, "MKTA_BREAKDOWN", [
    ids.shopA,
    ids.regionA,
    ids.itemA,
    undefined,
    "netProfit",
  ]);
  expect(profit).toEqual({ ok: true, value: [[expect.any(Number)]] });
});
