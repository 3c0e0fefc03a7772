import {
  discountForBuyerPrice,
  solveMaxDiscount,
  solveRequiredPrice,
  type ProfitAtPrice,
} from "../../../src/server/analytics/requiredPrice";
import { rateOf } from "../../../src/server/analytics/money";

// Commission 10% uncapped, platform fee 6% capped at 19,900 minor units, COGS 10,000: the
// profit slope is 0.84 below the cap breakpoint (331,667) and 0.90 above it.
function cappedProfit(price: number): ProfitAtPrice {
  const commission = rateOf(0.1, price);
  const platform = Math.min(19_900, rateOf(0.06, price));
  return { profitMinor: price - commission - platform - 10_000, revenueMinor: price };
}

describe("solveRequiredPrice", () => {
  it("solves a margin below the cap (hand-checked: 0.34 p >= 10,000 -> 29,412)", () => {
    const r = solveRequiredPrice(
      cappedProfit,
      { kind: "margin", fraction: 0.5 },
      { lowMinor: 1, highMinor: 400_000, unitMinor: 1 },
    );
    expect(r).toEqual({ priceMinor: 29_412 });
  });

  it("finds a margin reachable only once the cap binds (0.05 p >= 29,900 -> 597,994 with rounding), widening the bound", () => {
    const r = solveRequiredPrice(
      cappedProfit,
      { kind: "margin", fraction: 0.85 },
      { lowMinor: 1, highMinor: 400_000, unitMinor: 1 },
    );
    // Commission rounding makes 597,994 meet the target while 597,995..597,999 do not: the
    // answer is the minimum price that reaches it, whatever the search bounds.
    expect(r).toEqual({ priceMinor: 597_994 });
    for (let p = 597_900; p < 597_994; p++) {
      const at = cappedProfit(p);
      expect(at.profitMinor).toBeLessThan(0.85 * at.revenueMinor);
    }
  });

  it("reports unreachable when the slope past every cap is <= the margin", () => {
    const r = solveRequiredPrice(
      cappedProfit,
      { kind: "margin", fraction: 0.95 },
      { lowMinor: 1, highMinor: 400_000, unitMinor: 1 },
    );
    expect("unreachable" in r).toBe(true);
    expect(
      solveRequiredPrice(
        cappedProfit,
        { kind: "margin", fraction: 1 },
        { lowMinor: 1, highMinor: 1000, unitMinor: 1 },
      ),
    ).toHaveProperty("unreachable");
  });

  it("solves a profit amount and rounds up to the currency unit", () => {
    // 0.84 p - 10,000 >= 5,000 -> p >= 17,857.1 -> 17,900 in whole units of 100.
    const r = solveRequiredPrice(
      cappedProfit,
      { kind: "profit", amountMinor: 5_000 },
      { lowMinor: 0, highMinor: 400_000, unitMinor: 100 },
    );
    expect(r).toEqual({ priceMinor: 17_900 });
    expect(cappedProfit(17_800).profitMinor).toBeLessThan(5_000);
  });

  it("agrees with a brute-force scan over many targets", () => {
    for (const m of [0, 0.1, 0.2, 0.33, 0.4, 0.6, 0.8, 0.86]) {
      const r = solveRequiredPrice(
        cappedProfit,
        { kind: "margin", fraction: m },
        { lowMinor: 1, highMinor: 400_000, unitMinor: 1 },
      );
      if (!("priceMinor" in r)) throw new Error(`unreachable at ${m}`);
      const meets = (p: number): boolean => {
        const at = cappedProfit(p);
        return at.profitMinor >= m * at.revenueMinor - 1e-9;
      };
      expect(meets(r.priceMinor)).toBe(true);
      expect(meets(r.priceMinor - 1)).toBe(false);
    }
  });
});

