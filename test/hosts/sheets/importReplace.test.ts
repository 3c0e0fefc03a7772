/**
 * The seller's answer before an import job fetches a page in Sheets: google.script.run calls
 * the top-level wrappers of Stubs.js, so this test does too (the built bundle, real HTTP).
 * "Replace" replaces, "New sheet" imports beside and shows it, nothing else overwrites.
 */
import { addonSuite, loadAddon, TOP_PRODUCTS_IMPORT as DEF } from "./harness";
import { FakeProperties, FakeSpreadsheet } from "./fakes";
import { driveSheetsJob, runSheetsJob } from "./sheetsJobs";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";

jest.setTimeout(180_000);
const suite = addonSuite();

function addon() {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  const book = new FakeSpreadsheet();
  const own = book.insertSheet("Top products");
  own.getRange(1, 1, 2, 2).setValues([
    ["Name", "Cost"],
    ["Mug", 3.5],
  ]);
  const a = loadAddon(suite.dir, { http: suite.http, userProps, book });
  const call = (name: string, ...args: unknown[]) => a.call(name, ...args);
  return { a, own, book, call };
}

/** Run the import job through the wrappers, answering its question; the questions asked. */
function imported(
  call: (name: string, ...args: unknown[]) => unknown,
  def: typeof DEF,
  yes: boolean[] = [],
) {
  const asked: string[] = [];
  const result = runSheetsJob(
    "import",
    { def },
    {
      call,
      answers: yes,
      onView: (v) => void (v.phase === "asking" && v.question && asked.push(v.question.text)),
    },
  );
  return { asked, result };
}

test("'Replace' through the top-level wrapper replaces the seller's data and shows the sheet", () => {
  const { own, book, call } = addon();
  const { asked } = imported(call, DEF, [true]);
  expect(asked).toEqual([
    'Top products!A1:B2 holds data that no import wrote. Replace it with this import, or import into a new sheet "Top products 2"?',
  ]);
  expect(own.values()[0]?.slice(0, 3)).toEqual(["Rank", "Item id", "Name"]);
  expect(book.getActiveSheet().getName()).toBe("Top products");
});

test("'New sheet' imports beside, keeps the seller's data, and shows the new sheet", () => {
  const { own, book, call } = addon();
  imported(call, DEF, [false]);
  expect(own.values()).toEqual([
    ["Name", "Cost"],
    ["Mug", 3.5],
  ]);
  expect(book.getActiveSheet().getName()).toBe("Top products 2");
});

test("data the seller typed into the sheet while the pages came: the commit writes nothing", () => {
  const { a, book, call } = addon();
  const def = { ...DEF, sheetName: "Profit" };
  let view = a.call("sidebarJobStart", "import", { def }) as JobView;
  while (view.doing.startsWith("asking page"))
    view = a.call("sidebarJobStep", view.id, "sidebar-test") as JobView;
  const theirs = book.insertSheet("Profit");
  theirs.getRange(1, 1, 1, 2).setValues([["My", "notes"]]);
  expect(() => driveSheetsJob(view, { call })).toThrow(
    /holds data that no import wrote, so nothing was written/,
  );
  expect(theirs.values()).toEqual([["My", "notes"]]);
  // The staging is gone; the failure is in the refresh log.
  expect(book.getSheets().some((s) => s.getName().startsWith("~import"))).toBe(false);
  expect(a.call("sidebarJobList")).toEqual([]);
});

test("a long list of import sheets (Thai names) never fails an import that was written", () => {
  const { a, book, call } = addon();
  const thai = (i: number) => `ยอดขายสินค้าขายดีประจำเดือนของร้านค้า ${i}`;
  a.documentProps.setProperty(
    "mkt.importedSheets",
    JSON.stringify(Array.from({ length: 78 }, (_, i) => thai(i))),
  );
  const def = { ...DEF, sheetName: "สินค้าขายดีประจำเดือนนี้ทั้งหมดของร้าน" };
  imported(call, def);
  expect(book.getSheetByName(def.sheetName)?.getLastRow()).toBeGreaterThan(1);
  const kept = JSON.parse(a.documentProps.getProperty("mkt.importedSheets") ?? "[]") as string[];
  expect(kept).toContain(def.sheetName);
});

test("a sheet the seller made under an old import sheet's name is theirs: the import asks", () => {
  const { book, call } = addon();
  // An import into a fresh sheet: it is the import's own.
  const mine = { ...DEF, sheetName: "Profit" };
  expect(imported(call, mine).asked).toEqual([]);
  // The seller deletes it and makes a sheet of their own with that name.
  book.deleteSheet(book.getSheetByName("Profit") as never);
  book
    .insertSheet("Profit")
    .getRange(1, 1, 1, 2)
    .setValues([["My", "notes"]]);
  expect(imported(call, mine, [false]).asked[0]).toMatch(
    /^Profit!A1:B1 holds data that no import wrote/,
  );
});
