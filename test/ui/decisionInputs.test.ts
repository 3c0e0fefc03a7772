/**
 * What the seller pastes or types in "Before a campaign" and "New listing on every marketplace"
 * (issue 34 items 3 and 4): SKUs copied as two or three columns from a sheet, or typed; a
 * candidate a line; each problem names the entry or line and what is allowed.
 */
import { parseSkus } from "../../src/ui/campaignSection";
import { parseCandidates } from "../../src/ui/newListingSection";

test("SKUs: pasted columns (a name after the ids), typed pairs, a product without variants", () => {
  expect(parseSkus("10000795\t100007951\tYoga mat, blue\n10000791\tnull\n")).toEqual([
    { itemId: "10000795", variantId: "100007951", name: "Yoga mat, blue" },
    { itemId: "10000791", variantId: null },
  ]);
  expect(parseSkus("1:2, 3/4; 5 6\n7")).toEqual([
    { itemId: "1", variantId: "2" },
    { itemId: "3", variantId: "4" },
    { itemId: "5", variantId: "6" },
    { itemId: "7", variantId: null },
  ]);
  expect(parseSkus("  \n")).toMatch(/^SKUs: paste the item ids/);
  expect(parseSkus("1 2 3")).toMatch(/^SKUs: entry 1 \("1 2 3"\) should be an item id/);
});

test("candidates: one a line; empty categories are marketplaces it is not listed on", () => {
  expect(parseCandidates("Yoga mat; 14; 59; 100009; ; Sports > Yoga\n")).toEqual([
    {
      name: "Yoga mat",
      cogs: 14,
      price: 59,
      categoryA: 100009,
      categoryB: null,
      categoryC: "Sports > Yoga",
    },
  ]);
  expect(parseCandidates("Mat; x; 5")).toMatch(/^Candidates: line 1: COGS must be a number/);
  expect(parseCandidates("a; 1; 2\nb; 1; 0")).toMatch(/^Candidates: line 2: planned price/);
  expect(parseCandidates("a; 1; 2; shoes")).toMatch(/category A must be a category id/);
  expect(parseCandidates("; 1; 2")).toMatch(/^Candidates: line 1 has no name/);
});
