/** An import column's number format is judged by its field name: counts are whole numbers, money is not. */
import { NUMBER_FORMATS, formatFor, listRows } from "../../src/imports/table";

test("a seller discount is money, not a count ('discount' ends in 'count')", () => {
  expect(formatFor("sellerDiscount", -1.3, "A")).toBe("money");
  expect(formatFor("metadata.sellerDiscount", -1.3, "A")).toBe("money");
});

test("counts, ids and ranks are whole numbers", () => {
  for (const name of ["orderCount", "count", "counts", "itemId", "rank", "unitsSold"])
    expect({ name, format: formatFor(name, 3, "A") }).toEqual({ name, format: "integer" });
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
