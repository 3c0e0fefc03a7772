/**
 * An import's plan before its first request (issue 32): a C product list is one answer the
 * driver asks in batches of 100 ids, each batch a request, so 250 ids plan 3 requests from the
 * start (it said 1, and made 20 for 2,000 ids in the team bench); a list whose pages are not
 * known yet plans one page and says its plan is not known.
 */
import type { ImportDefinition } from "../../src/imports/definitions";
import { firstState } from "../../src/imports/plan";
import { importJob, type ImportJobState } from "../../src/sidebar/jobs/importJob";

const stateOf = (def: ImportDefinition): ImportJobState => ({
  def,
  saved: false,
  token: "t",
  opened: false,
  stage: "pages",
  state: firstState(def),
  replace: false,
  newSheetName: def.sheetName,
  edits: null,
  result: null,
});

test("a C product list plans a request per 100 ids before it starts; a cursor list does not know", () => {
  const ids = Array.from({ length: 250 }, (_, i) => `c${i}`);
  const c = importJob.left(
    stateOf({
      id: "c",
      kind: "productList",
      marketplace: "C",
      shopId: "700002",
      productIds: ids,
      sheetName: "C",
    }),
  );
  expect([c.requests, c.planned]).toEqual([3, true]);
  const a = importJob.left(
    stateOf({
      id: "a",
      kind: "allProducts",
      marketplace: "A",
      shopId: "100003",
      region: "SG",
      sheetName: "A",
    }),
  );
  // Its first page, then the count of its products (importCount.test.ts): not known yet.
  expect([a.requests, a.planned]).toEqual([2, false]);
});
