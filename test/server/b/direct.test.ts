/**
 * Marketplace B handlers called directly (no HTTP) over the whole demo seller: exact sums,
 * required price at the boundary, previews that reproduce their target, isolation.
 */
import { generateDemoData } from "../../../src/server/data/generate";
import type { DemoAccount } from "../../../src/server/data/model";
import type { HandlerContext } from "../../../src/server/handler";
import { handlersB } from "../../../src/server/endpoints/b";
import { ApiProblem } from "../../../src/server/problem";

const TODAY = "2025-06-30";
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY });
const demo = data.accounts.find((a) => a.id === "demo") as DemoAccount;
const rival = data.accounts.find((a) => a.id === "rival") as DemoAccount;
const seller = demo.sellersB[0];
if (seller === undefined) throw new Error("demo account has no B seller");
const B_DEFAULTS = { sellerType: "REGULAR", hasVat: true, lookbackDays: 30 };

type Json = Record<string, unknown>;
interface Line {
  amount: number;
}

function call(
  id: string,
  body: Json,
  path: Record<string, string | number> = {},
  account = demo,
): Json {
  const handler = handlersB[id];
  if (handler === undefined) throw new Error(`no handler ${id}`);
  const ctx: HandlerContext = { account, data, today: TODAY, body, path };
  return handler(ctx) as Json;
}

/** Sum of the wire lines, in cents, against metadata.netProfit in cents. */
function expectExactSum(result: Json): void {
  const lines = Object.values(result["breakdown"] as Record<string, Line>);
  expect(lines.length).toBe(10);
  const sumCents = lines.reduce((s, l) => s + Math.round(l.amount * 100), 0);
  const meta = result["metadata"] as Json;
  expect(sumCents).toBe(Math.round((meta["netProfit"] as number) * 100));
}

describe("B breakdowns sum exactly", () => {
  it("for every product of the demo seller (aggregate and each SKU)", () => {
    let checked = 0;
    for (const p of seller.products) {
      const r = call("B2", {
        sellerId: seller.sellerId,
        region: seller.region,
        itemId: p.itemId,
        ...B_DEFAULTS,
      });
      expectExactSum(r);
      const skus = r["skuBreakdowns"] as Json[];
      expect(skus).toHaveLength(p.skus.length);
      for (const s of skus) expectExactSum(s);
      checked += 1 + skus.length;
    }
    expect(checked).toBeGreaterThan(seller.products.length);
  });

  it("a single SKU equals its entry in the product's detail", () => {
    const p = seller.products[3];
    const sku = p?.skus[0];
    if (p === undefined || sku === undefined) throw new Error("no product");
    const one = call("B2", {
      sellerId: seller.sellerId,
      region: seller.region,
      itemId: p.itemId,
      skuId: sku.skuId,
      ...B_DEFAULTS,
    });
    const all = call("B2", {
      sellerId: seller.sellerId,
      region: seller.region,
      itemId: p.itemId,
      ...B_DEFAULTS,
    });
    const detail = (all["skuBreakdowns"] as Json[]).find((s) => s["skuId"] === sku.skuId);
    expect(one["breakdown"]).toEqual(detail?.["breakdown"]);
  });

  it("MALL sellers pay more commission than REGULAR ones", () => {
    const p = seller.products[0];
    if (p === undefined) throw new Error("no product");
    const body = {
      sellerId: seller.sellerId,
      region: seller.region,
      itemId: p.itemId,
      ...B_DEFAULTS,
    };
    const regular = call("B2", body)["metadata"] as Json;
    const mall = call("B2", { ...body, sellerType: "MALL" })["metadata"] as Json;
    expect(mall["commissionRate"] as number).toBeGreaterThan(regular["commissionRate"] as number);
  });
});

describe("B4 required price", () => {
  const categories = data.categoriesB.slice(0, 4);
  it.each([0.05, 0.2, 0.35, 0.5])("reaches margin %p and one cent less does not", (margin) => {
    for (const c of categories) {
      const body = {
        region: seller.region,
        categoryId: c.categoryId,
        cogs: 12.5,
        targetMargin: margin,
        ...B_DEFAULTS,
      };
      const r = call("B4", body);
      const price = r["requiredListingPrice"] as number;
      const meta = r["metadata"] as Json;
      expectExactSum(r);
      expect((meta["netProfit"] as number) / (meta["revenue"] as number)).toBeGreaterThanOrEqual(
        margin - 1e-9,
      );
      // The same listing one cent lower, through the new-product preview.
      const below = call("B3", {
        region: seller.region,
        categoryId: c.categoryId,
        listingPrice: Math.round(price * 100 - 1) / 100,
        manufacturingCogs: 12.5,
        ...B_DEFAULTS,
      });
      const m = below["metadata"] as Json;
      expect((m["netProfit"] as number) / (m["revenue"] as number)).toBeLessThan(margin);
    }
  });

  it("answers 422 unreachable_margin with a reason when the margin cannot be reached", () => {
    const c = categories[0];
    if (c === undefined) throw new Error("no category");
    try {
      call("B4", {
        region: seller.region,
        categoryId: c.categoryId,
        cogs: 10,
        targetMargin: 0.95,
        ...B_DEFAULTS,
      });
      throw new Error("expected 422");
    } catch (e) {
      expect(e).toBeInstanceOf(ApiProblem);
      const p = e as ApiProblem;
      expect(p.statusCode).toBe(422);
      expect(p.errors[0]).toEqual({ field: "targetMargin", problem: "unreachable_margin" });
      expect(p.message).toMatch(/cannot be reached/);
    }
  });

  it("a 100% discount is a 422 that names the discount, as A4 does", () => {
    const c = categories[0];
    if (c === undefined) throw new Error("no category");
    const body = { region: seller.region, categoryId: c.categoryId, cogs: 10, targetMargin: 0.1 };
    expect(() => call("B4", { ...body, ...B_DEFAULTS, targetDiscountPercent: 1 })).toThrow(
      /discount of 100% or more leaves no revenue/,
    );
    try {
      call("B4", { ...body, ...B_DEFAULTS, targetDiscountPercent: 1 });
    } catch (e) {
      expect((e as ApiProblem).errors[0]).toEqual({
        field: "targetDiscountPercent",
        problem: "unreachable_margin",
      });
    }
  });
});

