/**
 * Imports never write over the seller's data without asking (issue 12, item 3): a target
 * sheet holding data no import wrote is replaced only after the seller's yes; otherwise the
 * import goes to a new sheet, which is shown. An import's own sheet is replaced freely.
 * Excel's task pane bridge over the Office.js workbook fake, real HTTP to the reference server.
 */
import type { ImportDefinition } from "../../src/imports/definitions";
import type { QuestionAnswers } from "../../src/ui/bridge";
import { paneOverServer } from "../hosts/excel/paneOverServer";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const DEF: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
};

const SELLERS_OWN = [
  ["Name", "Cost"],
  ["Mug", 3.5],
  ["Lamp", 12],
];

async function setup() {
  return paneOverServer(server, server.keyFor("demo"));
}

/** Records each question and answers it with `yes`. */
function answering(yes: boolean) {
  const asked: Array<{ text: string; answers: QuestionAnswers }> = [];
  const confirm = async (text: string, answers: QuestionAnswers) => {
    asked.push({ text, answers });
    return yes;
  };
  return { asked, confirm };
}

test("a sheet of the seller's own data: 'no' imports into a new sheet, shown; the data stays", async () => {
  const { excel, bridge } = await setup();
  excel.addSheet("Top products", SELLERS_OWN);
  const q = answering(false);
  const result = await bridge.runImport(DEF, { confirm: q.confirm });
  expect(q.asked).toHaveLength(1);
  expect(q.asked[0]?.text).toBe(
    'Top products!A1:B3 holds data that no import wrote. Replace it with this import, or import into a new sheet "Top products 2"?',
  );
  expect(q.asked[0]?.answers).toEqual({
    yes: "Replace Top products",
    no: 'New sheet "Top products 2"',
  });
  expect(result.sheetName).toBe("Top products 2");
  expect(excel.table("Top products")).toEqual(SELLERS_OWN);
  expect(excel.table("Top products 2")[0]?.slice(0, 3)).toEqual(["Rank", "Item id", "Name"]);
  expect(excel.active()).toBe("Top products 2");
  // The header is bold, as a seller expects of a table's header.
  expect(excel.sheets.get("Top products 2")?.bold.has("0,0")).toBe(true);
});

test("'yes' replaces the seller's data, and a second import of that sheet asks nothing", async () => {
  const { excel, bridge } = await setup();
  excel.addSheet("Top products", [
    ...SELLERS_OWN,
    ["extra", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  ]);
  const q = answering(true);
  const result = await bridge.runImport(DEF, { confirm: q.confirm });
  expect(q.asked).toHaveLength(1);
  expect(result.sheetName).toBe("Top products");
  const table = excel.table("Top products");
  expect(table[0]?.slice(0, 3)).toEqual(["Rank", "Item id", "Name"]);
  expect(table.flat()).not.toContain("Mug");
  expect(table.flat()).not.toContain("extra");

  const again = answering(true);
  await bridge.runImport(DEF, { confirm: again.confirm });
  expect(again.asked).toHaveLength(0);
});

test("without a way to ask, the seller's data is never replaced: a new sheet", async () => {
  const { excel, bridge } = await setup();
  excel.addSheet("Top products", SELLERS_OWN);
  const result = await bridge.runImport(DEF);
  expect(result.sheetName).toBe("Top products 2");
  expect(excel.table("Top products")).toEqual(SELLERS_OWN);
});

test("saving an import over the seller's data is refused; once imported, it is the import's", async () => {
  const { excel, bridge } = await setup();
  excel.addSheet("Top products", SELLERS_OWN);
  // A saved import refreshes without asking: it may not claim the seller's sheet.
  await expect(bridge.saveImport(DEF)).rejects.toThrow(
    /Top products!A1:B3 holds data that no import wrote, and a saved import would replace it at each refresh: run it once \(it asks first\) or name another sheet/,
  );
  expect(await bridge.listImports()).toEqual([]);
  // Run once, answer "replace": now it is the import's sheet, and saving it is fine.
  await bridge.runImport(DEF, answering(true));
  await bridge.saveImport(DEF);
  const q = answering(false);
  expect((await bridge.runImport(DEF, { confirm: q.confirm })).sheetName).toBe("Top products");
  expect(q.asked).toHaveLength(0);
});

test("an empty or missing sheet asks nothing", async () => {
  const { excel, bridge } = await setup();
  excel.addSheet("Top products", []);
  const q = answering(false);
  expect((await bridge.runImport(DEF, { confirm: q.confirm })).sheetName).toBe("Top products");
  expect((await bridge.runImport({ ...DEF, sheetName: "Fresh" }, q)).sheetName).toBe("Fresh");
  expect(q.asked).toHaveLength(0);
});
