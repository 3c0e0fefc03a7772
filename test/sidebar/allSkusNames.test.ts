/**
 * Marketplace B's "All SKUs" import names each row's product, not only its variant: B8's
 * entries name the SKU ("Black"), so a new user's Name column read "Black", "White"... The
 * product's name comes from B7's pages (read first) and the SKU's own name goes in "Variant".
 * Excel's workbook fake, real HTTP to the reference server.
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

const B_SKUS: ImportDefinition = {
  id: "b-skus",
  kind: "allSkus",
  marketplace: "B",
  shopId: "500001",
  region: "MY",
  sheetName: "B SKUs",
};

/** POST a B endpoint of the reference server with the demo key. */
async function post(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}/api/mkt-b/financial-breakdown/partner/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      Authorization: `Bearer ${server.keyFor("demo")}`,
    },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: unknown }).data;
}

test("the Name column holds the product's name and Variant the SKU's", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(B_SKUS);
  const [header = [], ...rows] = excel.table("B SKUs");
  const col = (name: string): number => header.indexOf(name);
  expect(col("Name")).toBeGreaterThanOrEqual(0);
  expect(col("Variant")).toBe(col("Name") + 1);

  // What the API says: B7 names the products, B8 names the SKUs.
  const products = (await post("products/500001/MY", { pageSize: 500 })) as {
    data: Array<{ itemId: number; name: string }>;
  };
  const skus = (await post("sku-breakdowns/all/500001/MY", {})) as Array<{
    itemId: number;
    skuId: number;
    name: string;
  }>;
  const productName = new Map(products.data.map((p) => [p.itemId, p.name]));
  expect(rows).toHaveLength(skus.length);
  const shown = rows.map((r) => [r[col("Item id")], r[col("Name")], r[col("Variant")]]);
  const wanted = skus.map((s) => [s.itemId, productName.get(s.itemId), s.name]);
  expect(shown).toEqual(wanted);
  // Not the seller's "Black" alone: every row names a product B7 lists.
  expect(shown.every(([, name]) => typeof name === "string" && name !== "")).toBe(true);
});
