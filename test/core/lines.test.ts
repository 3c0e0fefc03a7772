/**
 * Issue 14 findings 2 and 4 in the core: breakdown lines in every shape the spec allows, a
 * `field` by any name a table shows, and API text cut to fit a cell.
 */
import { valueOf } from "../helpers/figureValues";
import { MAX_CELL_TEXT, fitCellText } from "../../src/core/cellLimit";
import { breakdownLines, sumOfLines } from "../../src/core/lines";
import { fieldNames, pickField } from "../../src/core/pickField";
import { breakdownTable, keyValueTable, recordsTable, toCell } from "../../src/core/shape";
import { profitTable } from "../../src/functions/shape";

/** A marketplace C answer with plain signed numbers, no labels, no metadata. */
const plain = {
  productId: "P1",
  breakdown: {
    originalPrice: 25,
    sellerDiscount: -2.5,
    commissionFee: -1.75,
    platformFee: -0.5,
    cogs: -10,
    vat: 0,
    netMargin: 0.45,
    note: "not a line",
  },
  raw: { profitAdjustedRoas: 2.5 },
};

describe("breakdown lines", () => {
  test("plain signed numbers under breakdown are lines; text is not", () => {
    expect(breakdownLines(plain).map(([n, l]) => [n, l.amount])).toEqual([
      ["originalPrice", 25],
      ["sellerDiscount", -2.5],
      ["commissionFee", -1.75],
      ["platformFee", -0.5],
      ["cogs", -10],
      ["vat", 0],
      ["netMargin", 0.45],
    ]);
  });

  test("a top-level number is never a line; top-level line objects are (A2)", () => {
    expect(breakdownLines({ originalPrice: 25, itemId: 3 })).toEqual([]);
    expect(breakdownLines({ vat: { amount: -1 }, itemId: 3 })).toEqual([["vat", { amount: -1 }]]);
  });

  test("net profit is the sum of the money lines (a margin line is not added)", () => {
    expect(sumOfLines(breakdownLines(plain))).toEqual(10.25);
    expect(breakdownTable(plain).at(-1)).toEqual(["Net profit", 10.25]);
  });

  test("rows without labels are named in words; VAT and COGS in capitals", () => {
    expect(profitTable(plain, true).slice(0, 4)).toEqual([
      ["Line", "Amount"],
      ["Product id", "P1"],
      ["Original price", 25],
      ["Seller discount", -2.5],
    ]);
    expect(profitTable(plain, false).map((r) => r[0])).toContain("COGS");
  });
});

describe("field by any name a table shows", () => {
  test.each([
    ["commissionFee", -1.75],
    ["Commission fee", -1.75],
    ["COMMISSION_FEE", -1.75],
    ["Net profit", 10.25],
    ["netProfit", 10.25],
    ["Original price", 25],
    ["Raw profit adjusted ROAS", 2.5],
    ["raw.profitAdjustedRoas", 2.5],
    ["Product id", "P1"],
  ])("%s", (name, value) => {
    expect(valueOf(pickField(plain, name))).toBe(value);
  });

  test("an object line's label is accepted too", () => {
    const record = { breakdown: { commissionFee: { amount: -3, label: "Commission" } } };
    expect(pickField(record, "Commission")).toEqual(-3);
    expect(pickField(record, "commission fee")).toEqual(-3);
  });

  test("a name of a range result's column header is accepted", () => {
    const header = recordsTable([plain], true)[0] as string[];
    for (const name of header) expect(() => pickField(plain, name)).not.toThrow();
    const rows = keyValueTable(plain, false).map((r) => String(r[0]));
    for (const name of rows) expect(() => pickField(plain, name)).not.toThrow();
    // ... and written as an identifier, as a seller types a header into a formula.
    const perUnit = header.filter((h) => /per unit/.test(h));
    expect(perUnit.length).toBeGreaterThan(3);
    for (const name of perUnit)
      expect(pickField(plain, name.replace(/[^A-Za-z0-9]/g, ""))).toEqual(pickField(plain, name));
  });

  test("an unknown name lists the names as a table shows them (issue 23), not the API's keys", () => {
    expect(() => pickField(plain, "profitt")).toThrow(
      /^Unknown field "profitt": use one of Original price, /,
    );
    expect(fieldNames(plain)).toContain("netProfit");
    expect(fieldNames(plain)).not.toContain("Original price");
    expect(() => pickField(plain, "  ")).toThrow(/Unknown field/);
  });
});

describe("text that fits a cell", () => {
  test("40,000 characters become 32,767 ending in an ellipsis; shorter text is untouched", () => {
    const cut = fitCellText("a".repeat(40_000));
    expect([cut.length, cut.endsWith("…"), cut.startsWith("aaa")]).toEqual([
      MAX_CELL_TEXT,
      true,
      true,
    ]);
    expect(fitCellText("a".repeat(MAX_CELL_TEXT))).toHaveLength(MAX_CELL_TEXT);
    expect(toCell("b".repeat(50_000))).toHaveLength(MAX_CELL_TEXT);
    expect(toCell(Array.from({ length: 20_000 }, () => "id"))).toHaveLength(MAX_CELL_TEXT);
  });

  test("an emoji is never split in half before the ellipsis", () => {
    const text = "a".repeat(MAX_CELL_TEXT - 2) + "😀".repeat(10);
    const cut = fitCellText(text);
    expect(cut.length).toBeLessThanOrEqual(MAX_CELL_TEXT);
    expect(cut.endsWith("a…")).toBe(true);
  });
});
