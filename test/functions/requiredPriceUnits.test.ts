/**
 * Units that cannot be confused (issue 12 item 2, issue 23 item 4): the 6th argument,
 * targetMargin, is a MARGIN on every marketplace (A's is reached by solving, see
 * requiredPriceMarginA.test.ts); a profit AMOUNT goes in targetProfit (the last argument, A
 * only). A spreadsheet's 25% arrives as 0.25, indistinguishable from 0.25 of money, so the two
 * never share an argument, and "25%" typed as text in targetProfit is refused with a sentence.
 */
import type { CellInput } from "../../src/functions";
import { functionByName } from "../../src/functions";
import { fakeBreakdown, runScripted } from "./scripted";

const fn = functionByName("REQUIRED_PRICE");
if (!fn) throw new Error("no REQUIRED_PRICE");
const rp = fn;

function outcome(args: CellInput[]): { endpoint: string; params: unknown } | { message: string } {
  try {
    let asked: { endpoint: string; params: unknown } | null = null;
    runScripted(rp.program(args), (c) => {
      asked = { endpoint: c.endpoint, params: c.params };
      return fakeBreakdown({ requiredListingPrice: 10 });
    });
    return asked ?? { message: "no request" };
  } catch (e) {
    return { message: (e as Error).message };
  }
}

/** =REQUIRED_PRICE("A", 100001, "SG", 100, 50, margin, , , , , , , , , , profit) */
function a(margin: CellInput, profit: CellInput): CellInput[] {
  const args: CellInput[] = ["A", 100001, "SG", 100, 50, margin];
  args[15] = profit;
  return args;
}

describe("REQUIRED_PRICE units", () => {
  test("A: targetMargin is a margin (25% arrives as 0.25), asked of A4 as a profit; not both", () => {
    // The first request asks A4 for the margin times the unit cost (a first profit guess).
    const first: unknown[] = [];
    try {
      runScripted(rp.program(a(0.25, undefined)), (c) => {
        first.push({ endpoint: c.endpoint, targetMargin: c.params.targetMargin });
        return fakeBreakdown({ requiredListingPrice: 10 });
      });
    } catch {
      // A scripted A4 answers one price for every profit: no margin can be solved from it.
    }
    expect(first[0]).toEqual({ endpoint: "A4", targetMargin: 12.5 });
    expect(outcome(a(25, undefined))).toEqual({
      message: expect.stringMatching(/^targetMargin must be a margin from 0 to below 100 %/),
    });
    expect(outcome(a(0.25, 5))).toEqual({
      message: expect.stringMatching(/^targetProfit is a profit per unit instead of a margin/),
    });
  });

  test('A: targetProfit is money; "25%" typed as text is refused, never read as 0.25 of money', () => {
    expect(outcome(a(undefined, "25%"))).toEqual({
      message:
        'targetProfit is an amount of money per unit (5 for 5 per unit), not a percentage (got "25%")',
    });
    expect(outcome(a(undefined, undefined))).toEqual({
      message:
        "targetMargin is required: a margin such as 25% (the 6th argument), or a profit per unit in targetProfit (the last argument)",
    });
    expect(outcome(a(undefined, 5))).toMatchObject({
      endpoint: "A4",
      params: { targetMargin: 5, cogs: 50, categoryId: 100 },
    });
  });

  test("B and C: targetMargin is a fraction (25% = 0.25); targetProfit does not apply", () => {
    expect(outcome(["B", undefined, "TH", 12, 150, 0.25])).toMatchObject({
      endpoint: "B4",
      params: { targetMargin: 0.25 },
    });
    expect(outcome(["B", undefined, "TH", 12, 150, 25])).toEqual({
      message: expect.stringMatching(/^targetMargin must be a margin from 0 to below 100 %/),
    });
    const withProfit: CellInput[] = ["C", 300001, undefined, "A > B > C", 150, 0.2];
    withProfit[15] = 5;
    expect(outcome(withProfit)).toEqual({
      message: "targetProfit applies to marketplace A only, not C: leave it empty",
    });
  });
});
