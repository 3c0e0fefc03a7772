/**
 * Marketplace A's "Target profit" input on a pricing sheet (issue 20 item 2: "target margin, or
 * target profit for marketplace A"): rows with a target profit are priced by A21 in mode PROFIT,
 * one request per distinct profit (MARGIN rows in their own requests); each row's Price for
 * target equals A21 asked for that one model, and A5 at that price shows the profit reached
 * and missed one cent lower; editing 2 rows' profits costs requests for those 2 rows only; the
 * seller's inputs stay as typed. B and C sheets have no such column (B14/C8 take a margin).
 * The sidebar service over Excel's workbook fake, real HTTP, requests counted at the server.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "../hosts/excel/paneOverServer";
import { countedServer, perEndpoint, type Counted } from "../helpers/countedServer";
import { byHeader, distinct, rawPost } from "../helpers/pricingScenario";
import { C_PRODUCTS, SHOP_C } from "../helpers/pricingScenarioBC";
import type { TestServer } from "../helpers/server";
import { columnLetters } from "../../src/imports/managedTable";
import { ceilingPrice } from "../../src/imports/pricingSheet";

jest.setTimeout(120_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

const P_A = "/api/mkt-a/financial-breakdown";
const SHEET = "Pricing";
const num = (v: unknown): number => (typeof v === "number" ? v : Number(String(v)));
const cents = (v: number): number => Math.round(v * 100);
const modelsOf = (s: Counted): string[] =>
  (s.body.models as { itemId: number; modelId: number | null }[]).map(
    (m) => `${m.itemId}/${m.modelId ?? ""}`,
  );

test("target profits: A21 mode PROFIT per distinct profit, single answers match, edits cost their rows", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  await bridge.newPricingSheet({ shopId: 100001, region: "SG", sheetName: SHEET, products: 12 });
  const table = excel.table(SHEET);
  const { header, col, rows } = byHeader(table);
  // Beside Target margin, blank by default; the sheet's note says which target wins.
  expect(header.indexOf("Target profit")).toBe(col("Target margin") + 1);
  expect(rows.every((r) => r[col("Target profit")] === "")).toBe(true);
  expect(rows.length).toBeGreaterThanOrEqual(12);
  const sheet = excel.sheets.get(SHEET);
  const flag = sheet?.values.get(`1,${col("Below target")}`);
  const at = (h: string) => `${columnLetters(col(h))}2`;
  expect(flag).toBe(
    `=IF(ISNUMBER(${at("Target profit")}),IF(ISNUMBER(${at("Profit at planned price")}),IF(${at("Profit at planned price")}<${at("Target profit")},"Below target",""),""),` +
      `IF(AND(ISNUMBER(${at("Margin at planned price")}),ISNUMBER(${at("Target margin")})),IF(${at("Margin at planned price")}<${at("Target margin")},"Below target",""),""))`,
  );

  // The seller types target profits in 10 rows (4 distinct values) and a margin in an 11th.
  const profits = [0.5, 0.5, 0.5, 1, 1, 1, 1.5, 1.5, 2, 2];
  const typed = new Map<number, number>();
  profits.forEach((p, i) => {
    sheet?.values.set(`${i + 1},${col("Target profit")}`, p);
    typed.set(i, p);
  });
  sheet?.values.set(`11,${col("Target margin")}`, 0.3);
  const id = (r: readonly unknown[]) =>
    `${String(r[col("Item id")])}/${String(r[col("Model id")])}`;
  const from = seen.length;
  const refreshed = await bridge.refreshPricingSheet(SHEET);
  const asked = distinct(seen.slice(from));
  expect(perEndpoint(asked)).toEqual({ A21: 5 });
  const profitAsks = asked.filter((s) => s.body.mode === "PROFIT");
  expect(profitAsks.map((s) => s.body.targetProfit)).toEqual([0.5, 1, 1.5, 2]);
  expect(profitAsks.flatMap(modelsOf)).toEqual(rows.slice(0, 10).map(id));
  const marginAsk = asked.filter((s) => s.body.mode === "MARGIN");
  expect(marginAsk.map((s) => [s.body.targetMarginPercent, modelsOf(s)])).toEqual([
    [30, [id(rows[10] ?? [])]],
  ]);
  expect(refreshed.asked).toBe(11);

  // Each row's Price for target: A21 asked for that one model; A5 at that price reaches the
  // profit, one cent lower does not (where the price is under the model's list price).
  const after = byHeader(excel.table(SHEET)).rows;
  let underList = 0;
  for (const [i, target] of typed) {
    const row = after[i] ?? [];
    const itemId = num(row[col("Item id")]);
    const modelId = row[col("Model id")] === "" ? null : num(row[col("Model id")]);
    const price = row[col("Price for target")];
    expect(typeof price).toBe("number");
    const where = { shopId: 100001, region: "SG", includeVat: true };
    const alone = await rawPost(server, key, `${P_A}/preview-set-margin`, {
      ...where,
      mode: "PROFIT",
      targetProfit: target,
      models: [{ itemId, modelId, originalPrice: ceilingPrice(num(row[col("Price today")])) }],
    });
    const reached = (alone.adjustedItems as Record<string, unknown>[])[0];
    expect(Math.abs(num(price) - num(reached?.buyerPrice))).toBeLessThan(0.01);
    expect(num(reached?.netProfit)).toBeGreaterThanOrEqual(target);
    // Profit wins over the row's 20 % margin, and its Answer cell says so.
    expect(row[col("Answer")]).toMatch(
      /^Priced for the Target profit \(it wins over the Target margin\)/,
    );
    const list = await rawPost(server, key, `${P_A}/preview-set-buyer-price`, {
      ...where,
      models: [{ itemId, modelId, targetBuyerPrice: num(price) }],
    });
    const listPrice = num((list.adjustedItems as Record<string, unknown>[])[0]?.originalPrice);
    if (num(price) >= listPrice) continue;
    const profitAt = async (buyerPrice: number) => {
      const sim = await rawPost(server, key, `${P_A}/simulate`, {
        shopId: 100001,
        region: "SG",
        itemId,
        ...(modelId === null ? {} : { modelId }),
        sellerDiscount: (cents(listPrice) - cents(buyerPrice)) / 100,
        sellerVoucher: 0,
      });
      return cents((sim.metadata as { netProfit: number }).netProfit);
    };
    expect(await profitAt(num(price))).toBeGreaterThanOrEqual(cents(target));
    expect(await profitAt(num(price) - 0.01)).toBeLessThan(cents(target));
    underList++;
  }
  expect(underList).toBeGreaterThanOrEqual(5);

  // 2 rows' profits edited: requests for those 2 rows only, one per new value.
  sheet?.values.set(`2,${col("Target profit")}`, 0.75);
  sheet?.values.set(`9,${col("Target profit")}`, 2.5);
  typed.set(1, 0.75).set(8, 2.5);
  const again = seen.length;
  expect((await bridge.refreshPricingSheet(SHEET)).asked).toBe(2);
  const edits = distinct(seen.slice(again));
  expect(edits.map((s) => [s.endpoint, s.body.mode, s.body.targetProfit, modelsOf(s)])).toEqual([
    ["A21", "PROFIT", 0.75, [id(rows[1] ?? [])]],
    ["A21", "PROFIT", 2.5, [id(rows[8] ?? [])]],
  ]);
  // A changed margin on a row priced for its profit asks nothing (the profit still wins).
  sheet?.values.set(`3,${col("Target margin")}`, 0.4);
  const none = seen.length;
  expect((await bridge.refreshPricingSheet(SHEET)).requests).toBe(0);
  expect(seen.length).toBe(none);
  // Every input as the seller typed it, on its row.
  const final = byHeader(excel.table(SHEET)).rows;
  expect(final.map((r) => r[col("Target profit")])).toEqual(rows.map((_, i) => typed.get(i) ?? ""));
  expect(final.map((r) => r[col("Target margin")])).toEqual(
    rows.map((_, i) => (i === 10 ? 0.3 : i === 2 ? 0.4 : 0.2)),
  );

  // Typed targets are the seller's: the sheet is never replaced, and the cells are named (the
  // first three in sheet order, then how many more: 10 profits and 2 margins).
  const [profitAt, marginAt] = [col("Target profit"), col("Target margin")].map(columnLetters);
  await expect(
    bridge.newPricingSheet({ shopId: 100001, region: "SG", sheetName: SHEET, replace: true }),
  ).rejects.toThrow(
    `${SHEET}!${profitAt}2, ${profitAt}3, ${marginAt}4 and 9 more were typed by hand)`,
  );
});

test("B and C sheets have no Target profit (B14 and C8 take a margin only)", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.newPricingSheet({ ...SHOP_C, productIds: C_PRODUCTS.slice(0, 2), sheetName: "C" });
  await bridge.newPricingSheet({
    marketplace: "B",
    shopId: 500001,
    region: "MY",
    products: 2,
    sheetName: "B",
  });
  for (const [name, itemH] of [
    ["C", "Product id"],
    ["B", "Item id"],
  ] as const) {
    const { header, col } = byHeader(excel.table(name), itemH);
    expect(header).not.toContain("Target profit");
    const at = (h: string) => `${columnLetters(col(h))}2`;
    expect(excel.sheets.get(name)?.values.get(`1,${col("Below target")}`)).toBe(
      `=IF(AND(ISNUMBER(${at("Margin at planned price")}),ISNUMBER(${at("Target margin")})),IF(${at("Margin at planned price")}<${at("Target margin")},"Below target",""),"")`,
    );
    expect(excel.sheets.get(name)?.conditionalFormats[0]?.formula).toBe(
      `=$${columnLetters(col("Below target"))}2="Below target"`,
    );
  }
});
