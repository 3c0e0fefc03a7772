/**
 * Formats follow ownership in Excel (issue 35, item 2), in the workbook fake: an answer's
 * figures carry their format in the value (formatted numbers), so a table Excel cannot spill
 * (#SPILL!) leaves no cell format behind; Freeze values keeps each frozen figure's look by
 * putting its format on the cell, and Unfreeze takes those formats back, so a later answer in
 * those cells reads as on a fresh sheet whichever of value or cell format Excel shows first
 * (not documented: FAKES.md E-F1). Real HTTP to the reference server for the pane's calls.
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { paneOverServer } from "./paneOverServer";
import { ParsedFormula, fakeWorkbook, shownFormat, type SheetRecord } from "./fakeWorkbook";

jest.setTimeout(60_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const money = (n: number) => ({ type: "Double", basicValue: n, numberFormat: "#,##0.00" });
const percent = (n: number) => ({ type: "Double", basicValue: n, numberFormat: "0.00%" });
const TABLE = '=MKT.SET_MARGIN_PREVIEW("B", 500001, "MY", 40000001, 20%)';
const LATER = "=MKT.SHOPS()";

/** The table a preview spilled at B2: its first cell holds the formula, the rest its values. */
function spillPreview(sheet: SheetRecord): void {
  sheet.values.set("1,1", new ParsedFormula(TABLE, "Item id"));
  sheet.values.set("1,2", "Resulting margin");
  sheet.values.set("1,3", "Resulting profit");
  sheet.values.set("2,1", 40000001);
  sheet.values.set("2,2", percent(0.2));
  sheet.values.set("2,3", money(7.28));
}

/** A later answer over the same cells: SHOPS' plain ids and counts (no format of their own). */
function laterAnswer(sheet: SheetRecord): void {
  sheet.values.set("1,1", new ParsedFormula(LATER, "Marketplace"));
  sheet.values.set("1,2", "Shop id");
  sheet.values.set("1,3", "Product count");
  sheet.values.set("2,1", "A");
  sheet.values.set("2,2", 100001);
  sheet.values.set("2,3", 2100);
}

const shown = (sheet: SheetRecord, cellWins: boolean) =>
  [2, 3].map((c) => shownFormat(sheet, 2, c, cellWins));

test.each([false, true])(
  "after freeze and unfreeze a later answer reads as on a fresh sheet (cell format wins: %s)",
  async (cellWins) => {
    const fresh = fakeWorkbook({ excelApi: "1.16" }).addSheet("Fresh", [[""]]);
    laterAnswer(fresh);
    const expected = shown(fresh, cellWins);
    expect(expected).toEqual(["General", "General"]);

    const excel = fakeWorkbook({ excelApi: "1.16" });
    const { bridge } = paneOverServer(server, server.keyFor("demo"), excel);
    const sheet = excel.addSheet("Sheet1", [[""]]);
    excel.select("Sheet1", 0, 0, 1, 1);
    spillPreview(sheet);
    expect(shown(sheet, cellWins)).toEqual(["0.00%", "#,##0.00"]);

    await bridge.team.freezeValues("sheet");
    // The frozen figures keep their look on their cells: 20.00%, 7.28.
    expect(sheet.values.get("2,2")).toBe(0.2);
    expect([sheet.formats.get("2,2"), sheet.formats.get("2,3")]).toEqual(["0.00%", "#,##0.00"]);

    await bridge.team.freezeValues("sheet", true);
    expect(sheet.values.get("1,1")).toBe(TABLE);
    // Excel spills the answer again; then the seller types another formula over it.
    expect([sheet.formats.get("2,2"), sheet.formats.get("2,3")]).toEqual(["General", "General"]);
    laterAnswer(sheet);
    expect(shown(sheet, cellWins)).toEqual(expected);
  },
);

test("a table Excel cannot spill leaves no cell format: its formats are its values'", () => {
  const excel = fakeWorkbook({ excelApi: "1.16" });
  const sheet = excel.addSheet("Sheet1", [[""]]);
  // #SPILL!: the anchor shows the error, its would-be cells keep what they had (nothing).
  sheet.values.set("1,1", new ParsedFormula(TABLE, "#SPILL!"));
  sheet.values.set("2,1", new ParsedFormula(LATER, "Marketplace"));
  expect([...sheet.formats.keys()]).toEqual([]);
});
