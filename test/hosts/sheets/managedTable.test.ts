/**
 * Issue 20's scenario in the built Sheets add-on (Code.js and Stubs.js in a sandbox, real HTTP
 * to the reference server): import sorted by profit, 3 notes right of the table, a Supplier
 * column inserted inside with 3 values, the basis changed, refreshed twice as jobs through the
 * sidebar's wrappers: every note and supplier stays beside its product. A hand-typed figure is
 * asked about; the daily refresh, with nobody there, keeps it and says so.
 */
import { addonSuite, loadAddon, TOP_PRODUCTS_IMPORT } from "./harness";
import { historyChartPlan } from "../../../src/ui/charts/historyPlan";
import { FakeProperties, FakeSpreadsheet, typedCell, type FakeSheet } from "./fakes";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import {
  besideTheirProduct,
  highestFirst,
  idsInOrder,
  profitsInOrder,
  sellerTypesBeside,
  type SellerSheet,
} from "../../helpers/managedScenario";

jest.setTimeout(180_000);
const suite = addonSuite();
const DEF = { ...TOP_PRODUCTS_IMPORT, options: { limit: 60 } };

type Result = {
  written?: boolean;
  edited?: Array<{ cell: string }>;
  changes?: { updated: number };
  /** The question the job stopped at (cells changed by hand), when nobody answered it. */
  asked?: string;
};

function addon() {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  const book = new FakeSpreadsheet();
  return { a: loadAddon(suite.dir, { http: suite.http, userProps, book }), book };
}

/** Settings > basis, as the sidebar saves it (with the address it shows). */
function basis(a: ReturnType<typeof addon>["a"], change: object): void {
  a.call("saveSettings", { baseUrl: suite.server.baseUrl, ...change });
}

/**
 * One import as the sidebar runs it: a job, one step a call, the seller's choice on cells they
 * changed by hand (without one the sidebar is closed at the question: nothing written).
 */
function importOnce(a: ReturnType<typeof addon>["a"], edits?: "keep" | "overwrite"): Result {
  let view = a.call("sidebarJobStart", "import", { def: DEF }) as JobView;
  for (;;) {
    if (view.phase === "done") return view.result as Result;
    if (view.phase === "asking" && !edits) {
      a.call("sidebarJobCancel", view.id);
      return { written: false, asked: view.question?.text ?? "" };
    }
    view = (
      view.phase === "asking"
        ? a.call("sidebarJobAnswer", view.id, edits === "overwrite")
        : a.call("sidebarJobStep", view.id, "sidebar-test")
    ) as JobView;
    if (view.phase === "failed") throw new Error(view.error);
  }
}

/** The fake sheet as a seller edits it: typing, and Insert > Column (cells shift right). */
function sellerSheet(sheet: FakeSheet): SellerSheet {
  return {
    values: async () => sheet.values(),
    type: async (row, col, value) => sheet.put(row + 1, col + 1, typedCell(value)),
    insertColumn: async (col) => {
      const [rows, cols] = [sheet.getLastRow(), sheet.getLastColumn()];
      for (let c = cols; c >= col + 1; c--)
        for (let r = 1; r <= rows; r++) {
          sheet.put(r, c + 1, sheet.cell(r, c));
          sheet.put(r, c, undefined);
        }
    },
  };
}

