/** An import column's number format is judged by its field name: counts are whole numbers, money is not. */
import { formatFor } from "../../src/imports/table";

test("a seller discount is money, not a count ('discount' ends in 'count')", () => {
  expect(formatFor("sellerDiscount", -1.3, "A")).toBe("money");
  expect(formatFor("metadata.sellerDiscount", -1.3, "A")).toBe("money");
});

test("counts, ids and ranks are whole numbers", () => {
  for (const name of ["orderCount", "count", "counts", "itemId", "rank", "unitsSold"])
    expect({ name, format: formatFor(name, 3, "A") }).toEqual({ name, format: "integer" });
});
