/**
 * The seller's answer before an import reaches the commit in Sheets: google.script.run calls
 * the top-level wrappers of Stubs.js, so this test does too (the built bundle, real HTTP).
 * "Replace" replaces, "New sheet" imports beside and shows it, nothing else overwrites.
 */
import { addonSuite, loadAddon, TOP_PRODUCTS_IMPORT as DEF } from "./harness";
import { FakeProperties, FakeSpreadsheet } from "./fakes";

jest.setTimeout(180_000);
const suite = addonSuite();

type State = { done: boolean };

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
  return { a: loadAddon(suite.dir, { http: suite.http, userProps, book }), own, book };
}

/** Begin and fetch every page, as the sidebar's loop does, through the wrappers. */
function fetched(a: ReturnType<typeof addon>["a"], def: typeof DEF) {
  const begun = a.call("sidebarImportBegin", def) as {
    token: string;
    state: State;
    target: { othersData: string | null; newSheetName: string };
  };
  let state = begun.state;
  while (!state.done)
    state = (a.call("sidebarImportPage", begun.token, def, state) as { state: State }).state;
  return { begun, state };
}

test("'Replace' through the top-level wrapper replaces the seller's data and shows the sheet", () => {
  const { a, own, book } = addon();
  const { begun, state } = fetched(a, DEF);
  expect(begun.target.othersData).toBe("Top products!A1:B2");
  a.call("sidebarImportCommit", begun.token, DEF, state, { replace: true, show: true });
  expect(own.values()[0]?.slice(0, 3)).toEqual(["Rank", "Item id", "Name"]);
  expect(book.getActiveSheet().getName()).toBe("Top products");
});

test("'New sheet' imports beside, keeps the seller's data, and shows the new sheet", () => {
  const { a, own, book } = addon();
  const { begun } = fetched(a, DEF);
  const into = { ...DEF, sheetName: begun.target.newSheetName };
  let state = begun.state;
  while (!state.done)
    state = (a.call("sidebarImportPage", begun.token, into, state) as { state: State }).state;
  a.call("sidebarImportCommit", begun.token, into, state, { show: true });
  expect(own.values()).toEqual([
    ["Name", "Cost"],
    ["Mug", 3.5],
  ]);
  expect(book.getActiveSheet().getName()).toBe("Top products 2");
});

test("without the seller's yes the commit writes nothing", () => {
  const { a, own } = addon();
  const { begun, state } = fetched(a, DEF);
  expect(() => a.call("sidebarImportCommit", begun.token, DEF, state)).toThrow(
    /holds data that no import wrote, so nothing was written/,
  );
  expect(own.values()[1]).toEqual(["Mug", 3.5]);
});

test("a long list of import sheets (Thai names) never fails an import that was written", () => {
  const { a, book } = addon();
  const thai = (i: number) => `ยอดขายสินค้าขายดีประจำเดือนของร้านค้า ${i}`;
  a.documentProps.setProperty(
    "mkt.importedSheets",
    JSON.stringify(Array.from({ length: 78 }, (_, i) => thai(i))),
  );
  const def = { ...DEF, sheetName: "สินค้าขายดีประจำเดือนนี้ทั้งหมดของร้าน" };
  const { begun, state } = fetched(a, def);
  a.call("sidebarImportCommit", begun.token, def, state, { show: true });
  expect(book.getSheetByName(def.sheetName)?.getLastRow()).toBeGreaterThan(1);
  const kept = JSON.parse(a.documentProps.getProperty("mkt.importedSheets") ?? "[]") as string[];
  expect(kept).toContain(def.sheetName);
});

test("a sheet the seller made under an old import sheet's name is theirs: the import asks", () => {
  const { a, book } = addon();
  // An import into a fresh sheet: it is the import's own.
  const mine = { ...DEF, sheetName: "Profit" };
  const first = fetched(a, mine);
  expect(first.begun.target.othersData).toBeNull();
  a.call("sidebarImportCommit", first.begun.token, mine, first.state, { show: true });
  // The seller deletes it and makes a sheet of their own with that name.
  book.deleteSheet(book.getSheetByName("Profit") as never);
  book
    .insertSheet("Profit")
    .getRange(1, 1, 1, 2)
    .setValues([["My", "notes"]]);
  const again = fetched(a, mine);
  expect(again.begun.target.othersData).toBe("Profit!A1:B1");
});
