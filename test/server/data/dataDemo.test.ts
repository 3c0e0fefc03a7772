import { generateDemoData } from "../../../src/server/data/generate";
import { rateOn } from "../../../src/server/data/lookup";
import { HOSTILE_NAMES } from "../../../src/server/data/names";

describe("demo data", () => {
  // How long generating takes is the bench's to say, not a timer here (a loaded machine took
  // 2.6 s where a quiet one takes under 1).
  const data = generateDemoData({ seed: 7, scale: 1, today: "2025-03-10" });
  const [demo, rival] = data.accounts;

  it("is sized for the sidebar import", () => {
    expect(demo!.shopsA[0]!.products.length).toBeGreaterThanOrEqual(2100);
    expect(demo!.shopsA.map((s) => s.region)).toEqual(["SG", "TH"]);
    expect(demo!.sellersB[0]!.region).toBe("MY");
    expect(demo!.shopsC[0]!.region).toBe("TH");
  });

  it("gives the B and C shops a realistic last 30 days (not a seasonal trough)", () => {
    const from = "2025-02-08"; // today - 30
    for (const shop of [demo!.sellersB[0]!, demo!.shopsC[0]!]) {
      const orders: readonly { date: string; quantity: number; status: string }[] = shop.orders;
      const units = (xs: typeof orders) =>
        xs.filter((o) => o.status === "completed").reduce((n, o) => n + o.quantity, 0);
      const recent = units(orders.filter((o) => o.date >= from));
      expect(recent).toBeGreaterThan(200);
      // At least the 30-day share of a flat year (30 / 365 ~ 8 %) less a margin.
      expect(recent / units(orders)).toBeGreaterThan(0.06);
    }
  });

  it("keeps accounts apart: distinct shop and item ids", () => {
    const ids = (a: typeof demo) => [
      ...a!.shopsA.map((s) => s.shopId),
      ...a!.sellersB.map((s) => s.sellerId),
      ...a!.shopsC.map((s) => s.shopId),
    ];
    for (const id of ids(rival)) expect(ids(demo)).not.toContain(id);
    const items = new Set(demo!.shopsA.flatMap((s) => s.products.map((p) => p.itemId)));
    for (const p of rival!.shopsA[0]!.products) expect(items.has(p.itemId)).toBe(false);
  });

  it("carries the hostile names only when a test asks, exactly one HYPERLINK formula", () => {
    const hostile = generateDemoData({
      seed: 7,
      scale: 1,
      today: "2025-03-10",
      hostileNames: true,
    });
    const names = hostile.accounts[0]!.shopsA[0]!.products.map((p) => p.name);
    expect(names.slice(0, HOSTILE_NAMES.length)).toEqual(HOSTILE_NAMES);
    expect(names.filter((n) => n === '=HYPERLINK("http://x","y")')).toHaveLength(1);
    expect(names.some((n) => n.length === 500)).toBe(true);
    // The same shop, sales and prices: only the names differ.
    const calm = demo!.shopsA[0]!.products;
    expect(hostile.accounts[0]!.shopsA[0]!.products.map((p) => ({ ...p, name: "" }))).toEqual(
      calm.map((p) => ({ ...p, name: "" })),
    );
  });

  it("has a year of orders before today, missing COGS, chains and a scheduled rate change", () => {
    const shop = demo!.shopsA[0]!;
    expect(shop.orders[0]!.date >= data.ordersFrom).toBe(true);
    expect(shop.orders[shop.orders.length - 1]!.date < data.today).toBe(true);
    const models = shop.products.flatMap((p) => p.models);
    const missing = models.filter((m) => m.cogs === null).length / models.length;
    expect(missing).toBeGreaterThan(0.08);
    expect(missing).toBeLessThan(0.16);
    expect(new Set(shop.orders.map((o) => o.status))).toEqual(
      new Set(["completed", "cancelled", "returned"]),
    );
    expect(new Set(shop.orders.map((o) => o.channel))).toEqual(
      new Set(["organic", "ads", "affiliate"]),
    );
    expect(data.scheduledRateChangeDate > data.today).toBe(true);
    const changing = data.categoriesA.filter(
      (c) =>
        rateOn(c.commissionRates, "SG", data.scheduledRateChangeDate) !==
        rateOn(c.commissionRates, "SG", data.today),
    );
    expect(changing.length).toBeGreaterThan(0);
  });
});
