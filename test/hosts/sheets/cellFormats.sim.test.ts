/**
 * Sheets' custom functions cannot format their cells (issue 23 item 1), so the add-on formats
 * the catalog formula cells it refreshes and those the seller inserts from the builder: money
 * in the shop currency's decimals, margins as %. A format the seller chose stays. On the
 * simulator: the cells run as Sheets runs them, nothing formats a cell on its own.
 */
import { demoItems } from "./sim/demoItems";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

let sim: SheetsSim;
const format = (row: number, col: number): string | undefined =>
  sim.doc.book.sheet("Sheet1").formats.get(`${row},${col}`);

beforeEach(async () => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const { shop, items } = demoItems(4);
  const f = (field: string) =>
    `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "${field}")`;
  sim.edit(
    OWNER,
    "A2:A4",
    items.slice(0, 3).map((id) => [id]),
  );
  sim.fillDown(OWNER, "C2:C4", f("netProfit"));
  sim.fillDown(OWNER, "E2:E4", f("margin"));
  // The seller's own format on one margin cell: kept.
  sim.doc.book.sheet("Sheet1").formats.set("3,5", "0.0");
  await sim.runUntilIdle();
});

afterEach(async () => {
  await sim?.close();
});

test("filled-down cells answer as plain numbers: the custom function itself cannot format", () => {
  expect(
    sim
      .values("C2:C4")
      .flat()
      .every((v) => typeof v === "number"),
  ).toBe(true);
  expect([format(2, 3), format(2, 5)]).toEqual([undefined, undefined]);
});

test("a refresh gives the cells their answers' formats and keeps the seller's", async () => {
  await sim.call(OWNER, "refreshFromSidebar", ["sheet", "all"]);
  await sim.runUntilIdle();
  expect([2, 3, 4].map((r) => format(r, 3))).toEqual(["#,##0.00", "#,##0.00", "#,##0.00"]);
  expect([2, 3, 4].map((r) => format(r, 5))).toEqual(["0.00%", "0.0", "0.00%"]);
  expect(
    sim
      .values("C2:C4")
      .flat()
      .every((v) => typeof v === "number"),
  ).toBe(true);
});

test.each(["", "0.###############"])(
  "where Sheets reports an unformatted cell as %j (not documented), a refresh still formats it",
  async (automatic) => {
    sim.doc.book.automaticFormat = automatic;
    await sim.call(OWNER, "refreshFromSidebar", ["sheet", "all"]);
    await sim.runUntilIdle();
    expect([2, 3, 4].map((r) => format(r, 3))).toEqual(["#,##0.00", "#,##0.00", "#,##0.00"]);
    expect([2, 3, 4].map((r) => format(r, 5))).toEqual(["0.00%", "0.0", "0.00%"]);
  },
);

test("a formula inserted from the builder gets its format; a table's figures theirs by offset", async () => {
  const { shop, items } = demoItems(1);
  const one = `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", ${items[0]}, , "margin")`;
  expect(await sim.call(OWNER, "sidebarInsertFormula", [one, "Sheet1!G2"])).toMatchObject({
    written: true,
  });
  expect(format(2, 7)).toBe("0.00%");
  const table = `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", ${items[0]})`;
  await sim.call(OWNER, "sidebarInsertFormula", [table, "Sheet1!I2"]);
  await sim.runUntilIdle();
  const rows = sim.values("I2:J40").filter((r) => r[0] !== "");
  const at = (label: string) => 2 + rows.findIndex((r) => r[0] === label);
  expect(format(at("Net profit"), 10)).toBe("#,##0.00");
  expect(format(at("Margin"), 10)).toBe("0.00%");
  expect(format(2, 9)).toBeUndefined(); // the labels are text: no number format
});
