/**
 * One way to show a figure: its kind comes from the contract (src/api/figures.ts), money has
 * its currency's decimals, margins read as percentages on every marketplace (A's percent
 * points and B/C's fractions alike), and the value itself is never rounded.
 */
import { Figure, figureCell, figureText, numberFormat } from "../../src/core/figure";
import { figureKind } from "../../src/api/figures";
import { marginsAsFractions } from "../../src/core/marginUnit";
import { pickField } from "../../src/core/pickField";
import { profitTable } from "../../src/functions/shape";

const record = (margin: number, currency = "SGD") => ({
  breakdown: {
    originalPrice: { amount: 100, label: "Original price" },
    commissionFee: { amount: -5.5, label: "Commission fee" },
  },
  metadata: { currency, netProfit: 94.5, margin, unitsSold: 1200 },
});

test("kinds come from the contract, by field name, with A's wire margins in points", () => {
  expect(figureKind("metadata.netProfit")).toBe("money");
  expect(figureKind("breakdown.commissionFee")).toBe("money");
  expect(figureKind("margin")).toBe("percent");
  expect(figureKind("margin", "A")).toBe("points");
  expect(figureKind("margin", "B")).toBe("percent");
  expect(figureKind("unitsSold")).toBe("count");
  expect(figureKind("raw.profitAdjustedRoas")).toBe("ratio");
  expect(figureKind("somethingElse")).toBeNull();
});

test("money takes its currency's decimals: 2, and 0 for VND and IDR", () => {
  expect(numberFormat("money", "SGD")).toBe("#,##0.00");
  expect(numberFormat("money", "VND")).toBe("#,##0");
  expect(numberFormat("money", "IDR")).toBe("#,##0");
  expect(figureText(new Figure(-5.5, "money", "SGD"))).toBe("-5.50");
  expect(figureText(new Figure(125000.4, "money", "VND"))).toBe("125,000");
  expect(figureText(new Figure(-0.0236, "percent"))).toBe("-2.36%");
  expect(figureText(new Figure(1200, "count"))).toBe("1,200");
});

test("an A margin (23.5 points on the wire) and a B margin (0.235) both read 23.50%", () => {
  const a = marginsAsFractions("A2", record(23.5)) as Record<string, unknown>;
  const b = marginsAsFractions("B1", record(0.235)) as Record<string, unknown>;
  for (const answer of [a, b]) {
    const margin = pickField(answer, "margin");
    expect(margin).toBeInstanceOf(Figure);
    expect((margin as Figure).value).toBeCloseTo(0.235, 12); // exact: rounding is the format's
    expect(figureText(margin as Figure)).toBe("23.50%");
  }
});

test("a breakdown table: lines and net profit as money in the shop's currency, 'Margin' as %", () => {
  const rows = profitTable(record(0.147545, "VND"), true);
  const byLabel = new Map(rows.map((r) => [r[0], r[1]]));
  expect(byLabel.get("Commission fee")).toEqual(new Figure(-5.5, "money", "VND"));
  expect(byLabel.get("Net profit")).toEqual(new Figure(94.5, "money", "VND"));
  expect(byLabel.get("Margin")).toEqual(new Figure(0.147545, "percent"));
  expect(byLabel.has("Margin (fraction)")).toBe(false);
  expect(figureText(byLabel.get("Margin") as Figure)).toBe("14.75%");
});

test("text and numbers the contract does not list stay as they are", () => {
  expect(figureCell("shopName", "Shop", null)).toBe("Shop");
  expect(figureCell("someNewFigure", 3, null)).toBe(3);
});

test("a shop id sent as text reads as its number only where the number is exactly that id", () => {
  expect(figureCell("shopId", "700001", null)).toEqual(new Figure(700001, "id"));
  expect(figureCell("sellerId", "500001", null)).toEqual(new Figure(500001, "id"));
  // Opaque ids, a leading zero, or more digits than a number holds exactly stay text.
  for (const text of ["shop-7", "0700001", "12345678901234567", "7e5", "-7"])
    expect(figureCell("shopId", text, null)).toBe(text);
  // Other ids keep their type: C's product ids are text (spec 2.4).
  expect(figureCell("productId", "17700001000001", null)).toBe("17700001000001");
});

test("preview and overview figures the contract names have a kind (issue 35)", () => {
  for (const name of ["resultingBuyerPrice", "resultingProfit", "computedSpecialPriceDiscount"])
    expect(figureKind(name)).toBe("money");
  expect(figureKind("resultingMargin", "B")).toBe("percent");
  expect(figureKind("share")).toBe("percent");
});
