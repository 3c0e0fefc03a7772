/**
 * On a basis that does not count VAT, a pricing sheet's model rows show each model's own
 * figures of today on that basis (A6's modelBreakdowns, one request per product with several
 * models), not the product's: each row equals A2 asked for that one model with includeVat
 * false. No A1 (it counts VAT). The sidebar service over Excel's workbook fake, real HTTP,
 * requests counted at the reference server.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import { countedServer, perEndpoint, type Counted } from "../helpers/countedServer";
import { byHeader, rawPost } from "../helpers/pricingScenario";
import type { TestServer } from "../helpers/server";

jest.setTimeout(120_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

const P_A = "/api/mkt-a/financial-breakdown";
const num = (v: unknown): number => (typeof v === "number" ? v : Number(String(v)));

test("VAT not counted: model rows carry the model's own figures without VAT, one A6 per product with models", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  await bridge.saveSettings({ basis: { countVat: false, salesWindowDays: 90 } });
  const from = seen.length;
  const built = await bridge.newPricingSheet({
    shopId: 100001,
    region: "SG",
    sheetName: "Pricing",
    products: 8,
  });
  const { col, rows } = byHeader(excel.table("Pricing"));
  const perProduct = new Map<unknown, number>();
  for (const r of rows)
    if (r[col("Model id")] !== "")
      perProduct.set(r[col("Item id")], (perProduct.get(r[col("Item id")]) ?? 0) + 1);
  const withModels = [...perProduct.values()].filter((n) => n >= 2).length;
  expect(withModels).toBeGreaterThan(0);
  const counts = perEndpoint(seen, from);
  expect(counts.A1).toBeUndefined();
  expect(counts.A6).toBe(withModels);
  expect(
    seen
      .slice(from)
      .filter((s) => s.endpoint === "A6")
      .every((s) => s.body.includeVat === false && s.body.lookbackDays === 90),
  ).toBe(true);
  expect(built.requests).toBe(seen.length - from);

  let differsFromProduct = 0;
  let differsWithVat = 0;
  for (const r of rows.filter((x) => (perProduct.get(x[col("Item id")]) ?? 0) >= 2)) {
    const body = {
      shopId: 100001,
      region: "SG",
      itemId: num(r[col("Item id")]),
      modelId: num(r[col("Model id")]),
      lookbackDays: 90,
    };
    const alone = await rawPost(server, key, `${P_A}/product`, { ...body, includeVat: false });
    const meta = alone.metadata as { netProfit: number; revenue: number };
    expect(Math.abs(num(r[col("Net profit")]) - meta.netProfit)).toBeLessThan(0.01);
    expect(Math.abs(num(r[col("Price today")]) - meta.revenue)).toBeLessThan(0.01);
    const product = await rawPost(server, key, `${P_A}/product`, {
      ...body,
      modelId: undefined,
      includeVat: false,
    });
    const productMeta = product.metadata as { netProfit: number };
    if (Math.abs(productMeta.netProfit - meta.netProfit) > 0.01) differsFromProduct++;
    const withVat = await rawPost(server, key, `${P_A}/product`, { ...body, includeVat: true });
    if (Math.abs((withVat.metadata as { netProfit: number }).netProfit - meta.netProfit) > 0.01)
      differsWithVat++;
  }
  // The check can fail: models' figures differ from their product's and from A1's with VAT.
  expect(differsFromProduct).toBeGreaterThan(0);
  expect(differsWithVat).toBeGreaterThan(0);
});
