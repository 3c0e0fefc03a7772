/**
 * Freeze values in the built Sheets add-on (Code.js in a sandbox): the add-in's formulas in
 * the sheet become plain cells (a teammate without the add-on or a key reads the same), the
 * seller's own formulas stay, and Unfreeze puts back exactly the formulas that were there.
 * This fake computes no formula: a formula cell's value is its text, so the test checks what
 * is a formula before and after, not the figures (the web demo's engine computes those).
 */
import { addonSuite, loadAddon } from "./harness";
import { FakeProperties, FakeSpreadsheet, type FakeSheet } from "./fakes";

jest.setTimeout(60_000);
const suite = addonSuite();

const OURS = '=MKTA_BREAKDOWN(100001, "SG", A2, , "netProfit")';
const TABLE = '=MKTA_ITEM(100001, "SG", A2)';
const THEIRS = "=B2*2";

test("freeze then unfreeze a sheet returns the exact formulas; the seller's formula is never touched", () => {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  const book = new FakeSpreadsheet();
  const a = loadAddon(suite.dir, { http: suite.http, userProps, book });
  const sheet = book.insertSheet("Prices") as FakeSheet;
  book.setActiveSheet(sheet);
  sheet.put(2, 1, { kind: "text", value: "10001549" });
  sheet.put(2, 2, { kind: "formula", value: OURS });
  sheet.put(2, 4, { kind: "formula", value: THEIRS });
  // A table the second formula spilled (its answer's cells hold values, no formula).
  sheet.put(4, 2, { kind: "formula", value: TABLE });
  sheet.put(4, 3, { kind: "text", value: "Vintage Yoga Mat 1L" });
  sheet.put(5, 2, { kind: "number", value: 40.18 });
  sheet.put(5, 3, { kind: "number", value: 108 });

  const frozen = a.call("sidebarFreezeValues", "sheet", false) as { formulas: number };
  expect(frozen.formulas).toBe(2);
  const kinds = (): string[] =>
    [
      [2, 2],
      [2, 4],
      [4, 2],
      [4, 3],
      [5, 2],
      [5, 3],
    ].map(([r, c]) => sheet.cell(r ?? 0, c ?? 0)?.kind ?? "empty");
  expect(kinds()).toEqual(["text", "formula", "text", "text", "number", "number"]);
  expect(sheet.cell(2, 4)).toEqual({ kind: "formula", value: THEIRS });
  expect(sheet.cell(5, 2)).toEqual({ kind: "number", value: 40.18 });
  // The kept formulas are in the hidden records sheet, not in a visible cell.
  expect(book.getSheetByName("~mkt tables")?.hidden).toBe(true);
  expect(() => a.call("sidebarFreezeValues", "sheet", false)).toThrow(
    "No formula of the add-in in Prices: nothing to freeze",
  );

  // The seller types over one frozen cell of the table: Unfreeze leaves that one alone.
  sheet.put(5, 3, { kind: "number", value: 999 });
  const back = a.call("sidebarFreezeValues", "sheet", true) as { formulas: number };
  expect(back.formulas).toBe(2);
  expect(sheet.cell(2, 2)).toEqual({ kind: "formula", value: OURS });
  expect(sheet.cell(4, 2)).toEqual({ kind: "formula", value: TABLE });
  expect(sheet.cell(2, 4)).toEqual({ kind: "formula", value: THEIRS });
  // The spilled block is emptied so the table can spill again.
  expect([sheet.cell(4, 3), sheet.cell(5, 2), sheet.cell(5, 3)].map((c) => c?.value ?? "")).toEqual(
    ["", "", 999],
  );
  expect(() => a.call("sidebarFreezeValues", "sheet", true)).toThrow(/No frozen formula in Prices/);
});

test("unfreeze never puts a formula back on a cell whose frozen value moved or changed, and names that cell", () => {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  const book = new FakeSpreadsheet();
  const a = loadAddon(suite.dir, { http: suite.http, userProps, book });
  const sheet = book.insertSheet("Moved") as FakeSheet;
  book.setActiveSheet(sheet);
  sheet.put(2, 2, { kind: "formula", value: OURS });
  sheet.put(3, 2, { kind: "formula", value: OURS.replace("A2", "A3") });
  expect((a.call("sidebarFreezeValues", "sheet", false) as { formulas: number }).formulas).toBe(2);
  // What a row inserted above B2 does to B2: another value sits there now (the fake computes
  // no formula, so a frozen cell holds the formula's text as its value).
  const frozenB3 = sheet.cell(3, 2)?.value;
  sheet.put(2, 2, { kind: "text", value: "note for 10001549" });
  const back = a.call("sidebarFreezeValues", "sheet", true) as {
    formulas: number;
    notRestored?: string;
  };
  expect(back.formulas).toBe(1);
  expect(back.notRestored).toBe("the frozen cell B2");
  expect(sheet.cell(2, 2)).toEqual({ kind: "text", value: "note for 10001549" });
  expect(sheet.cell(3, 2)).toEqual({ kind: "formula", value: OURS.replace("A2", "A3") });
  expect(frozenB3).toBeDefined();
  // Only B2's formula stays kept: unfreezing again names it and changes nothing.
  expect(() => a.call("sidebarFreezeValues", "sheet", true)).toThrow(
    /Not unfrozen: the frozen cell B2 changed since the freeze/,
  );
  expect(sheet.cell(2, 2)).toEqual({ kind: "text", value: "note for 10001549" });
});
