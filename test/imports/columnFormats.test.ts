/** An import column's number format is the field's kind in the contract (src/api/figures.ts). */
import { NUMBER_FORMATS, formatFor, listRows } from "../../src/imports/table";

test("a seller discount is money, not a count ('discount' ends in 'count')", () => {
  expect(formatFor("sellerDiscount", -1.3, "A")).toBe("money");
  expect(formatFor("metadata.sellerDiscount", -1.3, "A")).toBe("money");
});

test("counts are whole numbers with separators, ids whole numbers without", () => {
  for (const name of ["orders", "count", "rank", "unitsSold", "metadata.unitsSold"])
    expect({ name, format: formatFor(name, 3, "A") }).toEqual({ name, format: "count" });
  for (const name of ["itemId", "modelId", "skuId"])
    expect({ name, format: formatFor(name, 3, "A") }).toEqual({ name, format: "integer" });
  expect([NUMBER_FORMATS.count, NUMBER_FORMATS.integer]).toEqual(["#,##0", "0"]);
});

test("money has its currency's decimals; margins and rates are percentages", () => {
  expect(formatFor("breakdown.vat", -1.3, "A", "SGD")).toBe("money");
  expect(formatFor("totalProfit", 1300, "A", "VND")).toBe("money0");
  expect([NUMBER_FORMATS.money, NUMBER_FORMATS.money0]).toEqual(["#,##0.00", "#,##0"]);
  // Margins are fractions once received (core/marginUnit.ts); A's own points stay beside them.
  expect(formatFor("metadata.margin", 0.235, "A")).toBe("fraction");
  expect(formatFor("marginPoints", 23.5, "A")).toBe("percentPoints");
  expect(formatFor("metadata.commissionRate", 0.06, "B")).toBe("fraction");
  expect(formatFor("profitAdjustedRoas", 3.2, "A")).toBe("ratio");
  // A name the contract does not list is a plain number, not a guess from its spelling.
  expect(formatFor("someNewFigure", 1, "A")).toBe("number");
});

test("a day the API gives as YYYY-MM-DD becomes a sheet date (a serial in no time zone)", () => {
  expect(formatFor("effectiveDate", "2026-11-25", "A")).toBe("day");
  expect(formatFor("name", "2026-11-25", "A")).toBe("text"); // a name that looks like a day stays text
  const rows = listRows(
    [{ effectiveDate: "2026-11-25" }, { effectiveDate: "soon" }],
    [{ header: "Effective date", path: "effectiveDate", format: "day" }],
  );
  // 46,351 is 2026-11-25 in Sheets and Excel (1899-12-30 is day 0).
  expect(rows).toEqual([[46351], ["soon"]]);
  expect(NUMBER_FORMATS.day).toBe("yyyy-mm-dd");
});
