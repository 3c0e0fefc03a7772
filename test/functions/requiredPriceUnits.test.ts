/**
 * Units that cannot be confused (issue 12, item 2): marketplace A's required price takes a
 * profit AMOUNT (targetProfit, the last argument), B and C take a MARGIN (targetMargin). A
 * spreadsheet's 25% arrives as 0.25, indistinguishable from 0.25 of money, so A refuses any
 * targetMargin, and refuses "25%" typed as text in targetProfit, each with a sentence.
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
  test("A: a percent in targetMargin (25% arrives as 0.25) is refused with a sentence", () => {
    expect(outcome(a(0.25, undefined))).toEqual({
      message: expect.stringMatching(
        /^targetMargin is for marketplaces B and C: marketplace A's required price solves for a profit per unit\. Leave targetMargin empty and give targetProfit/,
      ),
    });
  });

  test('A: targetProfit is money; "25%" typed as text is refused, never read as 0.25 of money', () => {
    expect(outcome(a(undefined, "25%"))).toEqual({
      message:
        'targetProfit is an amount of money per unit (5 for 5 per unit), not a percentage (got "25%")',
    });
    expect(outcome(a(undefined, undefined))).toEqual({
      message: "targetProfit is required for marketplace A",
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
      message: "targetProfit applies to marketplace A only, not C",
    });
  });
});
