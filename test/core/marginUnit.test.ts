/**
 * Margins in one unit (issue 12, item 2): a cell shows every marketplace's margin as a
 * fraction (0.235 = 23.5 %); marketplace A's raw percent points stay reachable by field.
 */
import "../helpers/figureValues";
import { marginsAsFractions } from "../../src/core/marginUnit";
import { functionByName } from "../../src/functions";
import { fakeBreakdown, runScripted } from "../functions/scripted";

function fieldOf(name: string, args: unknown[]): unknown {
  const fn = functionByName(name);
  if (!fn) throw new Error(name);
  // fakeBreakdown's metadata.margin is 54: percent points for A, a (bad) fraction for B.
  return runScripted(fn.program(args as never), () => fakeBreakdown()).result;
}

describe("margins in one unit", () => {
  test("marketplace A's percent points become fractions; the raw value is field ...Points", () => {
    expect(fieldOf("MKTA_ITEM", [100001, "SG", 5, "margin"])).toEqual(0.54);
    expect(fieldOf("MKTA_ITEM", [100001, "SG", 5, "marginPoints"])).toEqual(54);
    const table = fieldOf("MKTA_ITEM", [100001, "SG", 5]) as unknown[][];
    expect(table).toContainEqual(["Margin", 0.54]);
  });

  test("B and C answers are fractions already and pass unchanged", () => {
    expect(fieldOf("MKTB_ITEM", [200001, "TH", 5, "margin"])).toEqual(54);
    const c = { metadata: { margin: 0.2 } };
    expect(marginsAsFractions("C2", c)).toBe(c);
  });

  test("nested A figures convert without binary noise", () => {
    expect(
      marginsAsFractions("A15", { top: [{ productMargin: 17.45, avgMargin: 7 }], n: 3 }),
    ).toEqual({
      top: [
        { productMargin: 0.1745, productMarginPoints: 17.45, avgMargin: 0.07, avgMarginPoints: 7 },
      ],
      n: 3,
    });
  });
});
