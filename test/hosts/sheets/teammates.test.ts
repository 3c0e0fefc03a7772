/**
 * Teammates in the built Sheets add-on: one spreadsheet (one FakeSpreadsheet and its document
 * properties) opened by the seller and by three teammates, each with their own user
 * properties: (a) the add-on and their own key, (b) the add-on and no key, (c) no add-on (the
 * cells as Sheets shows them to anyone). A managed table and frozen values read the same for
 * all; a teammate who cannot refresh is told what to do; a refresh by (a) is stamped with
 * (a)'s key prefix, never the key.
 */
import { addonSuite, loadAddon, TOP_PRODUCTS_IMPORT } from "./harness";
import { runSheetsJob } from "./sheetsJobs";
import { FakeProperties, FakeSpreadsheet, type FakeSheet } from "./fakes";

jest.setTimeout(120_000);
const suite = addonSuite();
const DEF = { ...TOP_PRODUCTS_IMPORT, options: { limit: 20 } };

test("a managed table and frozen values read the same for every teammate", () => {
  const book = new FakeSpreadsheet();
  const documentProps = new FakeProperties();
  const open = (key: string | null) => {
    const userProps = new FakeProperties();
    userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
    if (key) userProps.setProperty("mkt.apiKey", key);
    return loadAddon(suite.dir, { http: suite.http, userProps, book, documentProps });
  };
  const importWith = (a: ReturnType<typeof open>): unknown =>
    runSheetsJob("import", { def: DEF }, { call: (name, ...args) => a.call(name, ...args) });
  const seller = open(suite.server.keys.demo);
  importWith(seller);
  const sheet = book.getSheetByName("Top products") as FakeSheet;
  // The seller's formula column right of the table (1-based column `at`).
  const at = (sheet.values()[0]?.length ?? 0) + 2;
  sheet.put(2, at, { kind: "formula", value: '=MKTA_ITEM(100001, "SG", A2, "margin")' });
  book.setActiveSheet(sheet);
  seller.call("sidebarFreezeValues", "sheet", false);
  const seen = sheet.values();

  // (a) refreshes with their own key of the seller's account: the same table, stamped with
  // their key's prefix (never the key).
  const own = suite.server.keys.demo2;
  const teammateA = open(own);
  importWith(teammateA);
  expect(sheet.getRange(1, 1, 1, 1).getNote()).toContain(
    `Refreshed by: this Google account, key ${own.slice(0, own.indexOf("pat_") + 8)}…`,
  );
  const log = JSON.stringify((book.getSheetByName("Refresh log") as FakeSheet).values());
  expect(log).not.toContain(own);
  expect(sheet.values()).toEqual(seen);
  // A key of another account cannot see the shop: nothing changes and it says so.
  expect(() => importWith(open(suite.server.keys.rival))).toThrow(
    /your key's account cannot see it/,
  );

  // (b) has no key: its refresh stops before any cell changes and says what to do.
  const teammateB = open(null);
  expect(() => importWith(teammateB)).toThrow(/No API key/);
  expect(sheet.values()).toEqual(seen);

  // (c) has no add-on: Sheets shows it the cells as they are. All three read the same.
  const forA = sheet.values();
  expect(forA.map((r) => r.length)).toEqual(seen.map((r) => r.length));
  expect(forA[1]?.[at - 1]).toBe(seen[1]?.[at - 1]);
  expect(sheet.cell(2, at)?.kind).not.toBe("formula");
});