describe("solveMaxDiscount", () => {
  const list = 100_000;
  const at = (d: number): ProfitAtPrice => {
    const revenue = list - d;
    return { profitMinor: revenue - rateOf(0.1, revenue) - 10_000, revenueMinor: revenue };
  };

  it("finds the largest discount keeping a 30% margin (rounding makes it 83,332, not 83,333)", () => {
    const r = solveMaxDiscount(
      at,
      { kind: "margin", fraction: 0.3 },
      { maxDiscountMinor: list, unitMinor: 1 },
    );
    expect(r).toEqual({ discountMinor: 83_332 });
    let brute = -1;
    for (let d = 0; d <= list; d++) {
      const x = at(d);
      if (x.profitMinor >= 0.3 * x.revenueMinor) brute = d;
    }
    expect(brute).toBe(83_332);
  });

  it("says unreachable_margin when even no discount fails", () => {
    const r = solveMaxDiscount(
      at,
      { kind: "margin", fraction: 0.85 },
      { maxDiscountMinor: list, unitMinor: 1 },
    );
    expect(r).toMatchObject({ unreachable: "unreachable_margin" });
  });

  it("allows the whole range when the target always holds", () => {
    const r = solveMaxDiscount(
      () => ({ profitMinor: 5, revenueMinor: 10 }),
      { kind: "margin", fraction: 0.2 },
      { maxDiscountMinor: 700, unitMinor: 1 },
    );
    expect(r).toEqual({ discountMinor: 700 });
  });
});

describe("discountForBuyerPrice", () => {
  it("computes L - v - platform discount - p", () => {
    expect(
      discountForBuyerPrice({
        listPriceMinor: 10_000,
        sellerVoucherMinor: 500,
        platformDiscountMinor: 300,
        targetBuyerPriceMinor: 8_000,
      }),
    ).toEqual({ discountMinor: 1_200, noDiscountNeeded: false });
  });
  it("needs no discount when the buyer already pays less", () => {
    expect(
      discountForBuyerPrice({
        listPriceMinor: 10_000,
        sellerVoucherMinor: 0,
        platformDiscountMinor: 0,
        targetBuyerPriceMinor: 12_000,
      }),
    ).toEqual({ discountMinor: 0, noDiscountNeeded: true });
  });
  it("refuses a discount above what the seller is paid", () => {
    expect(
      discountForBuyerPrice({
        listPriceMinor: 10_000,
        sellerVoucherMinor: 500,
        platformDiscountMinor: 0,
        targetBuyerPriceMinor: -1,
      }),
    ).toHaveProperty("infeasible", "buyer_price_too_low");
  });
});

describe("solveRequiredPrice: review fixes", () => {
  it("finds a margin reachable only past the cap when highMinor sits just past the breakpoint", () => {
    // The secant from highMinor/2 to highMinor straddles the breakpoint (331,667) and is
    // negative for m = 0.85, though the slope past the cap (0.90) exceeds the margin.
    const r = solveRequiredPrice(
      cappedProfit,
      { kind: "margin", fraction: 0.85 },
      { lowMinor: 1, highMinor: 340_000, unitMinor: 1 },
    );
    expect(r).toEqual({ priceMinor: 597_994 });
  });

  it("finds it too when highMinor is below the breakpoint (a discount share moves it up)", () => {
    const r = solveRequiredPrice(
      cappedProfit,
      { kind: "margin", fraction: 0.85 },
      { lowMinor: 1, highMinor: 100_000, unitMinor: 1 },
    );
    expect(r).toEqual({ priceMinor: 597_994 });
  });

  it("ends (unreachable) instead of looping when the price needed is beyond exact integers", () => {
    const huge = (price: number): ProfitAtPrice => ({
      profitMinor: price - 1e17,
      revenueMinor: price,
    });
    const started = Date.now();
    const r = solveRequiredPrice(
      huge,
      { kind: "profit", amountMinor: 0 },
      { lowMinor: 0, highMinor: 2e17, unitMinor: 1 },
    );
    expect(r).toHaveProperty("unreachable");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
