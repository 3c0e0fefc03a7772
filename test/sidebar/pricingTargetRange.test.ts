/**
 * A target margin marketplace B or C cannot take (B14 and C8 read a fraction from 0 to 1) is
 * said on its row in the sheet's words and not asked; A's any (A21 reads percent points).
 * New user: -50 % and 150 % typed on a B pricing sheet answered "Target: targetMarginPercent
 * must be a number from 0 to 1 (got -0.5)", the API's field name and a fraction nobody typed.
 */
import type { Marketplace } from "../../src/api/types";
import type { Cell } from "../../src/functions/cells";
import { targetOutOfRange } from "../../src/imports/pricingSheet";
import type { PricingRecord } from "../../src/sidebar/pricingReplace";
import { refreshAsked } from "../../src/sidebar/pricingSheet";

const HEADER = ["Item id", "SKU id", "Name", "Price today", "Target margin", "Planned buyer price"];

function record(marketplace: Marketplace): PricingRecord {
  return {
    version: 1,
    columns: HEADER.map((header) => ({ header, format: "text" as const })),
    key: ["Item id", "SKU id"],
    last: {},
    pricing: {
      marketplace,
      shopId: 500001,
      region: "MY",
      includeVat: true,
      currency: "MYR",
      dataFreshAt: null,
      title: "Pricing",
      inputs: {},
    },
  };
}

const grid = (targets: Cell[]): Cell[][] => [
  HEADER,
  ...targets.map((t, i): Cell[] => [40000001, 400000011 + i, "Bottle", 40, t, 40]),
];

test("B: -50 %, 150 % and 1E+300 are said on their rows and not asked; 0 %, 25 % and 100 % are", () => {
  const { asked } = refreshAsked(grid([-0.5, 1.5, 1e300, 0, 0.25, 1]), record("B"), "Pricing B");
  expect(asked.map((r) => r.inputs.target)).toEqual([null, null, null, 0, 0.25, 1]);
  expect(asked.map((r) => r.unread ?? "")).toEqual([
    "Target margin -50 % is outside what marketplace B takes (0 % to 100 %): type a margin in that range, such as 25 %",
    "Target margin 150 % is outside what marketplace B takes (0 % to 100 %): type a margin in that range, such as 25 %",
    "Target margin 1e+302 % is outside what marketplace B takes (0 % to 100 %): type a margin in that range, such as 25 %",
    "",
    "",
    "",
  ]);
  // The planned price is still asked on those rows.
  expect(asked.every((r) => r.inputs.planned === 40 && r.askPlanned)).toBe(true);
});

test("C says the same; A asks any margin, and text stays the not-a-number note", () => {
  expect(targetOutOfRange("C", -0.05)).toContain("marketplace C takes (0 % to 100 %)");
  expect(targetOutOfRange("A", -5)).toBeNull();
  expect(targetOutOfRange("B", null)).toBeNull();
  const { asked } = refreshAsked(grid(["abc", -5]), record("A"), "Pricing");
  expect(asked.map((r) => r.inputs.target)).toEqual([null, -5]);
  expect(asked[0]?.unread).toBe('Target margin "abc" is not a number: type one or empty it');
  expect(asked[1]?.unread).toBeUndefined();
});
