/**
 * What a pricing sheet says about its own figures (issue 20's new-user run), through the sidebar
 * service over Excel's workbook fake, real HTTP to the reference server:
 * - a new sheet's default planned price is answered in every row (A, B and C): today's list
 *   price where Price today (the average paid per unit of past sales) is above it; a price the
 *   seller types above the list price says both prices, with the currency's decimals, and which
 *   is which; the list price is the one A22 answers for that model alone;
 * - the stamp says why "Net profit" and "Profit at planned price" differ at the same price;
 * - a C product id the API does not answer keeps a row that says so, counted in the outcome,
 *   and a Refresh leaves that row's note alone.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import { countedServer, type Counted } from "../helpers/countedServer";
import { byHeader, rawPost } from "../helpers/pricingScenario";
import { C_PRODUCTS, SHOP_B, SHOP_C } from "../helpers/pricingScenarioBC";
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

/** Rows of a sheet whose default planned price is not Price today (today's list price). */
const listedRows = (table: unknown[][], key = "Item id") => {
  const { col, rows } = byHeader(table, key);
  return rows.filter((r) => r[col("Planned buyer price")] !== r[col("Price today")]);
};
const aboveNotes = (table: unknown[][], key = "Item id") => {
  const { col, rows } = byHeader(table, key);
  return rows.filter((r) => /above today's list price/.test(String(r[col("Answer")])));
};

test("A: every default row is answered (list price where Price today is above it); a price typed above it names both; the stamp says which", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  await bridge.newPricingSheet({
    shopId: 100001,
    region: "SG",
    sheetName: "Pricing",
    products: 40,
  });
  // The new sheet is the one the seller sees.
  expect(excel.active()).toBe("Pricing");
  const table = excel.table("Pricing");
  const { col, rows } = byHeader(table);
  expect(aboveNotes(table)).toEqual([]);
  expect(rows.every((r) => typeof r[col("Profit at planned price")] === "number")).toBe(true);
  // The new user's row (10000011 / 100000112: Price today 13.17, list price 13) and others
  // start at today's list price, below Price today: the price A22 answers for the model alone,
  // and the figures A22 gives for that one model at it.
  const listed = listedRows(table);
  expect(listed.length).toBeGreaterThan(2);
  for (const r of listed) {
    const planned = r[col("Planned buyer price")] as number;
    expect(planned).toBeLessThan(r[col("Price today")] as number);
    const alone = await rawPost(server, key, `${P_A}/preview-set-buyer-price`, {
      shopId: 100001,
      region: "SG",
      includeVat: true,
      models: [
        {
          itemId: r[col("Item id")],
          modelId: r[col("Model id")] || null,
          targetBuyerPrice: planned,
        },
      ],
    });
    const entry = (alone.adjustedItems as { originalPrice: number; netProfit: number }[])[0];
    expect(entry?.originalPrice).toBe(planned);
    expect(
      Math.abs((r[col("Profit at planned price")] as number) - (entry?.netProfit ?? 0)),
    ).toBeLessThan(0.01);
  }

  // The seller types Price today back into those rows: above today's list price, said so.
  const sheet = excel.sheets.get("Pricing");
  for (const r of listed)
    sheet?.values.set(
      `${1 + rows.indexOf(r)},${col("Planned buyer price")}`,
      r[col("Price today")],
    );
  expect((await bridge.refreshPricingSheet("Pricing")).asked).toBe(listed.length);
  const after = excel.table("Pricing");
  const above = aboveNotes(after);
  expect(above).toHaveLength(listed.length);
  let wholeListPrice = 0;
  for (const [i, r] of above.entries()) {
    const m = ABOVE.exec(String(r[col("Answer")]));
    if (!m) throw new Error(`unexpected: ${String(r[col("Answer")])}`);
    const [planned, list, today] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
    expect(planned).toBe(r[col("Planned buyer price")]);
    expect(today).toBe(r[col("Price today")]);
    expect(list).toBe(listed[i]?.[col("Planned buyer price")]);
    if (m[2]?.endsWith(".00")) wholeListPrice++;
    expect(r[col("Profit at planned price")]).toBe("");
  }
  expect(wholeListPrice).toBeGreaterThan(0);

  // Text typed where a number goes: the row says which input and what to type, and keeps no
  // figure from its last answer (new user: "abc" was taken for empty, the old profit stayed).
  const first = rows[0] ?? [];
  sheet?.values.set(`1,${col("Planned buyer price")}`, "abc");
  sheet?.values.set(`1,${col("Target margin")}`, "lots");
  expect((await bridge.refreshPricingSheet("Pricing")).asked).toBe(1);
  const typedText = byHeader(excel.table("Pricing")).rows[0] ?? [];
  expect(typedText[col("Item id")]).toBe(first[col("Item id")]);
  expect(String(typedText[col("Answer")])).toContain(
    'Target margin "lots" is not a number: type one or empty it; Planned buyer price "abc" is not a number: type one or empty it',
  );
  expect(typedText[col("Profit at planned price")]).toBe("");
  expect(typedText[col("Planned buyer price")]).toBe("abc");

  const stamp = excel.sheets.get("Pricing")?.notes.join("\n") ?? "";
  expect(stamp).toContain(
    "Net profit, Margin: per unit of sales in the sales window, at the prices, vouchers and returns they had. Profit and Margin at planned price: the API's estimate for one sale at the planned price on its own cost baseline (the sales window does not reach it), so the two differ even at the same price.\nPlanned buyer price to start: Price today or today's list price, whichever is lower.",
  );
});

// The demo's B and C SKUs sell at their list price or under it, so no row here starts at the
// list price: this checks the default is answered, not the lower-price rule (A shows that).
test("B and C: every default row of a new sheet is answered", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  await bridge.newPricingSheet({ ...SHOP_B, sheetName: "B", products: 40 });
  await bridge.newPricingSheet({ ...SHOP_C, sheetName: "C", productIds: C_PRODUCTS.slice(0, 40) });
  for (const [name, id] of [
    ["B", "Item id"],
    ["C", "Product id"],
  ] as const) {
    const table = excel.table(name);
    const { col, rows } = byHeader(table, id);
    expect(rows.length).toBeGreaterThan(40);
    expect(aboveNotes(table, id)).toEqual([]);
    expect(rows.every((r) => typeof r[col("Profit at planned price")] === "number")).toBe(true);
  }
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
