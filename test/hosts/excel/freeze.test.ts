/**
 * Freeze values in Excel's workbook fake: the add-in's formulas become the values Excel
 * computed (a spilled table too), the seller's formula stays, and Unfreeze puts back exactly
 * the formulas. Teammates: the frozen sheet and a managed table read the same for one with the
 * add-in and a key, one with the add-in and no key, and one without the add-in (the cells).
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { paneOverServer } from "./paneOverServer";
import { ParsedFormula } from "./fakeWorkbook";

jest.setTimeout(60_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const OURS = '=MKT.MKTA_ITEM(100001, "SG", 10001691, "margin")';
const TABLE = '=MKT.MKTA_ITEM(100001, "SG", 10001691)';
const THEIRS = "=B2*2";

test("freeze then unfreeze a sheet returns the exact formulas; every teammate reads the frozen values", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const sheet = excel.addSheet("Sheet1", [[""]]);
  excel.select("Sheet1", 0, 0, 1, 1);
  sheet.values.set("1,0", "10001691");
  sheet.values.set("1,1", new ParsedFormula(OURS, 0.4335));
  sheet.values.set("1,3", new ParsedFormula(THEIRS, 0.867));
  // A table the second formula spilled: its other cells hold values.
  sheet.values.set("3,1", new ParsedFormula(TABLE, "Item id"));
  sheet.values.set("3,2", "Margin");
  sheet.values.set("4,1", "10001691");
  sheet.values.set("4,2", 0.4335);

  const frozen = await bridge.team.freezeValues("sheet");
  expect(frozen).toEqual({ sheetName: "Sheet1", formulas: 2 });
  const cells = excel.table("Sheet1");
  expect(cells[1]?.[1]).toBe(0.4335);
  expect(cells[3]?.slice(1, 3)).toEqual(["Item id", "Margin"]);
  expect(cells[4]?.slice(1, 3)).toEqual(["10001691", 0.4335]);
  expect(sheet.values.get("1,3")).toEqual(new ParsedFormula(THEIRS, 0.867));
  expect([...sheet.values.values()].filter((v) => v instanceof ParsedFormula)).toHaveLength(1);

  // Teammates: (a) the add-in and a key, (b) the add-in and no key, (c) no add-in (the
  // workbook's cells as saved): the frozen figures read the same.
  // (b) opens the same file with the add-in and no key: nothing recalculates a frozen cell,
  // and its tools work from the file alone (nothing left to freeze).
  const teammateB = paneOverServer(server, null, excel);
  await expect(teammateB.bridge.team.freezeValues("sheet")).rejects.toThrow(
    "No formula of the add-in in Sheet1: nothing to freeze",
  );
  // (a) is the seller here; (c) without the add-in reads the saved cells: the same figures.
  expect(excel.table("Sheet1")).toEqual(cells);

  const back = await bridge.team.freezeValues("sheet", true);
  expect(back.formulas).toBe(2);
  const after = excel.table("Sheet1");
  expect(after[1]?.[1]).toBe(OURS);
  expect(after[3]?.[1]).toBe(TABLE);
  expect(after[3]?.[2] ?? "").toBe("");
  expect([after[4]?.[1] ?? "", after[4]?.[2] ?? ""]).toEqual(["", ""]);
  expect(sheet.values.get("1,3")).toEqual(new ParsedFormula(THEIRS, 0.867));
});
