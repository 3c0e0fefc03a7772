/**
 * After "Save basis" the sidebar names the managed tables still on the old basis and brings
 * the imports onto the new one (issue 20's new-user run: tables kept the old basis with nothing
 * offering a refresh). The sidebar service over Excel's workbook fake, real HTTP: an import
 * that follows the setting and a pricing sheet are listed after the VAT setting changes; an
 * import with its own VAT choice is not (the change does not touch it); importing again from
 * the definition the list gives takes the import off the list and its stamp says the new basis.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import type { ImportDefinition } from "../../src/imports/definitions";
import { startTestServer, type TestServer } from "../helpers/server";
import { canRefresh, refreshSheets } from "../../src/ui/basisRefresh";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const TOP: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 20 },
};
const OWN_VAT: ImportDefinition = {
  ...TOP,
  id: "own",
  sheetName: "Without VAT",
  options: { limit: 20, vat: false },
};

test("tables on the old basis are named after Save basis; importing again brings one onto the new", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(TOP);
  await bridge.runImport(OWN_VAT);
  await bridge.newPricingSheet({ shopId: 100001, region: "SG", sheetName: "Pricing", products: 3 });
  expect(await bridge.tablesOnOtherBasis()).toEqual([]);

  await bridge.saveSettings({ basis: { countVat: false } });
  const behind = await bridge.tablesOnOtherBasis();
  expect(behind.map((t) => t.sheetName).sort()).toEqual(["Pricing", "Top products"]);
  const top = behind.find((t) => t.sheetName === "Top products");
  expect(top?.basis).toBe(
    "Basis: output VAT counted as a cost, 180-day sales window, today's fee rates",
  );
  expect(top?.refresh).toEqual(TOP);
  const pricing = behind.find((t) => t.sheetName === "Pricing");
  expect(pricing?.refresh).toBeUndefined();
  expect(pricing?.pricing).toEqual({ marketplace: "A", shopId: 100001 });

  // The sales window moves too: the import with its own VAT choice follows the window.
  await bridge.saveSettings({ basis: { salesWindowDays: 90 } });
  expect((await bridge.tablesOnOtherBasis()).map((t) => t.sheetName).sort()).toEqual([
    "Pricing",
    "Top products",
    "Without VAT",
  ]);

  if (!top?.refresh) throw new Error("no definition to refresh with");
  await bridge.runImport(top.refresh);
  const after = await bridge.tablesOnOtherBasis();
  expect(after.map((t) => t.sheetName).sort()).toEqual(["Pricing", "Without VAT"]);
  const stamp = excel.sheets.get("Top products")?.notes.join("\n") ?? "";
  expect(stamp).toContain("Basis: output VAT not counted, 90-day sales window");
});

test("Refresh them runs a fee-change sheet's job again, and the list follows", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.feeChangeSheet({
    marketplace: "B",
    shopId: 500001,
    region: "MY",
    date: "2025-08-29",
    targetMargin: 0.2,
    sheetName: "Fee change",
  });
  await bridge.saveSettings({ basis: { countVat: false } });
  const behind = await bridge.tablesOnOtherBasis();
  const fee = behind.find((t) => t.sheetName === "Fee change");
  expect(fee?.remake).toEqual({ kind: "feeChange" });
  expect(behind.filter(canRefresh).map((t) => t.sheetName)).toContain("Fee change");

  expect(await refreshSheets(bridge, behind)).toEqual([]);
  expect((await bridge.tablesOnOtherBasis()).map((t) => t.sheetName)).not.toContain("Fee change");
  expect(excel.sheets.get("Fee change")?.notes.join("\n") ?? "").toMatch(/VAT not counted/);
});

test("a table's refresh runs the import the seller saved last, not an earlier one-off's row limit, and the stamp says the limit", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const oneOff = { ...TOP, id: "once", options: { limit: 5 } };
  await bridge.runImport(oneOff);
  const stamp = () => excel.sheets.get("Top products")?.notes.join("\n") ?? "";
  expect(stamp()).toContain("first 5 rows");
  const saved = { ...TOP, id: "saved", options: {} };
  await bridge.saveImport(saved);

  await bridge.saveSettings({ basis: { countVat: false } });
  const top = (await bridge.tablesOnOtherBasis()).find((t) => t.sheetName === "Top products");
  expect(top?.refresh).toEqual(saved);
  if (!top?.refresh) throw new Error("no definition to refresh with");
  await bridge.runImport(top.refresh);
  expect(excel.table("Top products").length).toBeGreaterThan(6);
  expect(stamp()).not.toContain("first 5 rows");
});