test("3 notes and 3 inserted values stay beside their products through two refreshes with a new basis", async () => {
  const { a, book } = addon();
  importOnce(a);
  const sheet = book.getSheetByName("Top products") as FakeSheet;
  const typed = await sellerTypesBeside(sellerSheet(sheet));
  const order = idsInOrder(sheet.values());
  basis(a, { salesWindowDays: 30 });
  expect(importOnce(a).changes?.updated).toBeGreaterThan(0);
  basis(a, { salesWindowDays: 90, countVat: true });
  importOnce(a);
  const after = sheet.values();
  expect(besideTheirProduct(after, typed)).toEqual({ notes: 3, suppliers: 3 });
  expect(idsInOrder(after).slice(0, order.length)).toEqual(order);
  const rankAt = after[0]?.indexOf("Rank") ?? -1;
  const ranks = after.slice(1, order.length + 1).map((r) => Number(r[rankAt]));
  expect(ranks).not.toEqual([...ranks].sort((x, y) => x - y));
  expect(after[0]?.filter((h) => h === "Rank")).toHaveLength(1);
  // Re-sort on request: whole rows move, the seller's cells (and a formula) with them.
  const profitAt = after[0]?.indexOf("Total profit") ?? -1;
  const idAt = after[0]?.indexOf("Item id") ?? -1;
  const last = sheet.getLastRow();
  const formulaCol = (after[0]?.length ?? 0) + 2;
  const profitLetter = String.fromCharCode(65 + profitAt);
  sheet.put(last, formulaCol, { kind: "formula", value: `=${profitLetter}${last}*2` });
  const lastId = String(after[last - 1]?.[idAt]);
  const resorted = a.call("sidebarResortTable", "Top products") as { moved: number; by: string };
  expect(resorted).toMatchObject({ by: "Total profit" });
  expect(resorted.moved).toBeGreaterThan(0);
  const sorted = sheet.values();
  expect(highestFirst(profitsInOrder(sorted))).toBe(true);
  expect(besideTheirProduct(sorted, typed)).toEqual({ notes: 3, suppliers: 3 });
  const lastNow = sorted.findIndex((r) => String(r[idAt]) === lastId) + 1;
  expect(sheet.cell(lastNow, formulaCol)).toEqual({
    kind: "formula",
    value: `=${profitLetter}${lastNow}*2`,
  });
  // A refresh after the re-sort keeps the new order.
  const sortedIds = idsInOrder(sorted);
  basis(a, { salesWindowDays: 30 });
  importOnce(a);
  expect(idsInOrder(sheet.values()).slice(0, sortedIds.length)).toEqual(sortedIds);
  expect(besideTheirProduct(sheet.values(), typed)).toEqual({ notes: 3, suppliers: 3 });
  // The table's record is in a hidden sheet, never in a note or a visible cell.
  expect(book.getSheetByName("~mkt tables")?.hidden).toBe(true);
  // The stamp on the table: basis, data fresh at, refreshed at in the sheet's zone, who.
  const note = sheet.getRange(1, 1, 1, 1).getNote();
  expect(note).toContain("30-day sales window");
  expect(note).toMatch(/Data fresh at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/);
  expect(note).toMatch(/Refreshed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/);
  const key = suite.server.keys.demo;
  expect(note).toContain(
    `Refreshed by: this Google account, key ${key.slice(0, key.indexOf("pat_") + 8)}…`,
  );
  // The refresh log: one row per refresh (3), bounded, never the key.
  const log = (book.getSheetByName("Refresh log") as FakeSheet).values();
  expect(log.map((r) => r[3])).toEqual(["Requests", 1, 1, 1, 0, 1]);
  expect(log[4]?.[2]).toBe("Re-sorted Top products by Total profit");
  // Its header is bold and frozen; a refresh of formula cells (menu) adds its row.
  const logSheet = book.getSheetByName("Refresh log") as FakeSheet;
  expect(logSheet.bold.has("1,1") && logSheet.bold.has("1,6")).toBe(true);
  expect(logSheet.frozenRows).toBe(1);
  const cells = a.call("refreshSheet") as { refreshed: number };
  const withCells = logSheet.values();
  // The menu counts its cells' requests as the sidebar does (none here: no formula cells).
  expect(withCells[6]?.slice(2, 5)).toEqual(["Formula cells: this sheet", 0, cells.refreshed]);
  expect(JSON.stringify(book.getSheets().map((s) => (s as FakeSheet).values()))).not.toContain(key);
});

test("a hand-typed figure: the sidebar is asked, and the daily refresh keeps it and logs it", () => {
  const { a, book } = addon();
  importOnce(a);
  const sheet = book.getSheetByName("Top products") as FakeSheet;
  const profitAt = sheet.values()[0]?.indexOf("Total profit") ?? -1;
  sheet.put(3, profitAt + 1, typedCell(12345));
  basis(a, { salesWindowDays: 45 });
  const asked = importOnce(a);
  expect(asked.written).toBe(false);
  expect(asked.asked).toMatch(
    /^1 cell of Top products that the refresh fills was changed by hand: [A-Z]+3 /,
  );
  expect(sheet.values()[2]?.[profitAt]).toBe(12345);
  // The saved import's menu refresh runs unattended: it keeps the seller's value.
  a.call("sidebarSaveImport", DEF);
  const menu = a.call("sidebarRefreshThisDocument") as { refreshed: number; kept: string[] };
  expect(menu.refreshed).toBe(1);
  expect(menu.kept).toEqual([
    expect.stringMatching(/^Top products: kept 1 cell you changed by hand \([A-Z]+3\)/),
  ]);
  expect(sheet.values()[2]?.[profitAt]).toBe(12345);
  expect(importOnce(a, "overwrite").written).toBe(true);
  expect(sheet.values()[2]?.[profitAt]).not.toBe(12345);
});

test("a saved import with the snapshot option keeps one dated row per product at each refresh", () => {
  const { a, book } = addon();
  a.call("sidebarSaveImport", { ...DEF, options: { limit: 15, snapshot: true } });
  a.call("sidebarRefreshThisDocument");
  basis(a, { salesWindowDays: 30 });
  a.call("sidebarRefreshThisDocument");
  const history = (book.getSheetByName("Price history") as FakeSheet).values();
  const ids = idsInOrder((book.getSheetByName("Top products") as FakeSheet).values()).slice(0, 15);
  for (const id of ids.slice(0, 10)) {
    const rows = history.filter((r) => r[2] === id);
    expect(rows.map((r) => r[1])).toEqual(["Top products", "Top products"]);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(/.test(String(r[0])))).toBe(true);
  }
  const one = a.call("sidebarProductHistory", ids[0]) as { points: unknown[] };
  expect(one.points).toHaveLength(2);
  expect((book.getSheetByName("Price history") as FakeSheet).frozenRows).toBe(1);
  // A native chart of that product, as the sidebar's bridge asks for one.
  const rows = a.call("sidebarHistoryChartBlock", ids[0]) as number;
  expect(rows).toBe(2);
  a.call("sidebarInsertChart", historyChartPlan("History chart", rows, "top product"));
  const chartSheet = book.getSheetByName("History chart") as FakeSheet;
  expect(chartSheet.getCharts()).toHaveLength(1);
  expect(chartSheet.values().length).toBe(3);
});
