/**
 * What a pricing sheet says about its own figures (issue 20's new-user run), through the sidebar
 * service over Excel's workbook fake, real HTTP to the reference server:
 * - a default row whose planned price (Price today, the average paid per unit of past sales) is
 *   above the list price the marketplace shows today says both prices, with the currency's
 *   decimals, and which is which; the list price is the one A22 answers for that model alone;
 * - the stamp says why "Net profit" and "Profit at planned price" differ at the same price;
 * - a C product id the API does not answer keeps a row that says so, counted in the outcome,
 *   and a Refresh leaves that row's note alone.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import { countedServer, type Counted } from "../helpers/countedServer";
import { byHeader, rawPost } from "../helpers/pricingScenario";
import { C_PRODUCTS } from "../helpers/pricingScenarioBC";
import type { TestServer } from "../helpers/server";

jest.setTimeout(120_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

const P_A = "/api/mkt-a/financial-breakdown";
const ABOVE =
  /^Planned buyer price (\d+\.\d\d) is above today's list price (\d+\.\d\d) \(Price today, (\d+\.\d\d), is what buyers paid on average, some at earlier list prices\): discounts cannot raise it\. Plan \2 or less, or raise the list price on the marketplace$/;

test("A: a planned price above today's list price names both prices, 2 decimals; the stamp says why the profits differ", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  await bridge.newPricingSheet({
    shopId: 100001,
    region: "SG",
    sheetName: "Pricing",
    products: 40,
  });
  const { col, rows } = byHeader(excel.table("Pricing"));
  const above = rows.filter((r) => /above today's list price/.test(String(r[col("Answer")])));
  // The new user's row: 10000011 / 100000112 at 13.17 with a list price of 13.
  expect(above.length).toBeGreaterThan(2);
  let wholeListPrice = 0;
  for (const r of above) {
    const m = ABOVE.exec(String(r[col("Answer")]));
    if (!m) throw new Error(`unexpected: ${String(r[col("Answer")])}`);
    const [planned, list, today] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
    expect(planned).toBe(r[col("Planned buyer price")]);
    expect(today).toBe(r[col("Price today")]);
    expect(planned).toBeGreaterThan(list);
    if (m[2]?.endsWith(".00")) wholeListPrice++;
    // The list price is the one A22 answers for this model alone.
    const alone = await rawPost(server, key, `${P_A}/preview-set-buyer-price`, {
      shopId: 100001,
      region: "SG",
      includeVat: true,
      models: [
        { itemId: r[col("Item id")], modelId: r[col("Model id")] || null, targetBuyerPrice: 1 },
      ],
    });
    const entry = (alone.adjustedItems as { originalPrice: number }[])[0];
    expect(entry?.originalPrice).toBe(list);
    expect(r[col("Profit at planned price")]).toBe("");
  }
  expect(wholeListPrice).toBeGreaterThan(0);
  // Rows at or under today's list price are answered.
  const answered = rows.filter((r) => typeof r[col("Profit at planned price")] === "number");
  expect(answered.length + above.length).toBe(rows.length);

  const stamp = excel.sheets.get("Pricing")?.notes.join("\n") ?? "";
  expect(stamp).toContain(
    "Net profit, Margin: per unit of sales in the sales window, at the prices, vouchers and returns they had. Profit and Margin at planned price: the API's estimate for one sale at the planned price on its own cost baseline (the sales window does not reach it), so the two differ even at the same price.",
  );
});

test("C: an unknown product id keeps a row that says so, counted as not found; Refresh leaves it", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  const unknown = "17700001999999";
  const ids = [...C_PRODUCTS.slice(0, 4), unknown];
  const from = seen.length;
  const built = await bridge.newPricingSheet({
    marketplace: "C",
    shopId: 700001,
    region: "TH",
    sheetName: "Pricing C",
    productIds: ids,
  });
  const { col, rows } = byHeader(excel.table("Pricing C"), "Product id");
  expect(built.notFound).toEqual([unknown]);
  expect(built.rows).toBe(rows.length);
  expect(built.asked).toBe(rows.length - 1);
  expect(built.requests).toBe(seen.length - from);
  const lost = rows.filter((r) => String(r[col("Product id")]) === unknown);
  expect(lost).toHaveLength(1);
  expect(lost[0]?.[col("Answer")]).toBe(
    `Not found: product ${unknown} is not in shop 700001 (the API answered nothing for it). Check the id, or delete this row`,
  );
  for (const id of ids.slice(0, 4))
    expect(rows.some((r) => String(r[col("Product id")]) === id)).toBe(true);
  const refreshed = await bridge.refreshPricingSheet("Pricing C");
  expect(refreshed.asked).toBe(0);
  const again = byHeader(excel.table("Pricing C"), "Product id");
  expect(
    again.rows.find((r) => String(r[again.col("Product id")]) === unknown)?.[again.col("Answer")],
  ).toBe(lost[0]?.[col("Answer")]);
});
