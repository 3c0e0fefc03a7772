/**
 * An import with "Only the first N rows" into a managed table that holds more (a new user's
 * run: the products cut off by the limit were marked "Not in the API's answer" and "Remove gone
 * rows" offered to delete them with the seller's notes). A product below the limit is not gone
 * from the API: its Status says so, and it is never offered as gone. The sidebar service over
 * Excel's workbook fake, real HTTP to the reference server.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import type { ImportDefinition } from "../../src/imports/definitions";
import { startTestServer, type TestServer } from "../helpers/server";
import { importOutcome } from "../../src/ui/importOutcome";
import { goneRowsQuestionText } from "../../src/ui/goneRowsText";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const TOP_30: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 30 },
};

test("rows cut off by a smaller limit are said to be below the top N, not gone, and Remove gone rows names them so", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(TOP_30);
  const first = excel.table("Top products");
  const header = (first[0] ?? []).map(String);
  const statusAt = header.indexOf("Status");
  expect(first.length).toBe(31);
  // The seller's note on row 25 (below the coming limit), right of the table.
  excel.sheets.get("Top products")?.values.set(`25,${header.length + 1}`, "ask supplier");

  await bridge.runImport({ ...TOP_30, options: { limit: 10 } });
  const after = excel.table("Top products");
  expect(after.length).toBe(31);
  const statuses = after.slice(1).map((r) => String(r[statusAt] ?? ""));
  expect(statuses.slice(0, 10).every((s) => s === "")).toBe(true);
  for (const s of statuses.slice(10))
    expect(s).toMatch(/^Below the top 10 rows on \d{4}-\d\d-\d\d$/);
  expect(statuses.some((s) => s.startsWith("Not in the API's answer"))).toBe(false);
  expect(after[25]?.[header.length + 1]).toBe("ask supplier");

  // "Remove gone rows" names them for what they are, apart from rows truly gone (none here).
  const gone = await bridge.team.goneRows("Top products");
  expect(gone.rows).toBe(20);
  expect(gone.belowTop).toHaveLength(20);
  const question = goneRowsQuestionText(gone);
  expect(question).toContain("20 rows only below the top rows the last import kept");
  expect(question).not.toContain("no longer in the API's answer");
  expect(question).toContain("ask supplier");

  // The whole list again: the rows come back, unmarked.
  await bridge.runImport(TOP_30);
  const back = excel.table("Top products");
  expect(back.slice(1).every((r) => String(r[statusAt] ?? "") === "")).toBe(true);
});

test("chosen products the API did not find are named in the result line and the Refresh log", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const result = await bridge.runImport({
    id: "chosen",
    kind: "productList",
    marketplace: "C",
    shopId: "700001",
    productIds: ["17700001000001", "17700001000002", "99999"],
    sheetName: "Chosen",
  });
  expect(result.rows).toBe(2);
  expect(result.notFound).toEqual(["99999"]);
  const line = importOutcome(result);
  expect(line).toContain("2 rows written");
  expect(line).toContain("the API found no product 99999");
  const log = excel.table("Refresh log").map((r) => r.join(" | "));
  expect(log.some((r) => r.includes("the API found no product 99999"))).toBe(true);
});
