/**
 * Issue 23 (new-user run): the builder and bulk panel labelled arguments with the API's names
 * ("shopId", "itemId"), counts read "formula(s)", a B import was headed "Rt product id".
 */
import { humanize } from "../../src/core/shape";
import { CATALOG } from "../../src/functions/index";
import { paramLabel } from "../../src/functions/paramLabels";
import { matchHeaders } from "../../src/imports/bulkColumns";
import { counted } from "../../src/ui/counted";
import { importOutcome } from "../../src/ui/importOutcome";
import { bulkResultText } from "../../src/ui/bulkSection";

const names = [...new Set(CATALOG.flatMap((f) => f.params.map((p) => p.name)))];

test("every argument of the catalog has a label in words, never its API name", () => {
  const apiLike = names
    .map((n) => [n, paramLabel(n)] as const)
    .filter(([n, label]) => /[a-z][A-Z]/.test(label) || (label === n && /[A-Z]/.test(n)));
  expect(apiLike).toEqual([]);
  expect(["shopId", "sellerId", "itemId", "modelId", "skuId", "productId"].map(paramLabel)).toEqual(
    ["Shop", "Seller (shop)", "Product (item id)", "Model", "SKU", "Product (product id)"],
  );
});

test("help under an argument's label names other arguments in words, not by their API names", () => {
  // Issue 20's new-user run: "Start date (default: lookbackDays before today)" under "Sales
  // window (days)". The figure argument's help lists API field names on purpose (it accepts them).
  const camel = names.filter((n) => /[a-z][A-Z]/.test(n));
  const named = CATALOG.flatMap((f) =>
    f.params
      .filter((p) => p.name !== "field")
      .flatMap((p) =>
        camel
          .filter((n) => new RegExp(`\\b${n}\\b`).test(p.help))
          .map((n) => `${f.name} ${p.name}: ${n}`),
      ),
  );
  expect([...new Set(named)]).toEqual([]);
  expect(
    CATALOG.flatMap((f) => f.params.filter((p) => /in days in days|Days .* in days/.test(p.help))),
  ).toEqual([]);
});

test("a header written as the panel's label maps to its argument", () => {
  const params = [{ name: "itemId" }, { name: "manufacturingCogs" }, { name: "skuId" }];
  expect(matchHeaders(params, ["SKU", "Product (item id)", "Unit cost (COGS)"])).toEqual([
    "col:1",
    "col:2",
    "col:0",
  ]);
});

test("counts say one or many, never (s)", () => {
  expect([counted(1, "formula"), counted(3, "formula"), counted(1200, "row")]).toEqual([
    "1 formula",
    "3 formulas",
    "1,200 rows",
  ]);
  expect(importOutcome({ sheetName: "Top", rows: 1 } as Parameters<typeof importOutcome>[0])).toBe(
    '1 row written to "Top".',
  );
  expect(
    importOutcome({
      sheetName: "Top",
      rows: 199,
      dataFreshAt: null,
      importedAt: "2025-07-01T08:00:00.000Z",
      leftOut: { count: 1, named: ["item 7: name is 40,000 characters long"] },
    }),
  ).toBe(
    '199 rows written to "Top". Left out 1 row the API sent with a value the spec does not allow (item 7: name is 40,000 characters long): tell your API provider; the other rows are complete.',
  );
  expect(
    bulkResultText({ rows: 1, address: "Names!E1", failed: 0 } as Parameters<
      typeof bulkResultText
    >[0]),
  ).toBe("Wrote 1 row to Names!E1.");
});

test("B7's cursor copy of the product id is headed in words", () => {
  expect(humanize("rtProductId")).toBe("Product id");
});

test("a refresh's counts are grouped as the first import's are (issue 35's new user: 2100 beside 2,100)", () => {
  const refreshed = importOutcome({
    sheetName: "Top",
    rows: 2100,
    changes: { updated: 2100, appended: 1200, vanished: 0 },
  } as Parameters<typeof importOutcome>[0]);
  expect(refreshed).toMatch(/^"Top" refreshed by product: 2,100 updated in place, 1,200 new at/);
  expect(
    bulkResultText({
      rows: 3000,
      address: "Names!E1",
      failed: 0,
    } as Parameters<typeof bulkResultText>[0]),
  ).toMatch(/^Wrote 3,000 rows to Names!E1/);
});
