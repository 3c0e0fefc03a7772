/**
 * Marketplace C handlers called directly (no HTTP) over the whole demo shop: exact sums,
 * required price at the boundary (CGF cap included), previews, isolation.
 */
import { generateDemoData } from "../../../src/server/data/generate";
import type { DemoAccount } from "../../../src/server/data/model";
import type { HandlerContext } from "../../../src/server/handler";
import { handlersC } from "../../../src/server/endpoints/c";
import { unitBreakdownC } from "../../../src/server/fees/c";
import { feeScheduleC } from "../../../src/server/fees/ratesC";
import { ApiProblem } from "../../../src/server/problem";

const TODAY = "2025-06-30";
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY });
const demo = data.accounts.find((a) => a.id === "demo") as DemoAccount;
const rival = data.accounts.find((a) => a.id === "rival") as DemoAccount;
const shop = demo.shopsC[0];
if (shop === undefined) throw new Error("demo account has no C shop");
const C_DEFAULTS = { hasVat: false, lookbackDays: 30 };

type Json = Record<string, unknown>;

function call(
  id: string,
  body: Json,
  path: Record<string, string | number> = {},
  account = demo,
): Json {
  const handler = handlersC[id];
  if (handler === undefined) throw new Error(`no handler ${id}`);
  const ctx: HandlerContext = { account, data, today: TODAY, body, path };
  return handler(ctx) as Json;
}

function expectExactSum(result: Json): void {
  const lines = Object.values(result["breakdown"] as Record<string, { amount: number }>);
  expect(lines.length).toBe(11);
  const sumCents = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0);
  expect(sumCents).toBe(Math.round(((result["metadata"] as Json)["netProfit"] as number) * 100));
}

function marginOf(result: Json): number {
  const m = result["metadata"] as Json;
  return (m["netProfit"] as number) / (m["revenue"] as number);
}

describe("C breakdowns sum exactly", () => {
  it("for every product of the demo shop, with and without VAT and ads", () => {
    for (const p of shop.products) {
      for (const extra of [{}, { hasVat: true, adsCostPerSale: 3.21, sellerVoucher: 1.5 }]) {
        const r = call("C1", {
          shopId: shop.shopId,
          productId: p.productId,
          ...C_DEFAULTS,
          ...extra,
        });
        expectExactSum(r);
        for (const s of r["skuBreakdowns"] as Json[]) expectExactSum(s);
      }
    }
  });

  it("C2 ignores skuId; C1 with skuId gives that SKU", () => {
    const p = shop.products[2];
    const sku = p?.skus[0];
    if (p === undefined || sku === undefined) throw new Error("no product");
    const body = { shopId: shop.shopId, productId: p.productId, skuId: sku.skuId, ...C_DEFAULTS };
    const level = call("C2", body);
    expect(level["skuId"]).toBeNull();
    expect(level["breakdown"]).toEqual(call("C1", { ...body, skuId: undefined })["breakdown"]);
    expect(call("C1", body)["skuId"]).toBe(sku.skuId);
  });

  it("C7 omits unknown product ids and applies per-product ads costs", () => {
    const [a, b] = shop.products;
    if (a === undefined || b === undefined) throw new Error("no products");
    const r = call("C7", {
      shopId: shop.shopId,
      productIds: [a.productId, "no-such-product", b.productId],
      adsCostPerSale: 1,
      adsCostByProductId: { [b.productId]: 4 },
      ...C_DEFAULTS,
    }) as unknown as Json[];
    expect(r.map((x) => x["productId"])).toEqual([a.productId, b.productId]);
    const ads = r.map(
      (x) => (x["breakdown"] as Record<string, { amount: number }>)["adsCostPerSale"]?.amount,
    );
    expect(ads).toEqual([-1, -4]);
  });
});

