/**
 * Marketplace B's "All products" import shows "Item id" and "Product id" (B7's entries carry
 * both; issue 20's new-user run saw the same value twice). The spec does not say the two ids
 * are the same (Product id is rtProductId, the id of B7's cursor type), so both stay and the
 * table's stamp says why. Excel's workbook fake, real HTTP.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import type { ImportDefinition } from "../../src/imports/definitions";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const B_ALL: ImportDefinition = {
  id: "b-all",
  kind: "allProducts",
  marketplace: "B",
  shopId: "500001",
  region: "MY",
  sheetName: "B products",
  options: { limit: 20 },
};

test("B's import keeps both ids and its stamp says why", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(B_ALL);
  const [header = []] = excel.table("B products");
  expect(header).toEqual(expect.arrayContaining(["Item id", "Product id"]));
  const stamp = excel.sheets.get("B products")?.notes.join("\n") ?? "";
  expect(stamp).toContain(
    "Item id and Product id: the API gives both (Product id is the id its pages are counted by). They are often equal, but the API does not promise it, so both are kept.",
  );
});
