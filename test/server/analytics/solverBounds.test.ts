/**
 * R1: every required-price solver is bounded. The A4 reproducer (a discount of 1e12) once took
 * minutes; now any in-range body of A4, B4 and C6 is answered (a price or a 422) in under
 * 100 ms of handler time, and the solver makes a bounded number of profit evaluations.
 * Time is the fastest of three runs of the same input: a loaded machine can delay one run,
 * while an unbounded search is slow every time.
 */
import fc from "fast-check";
import { generateDemoData } from "../../../src/server/data/generate";
import { ALL_HANDLERS } from "../../../src/server/endpoints";
import type { HandlerContext } from "../../../src/server/handler";
import { ApiProblem } from "../../../src/server/problem";
import { solveRequiredPrice } from "../../../src/server/analytics/requiredPrice";
import { A4_REPRODUCER } from "../http/fixtures";

const TODAY = "2025-06-30";
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY });
const demo = data.accounts.find((a) => a.id === "demo");
if (!demo) throw new Error("no demo account");
const shopA = demo.shopsA[0];
const sellerB = demo.sellersB[0];
const shopC = demo.shopsC[0];
if (!shopA || !sellerB || !shopC) throw new Error("no demo shops");

const MONEY = 1e12; // contract-notes: any unbounded number lies within ±1e12
const money = fc.oneof(
  fc.double({ min: -MONEY, max: MONEY, noNaN: true }),
  fc.integer({ min: 0, max: 10_000 }),
  fc.constantFrom(0, 1, MONEY, -MONEY, 1e9, 1e6),
);
const fraction = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 0.999));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

function bodyOf(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** Fastest of three handler runs, in ms; the answer must be data or a 422. */
function handlerMs(id: string, body: Record<string, unknown>): number {
  const handler = ALL_HANDLERS[id];
  if (!handler) throw new Error(`no handler ${id}`);
  const ctx: HandlerContext = { account: demo!, data, today: TODAY, body, path: {} };
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    try {
      handler(ctx);
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.statusCode !== 422) throw error;
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const RUNS = { numRuns: 150, seed: 20250630 };

describe("required-price solvers are bounded", () => {
  it("answers the A4 reproducer (a 1e12 discount) in under 100 ms", () => {
    const body = { ...A4_REPRODUCER, hasVat: false };
    expect(handlerMs("A4", body)).toBeLessThan(100);
  });

  it("A4: any in-range body in under 100 ms", () => {
    const categories = data.categoriesA.map((c) => c.categoryId);
    fc.assert(
      fc.property(
        fc.record({
          categoryId: fc.constantFrom(...categories),
          cogs: money,
          targetMargin: money,
          targetDiscount: optional(money),
          targetDiscountPercent: optional(fc.double({ min: 0, max: 100, noNaN: true })),
          hasVat: optional(fc.boolean()),
          adsCostPerSale: optional(money),
        }),
        (fields) => {
          const body = bodyOf({ shopId: shopA.shopId, region: shopA.region, ...fields });
          expect(handlerMs("A4", body)).toBeLessThan(100);
        },
      ),
      RUNS,
    );
  });

  it("B4: any in-range body in under 100 ms", () => {
    const categories = data.categoriesB.map((c) => c.categoryId);
    fc.assert(
      fc.property(
        fc.record({
          categoryId: fc.constantFrom(...categories),
          cogs: money,
          targetMargin: fraction,
          targetDiscount: optional(money),
          targetDiscountPercent: optional(fraction),
          hasVat: optional(fc.boolean()),
          sellerType: optional(fc.constantFrom("REGULAR", "MALL")),
        }),
        (fields) => {
          const body = bodyOf({ region: sellerB.region, ...fields });
          expect(handlerMs("B4", body)).toBeLessThan(100);
        },
      ),
      RUNS,
    );
  });

  it("C6: any in-range body in under 100 ms", () => {
    fc.assert(
      fc.property(
        fc.record({
          category: fc.constantFrom(...data.categoriesC),
          cogs: money,
          targetMargin: fraction,
          targetDiscount: optional(money),
          targetDiscountPercent: optional(fraction),
          hasVat: optional(fc.boolean()),
          adsCostPerSale: optional(money),
          returnRate: optional(fraction),
        }),
        ({ category, ...fields }) => {
          const body = bodyOf({
            shopId: shopC.shopId,
            categoryL1: category.l1,
            categoryL2: category.l2,
            categoryL3: category.l3,
            ...fields,
          });
          expect(handlerMs("C6", body)).toBeLessThan(100);
        },
      ),
      RUNS,
    );
  });

  it("makes a bounded number of profit evaluations for any convex profit curve", () => {
    fc.assert(
      fc.property(
        fc.record({
          slope: fc.double({ min: -2, max: 2, noNaN: true }),
          steeper: fc.double({ min: 0, max: 2, noNaN: true }),
          kink: fc.integer({ min: 0, max: 2 ** 45 }),
          offset: fc.integer({ min: -(2 ** 45), max: 2 ** 45 }),
          low: fc.integer({ min: 0, max: 2 ** 45 }),
          high: fc.integer({ min: 0, max: 2 ** 49 }),
          margin: fc.option(fraction, { nil: undefined }),
        }),
        ({ slope, steeper, kink, offset, low, high, margin }) => {
          let evaluations = 0;
          const outcome = solveRequiredPrice(
            (p) => {
              evaluations++;
              const profit = Math.round(offset + slope * p + steeper * Math.max(0, p - kink));
              return { profitMinor: profit, revenueMinor: p };
            },
            margin === undefined
              ? { kind: "profit", amountMinor: 0 }
              : { kind: "margin", fraction: margin },
            { lowMinor: low, highMinor: high, unitMinor: 1 },
          );
          expect(outcome).toBeDefined();
          expect(evaluations).toBeLessThanOrEqual(260);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });
});
