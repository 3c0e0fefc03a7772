/**
 * Issue 20 item 2 for marketplaces B and C in Excel's workbook fake over real HTTP: "New pricing
 * sheet" for seller 500001 MY (every SKU of 200 products) and shop 700001 TH (150 product ids),
 * requests counted at the server; 50 rows against the single-SKU endpoints; 3 rows' targets
 * edited, Refresh asks for those 3 rows only.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "./paneOverServer";
import { countedServer, type Counted } from "../../helpers/countedServer";
import { byHeader, distinct, expectBelowTargetRule } from "../../helpers/pricingScenario";
import {
  SHOP_B,
  SHOP_C,
  expectBuildCostBC,
  expectOnlyEditedBC,
  expectSingleAnswersMatchBC,
  keyHeaders,
} from "../../helpers/pricingScenarioBC";
import type { TestServer } from "../../helpers/server";

jest.setTimeout(240_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

test.each([SHOP_B, SHOP_C])(
  "marketplace $marketplace: batch requests, single answers match, edits cost their rows",
  async (shop) => {
    const m = shop.marketplace;
    const key = server.keyFor("demo");
    const { excel, bridge } = paneOverServer(server, key);
    const sheetName = `Pricing ${m}`;
    const from = seen.length;
    const built = await bridge.newPricingSheet({ ...shop, sheetName });
    const table = excel.table(sheetName);
    const [itemH, skuH] = keyHeaders(m);
    const { col, rows } = byHeader(table, itemH);
    expect(rows.length).toBe(built.rows);
    expectBuildCostBC(m, seen.slice(from), rows.length);
    expect(built.requests).toBe(distinct(seen.slice(from)).length);
    expect(new Set(rows.map((r) => r[col(itemH)])).size).toBe(m === "B" ? 200 : 150);
    // Answered for most rows; a target today's list price cannot reach says what to do.
    expect(rows.filter((r) => typeof r[col("Profit at planned price")] === "number").length).toBe(
      rows.length,
    );
    // A 20 % target today's list price cannot reach: no price, and what to do instead.
    const notReached = rows.filter((r) => r[col("Price for target")] === "");
    expect(notReached.length).toBeGreaterThan(0);
    for (const r of notReached)
      expect(r[col("Answer")]).toBe(
        "Target not reached even at today's list price (no discount): raise the list price on the marketplace, or lower the target",
      );
    const r = await expectSingleAnswersMatchBC(m, server, key, table);
    expect(r.compared).toBe(50);
    expect(r.belowList).toBeGreaterThan(10);

    const sheet = excel.sheets.get(sheetName);
    // The stamp states the basis, without a sales window B's and C's lists do not take.
    const stamp = sheet?.notes.join("\n") ?? "";
    expect(stamp).toContain("Basis: ");
    expect(stamp).not.toContain("sales window");
    expect(sheet?.conditionalFormats).toHaveLength(1);
    expectBelowTargetRule(
      sheet?.conditionalFormats[0] ?? { box: [], formula: "", fill: null },
      table,
      itemH,
    );
    const picked = [3, 40, 77];
    picked.forEach((i, n) =>
      sheet?.values.set(`${i + 1},${col("Target margin")}`, [0.25, 0.3, 0.12][n]),
    );
    const before = seen.length;
    const refreshed = await bridge.refreshPricingSheet(sheetName);
    expect(refreshed.asked).toBe(3);
    expectOnlyEditedBC(
      m,
      seen,
      before,
      picked.map((i) => `${String(rows[i]?.[col(itemH)])}/${String(rows[i]?.[col(skuH)])}`),
    );
    const log = excel.table("Refresh log");
    expect(log.slice(1).map((l) => [l[2], l[3]])).toEqual([
      [`Pricing sheet · ${m} ${shop.shopId} ${shop.region} → ${sheetName}`, built.requests],
      [`Pricing sheet · ${m} ${shop.shopId} ${shop.region} → ${sheetName}`, refreshed.requests],
    ]);
  },
);