describe("C6 required price", () => {
  const leaf = data.categoriesC[0];
  if (leaf === undefined) throw new Error("no category");
  const category = { categoryL1: leaf.l1, categoryL2: leaf.l2, categoryL3: leaf.l3 };

  it.each([0.1, 0.3, 0.5])("reaches margin %p and one satang less does not", (margin) => {
    const r = call("C6", {
      shopId: shop.shopId,
      ...category,
      cogs: 150,
      targetMargin: margin,
      hasVat: false,
    });
    expectExactSum(r);
    expect(marginOf(r)).toBeGreaterThanOrEqual(margin - 1e-9);
    const price = r["requiredListingPrice"] as number;
    const below = call("C4", {
      shopId: shop.shopId,
      ...category,
      listingPrice: Math.round(price * 100 - 1) / 100,
      manufacturingCogs: 150,
      hasVat: false,
      isPreOrder: false,
      isOwnFleetOnly: false,
    });
    expect(marginOf(below)).toBeLessThan(margin);
  });

  it("finds a margin reachable only past the CGF cap, with a return rate", () => {
    // Above the cap the CGF stops growing, so the profit slope rises: high margins need high prices.
    const schedule = feeScheduleC(shop.region, TODAY);
    const r = call("C6", {
      shopId: shop.shopId,
      ...category,
      cogs: 100,
      targetMargin: 0.8,
      returnRate: 0.05,
      adsCostPerSale: 10,
      hasVat: true,
    });
    const price = Math.round((r["requiredListingPrice"] as number) * 100);
    expect(price).toBeGreaterThan(schedule.platformFeeCapMinor / schedule.platformFeeRate);
    expect(marginOf(r)).toBeGreaterThanOrEqual(0.8 - 1e-9);
    const breakdown = r["breakdown"] as Record<string, { amount: number; rate: number | null }>;
    expect(breakdown["platformFee"]?.amount).toBe(-schedule.platformFeeCapMinor / 100);
    // One satang less, through the engine with the same inputs.
    const below = unitBreakdownC({
      listPrice: price - 1,
      sellerDiscount: 0,
      sellerVoucher: 0,
      platformDiscount: 0,
      buyerShippingPerUnit: 0,
      commissionRate: breakdown["commissionFee"]?.rate as number,
      isPreOrder: false,
      isOwnFleetOnly: false,
      hasVat: true,
      cogs: 10_000,
      cogsSource: "explicit",
      adsCostPerSale: 1_000,
      returnRate: 0.05,
      schedule,
    });
    expect(below.netProfitMinor).toBeLessThan(0.8 * below.revenueMinor);
  });

  it("422 unreachable_margin for an impossible margin; 400 for an unknown category", () => {
    const attempt = (body: Json): ApiProblem => {
      try {
        call("C6", body);
      } catch (e) {
        return e as ApiProblem;
      }
      throw new Error("expected a problem");
    };
    const p = attempt({
      shopId: shop.shopId,
      ...category,
      cogs: 100,
      targetMargin: 0.97,
      hasVat: true,
    });
    expect(p.statusCode).toBe(422);
    expect(p.errors[0]?.problem).toBe("unreachable_margin");
    expect(
      attempt({ shopId: shop.shopId, categoryL1: "No such", cogs: 1, targetMargin: 0.1 })
        .statusCode,
    ).toBe(400);
  });
});

describe("C8/C9 previews", () => {
  it("C8 reproduces the target, computedSellerVoucher is always 0, reasons are typed", () => {
    const target = 0.2;
    const skus = shop.products.slice(0, 25).map((p) => ({
      productId: p.productId,
      skuId: p.skus[0]?.skuId as string,
      cogs: (p.skus[0]?.listPrice ?? 0) / 100 / 3,
    }));
    const r = call("C8", {
      shopId: shop.shopId,
      skus: [
        ...skus,
        { productId: "x", skuId: "y", cogs: 1 },
        { productId: skus[0]?.productId, skuId: skus[0]?.skuId, cogs: 1e6 },
      ],
      targetMarginPercent: target,
      hasVat: false,
    });
    const adjusted = r["adjustedItems"] as Json[];
    expect(adjusted.length).toBeGreaterThan(0);
    for (const a of adjusted) {
      expect(a["computedSellerVoucher"]).toBe(0);
      expect(a["resultingMargin"] as number).toBeGreaterThanOrEqual(target - 1e-6);
      expectExactSum(a);
    }
    const reasons = (r["unadjustableItems"] as Json[]).map((u) => u["reason"]);
    expect(reasons).toEqual(expect.arrayContaining(["sku_not_found", "unreachable_margin"]));
  });

  it("C9 lands the buyer price", () => {
    const p = shop.products[1];
    const sku = p?.skus[0];
    if (p === undefined || sku === undefined) throw new Error("no product");
    const target = Math.round(sku.listPrice * 0.9) / 100;
    const r = call("C9", {
      shopId: shop.shopId,
      skus: [{ productId: p.productId, skuId: sku.skuId, targetBuyerPrice: target }],
      hasVat: false,
    });
    expect((r["adjustedItems"] as Json[])[0]?.["resultingBuyerPrice"]).toBeCloseTo(target, 2);
  });
});

describe("C isolation", () => {
  it("rival cannot see demo's shop; unknown product is 404", () => {
    const status = (f: () => unknown): number => {
      try {
        f();
      } catch (e) {
        return (e as ApiProblem).statusCode;
      }
      return 200;
    };
    expect(
      status(() =>
        call(
          "C1",
          { shopId: shop.shopId, productId: shop.products[0]?.productId, ...C_DEFAULTS },
          {},
          rival,
        ),
      ),
    ).toBe(404);
    expect(status(() => call("C10", {}, { shopId: shop.shopId, region: shop.region }, rival))).toBe(
      404,
    );
    expect(
      status(() => call("C1", { shopId: shop.shopId, productId: "nope", ...C_DEFAULTS })),
    ).toBe(404);
  });
});