describe("B14/B15 previews", () => {
  it("applying the computed discount reproduces the target margin (and a cent more misses it)", () => {
    const skus = seller.products.slice(0, 30).map((p) => ({ itemId: p.itemId }));
    const target = 0.15;
    const r = call("B14", {
      sellerId: seller.sellerId,
      region: seller.region,
      skus: [...skus, { itemId: 1, skuId: 2 }],
      targetMarginPercent: target,
      hasVat: true,
    });
    const adjusted = r["adjustedItems"] as Json[];
    const unadjustable = r["unadjustableItems"] as Json[];
    expect(adjusted.length).toBeGreaterThan(0);
    expect(unadjustable).toContainEqual(
      expect.objectContaining({ itemId: 1, reason: "sku_not_found" }),
    );
    for (const a of adjusted) {
      expectExactSum(a);
      expect(a["computedSellerVoucher"]).toBe(0);
      expect(a["resultingMargin"] as number).toBeGreaterThanOrEqual(target - 1e-6);
      const discount = a["computedSpecialPriceDiscount"] as number;
      if (discount < (a["originalPrice"] as number)) {
        const more = call("B5", {
          sellerId: seller.sellerId,
          region: seller.region,
          itemId: a["itemId"],
          skuId: a["skuId"],
          specialPriceDiscount: Math.round(discount * 100 + 1) / 100,
          sellerVoucher: 0,
        });
        const m = more["metadata"] as Json;
        // B5 keeps the baseline COGS and coins, as B14 does: one more cent of discount misses.
        expect((m["netProfit"] as number) / (m["revenue"] as number)).toBeLessThan(target);
      }
    }
    for (const u of unadjustable.filter((x) => x["reason"] === "unreachable_margin")) {
      expect(u["message"]).toMatch(/without any discount/);
    }
  });

  it("a target buyer price is what the buyer pays after the computed discount", () => {
    const p = seller.products[5];
    const sku = p?.skus[0];
    if (p === undefined || sku === undefined) throw new Error("no product");
    const list = sku.listPrice / 100;
    const target = Math.round(list * 0.8 * 100) / 100;
    const r = call("B15", {
      sellerId: seller.sellerId,
      region: seller.region,
      skus: [
        { itemId: p.itemId, skuId: sku.skuId, targetBuyerPrice: target },
        { itemId: p.itemId, skuId: sku.skuId, targetBuyerPrice: list * 2 },
        { itemId: p.itemId, skuId: 123, targetBuyerPrice: 1 },
      ],
      hasVat: true,
    });
    const [a, b] = r["adjustedItems"] as Json[];
    expect(a?.["resultingBuyerPrice"]).toBeCloseTo(target, 2);
    expect(b?.["noDiscountNeeded"]).toBe(true);
    expect(r["unadjustableItems"]).toEqual([
      expect.objectContaining({ skuId: 123, reason: "sku_not_found" }),
    ]);
  });
});

describe("B isolation and not-yet-active endpoints", () => {
  it("rival cannot see demo's seller (404), nor demo an unknown item", () => {
    const expect404 = (f: () => unknown): void => {
      try {
        f();
        throw new Error("expected 404");
      } catch (e) {
        expect((e as ApiProblem).statusCode).toBe(404);
      }
    };
    expect404(() =>
      call(
        "B2",
        {
          sellerId: seller.sellerId,
          region: seller.region,
          itemId: seller.products[0]?.itemId,
          ...B_DEFAULTS,
        },
        {},
        rival,
      ),
    );
    expect404(() => call("B8", {}, { sellerId: seller.sellerId, region: seller.region }, rival));
    expect404(() =>
      call("B2", { sellerId: seller.sellerId, region: seller.region, itemId: 1, ...B_DEFAULTS }),
    );
  });

  it("B9 has a RAW frame with cleaned/deflated null; B10 answers the same way; B11 and B13 are empty", () => {
    const itemId = seller.products[0]?.itemId as number;
    const path = { sellerId: seller.sellerId, region: seller.region, itemId };
    const b9 = call("B9", { lookbackDays: 180 }, path);
    expect(b9["raw"]).toEqual(expect.objectContaining({ frame: "RAW" }));
    expect(b9["cleaned"]).toBeNull();
    expect(b9["deflated"]).toBeNull();
    const raw = b9["raw"] as Json;
    if (raw["totalAdExpense"] === 0) expect(raw["profitAdjustedRoas"]).toBeNull();
    const b10 = call("B10", { lookbackDays: 180 }, path);
    expect(b10).toEqual(b9);
    expect(
      call("B11", { itemIds: [itemId] }, { sellerId: seller.sellerId, region: seller.region }),
    ).toEqual([]);
    expect(call("B13", {}, { sellerId: seller.sellerId, region: seller.region })).toMatchObject({
      entries: [],
      totalItems: 0,
      totalPages: 0,
    });
  });
});
