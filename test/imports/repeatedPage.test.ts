/**
 * An import stops when the API sends the page it sent before (it ignored the page number or
 * cursor), with the error cell lists give (core/paginate), instead of appending it again.
 */
import type { ImportDefinition } from "../../src/imports/definitions";
import { firstState, readStep } from "../../src/imports/plan";

const page = (ids: number[]) => ({
  entries: ids.map((itemId) => ({ itemId, itemName: `Item ${itemId}`, netProfit: itemId / 10 })),
  totalPages: 3,
  dataFreshAt: null,
});

test("an offset import stops on a repeated page, and walks on over new ones", () => {
  const def: ImportDefinition = {
    id: "d",
    kind: "productsByProfit",
    marketplace: "A",
    shopId: "1",
    region: "SG",
    sheetName: "P",
  };
  const one = readStep(def, firstState(def), page([1, 2]));
  const two = readStep(def, one.state, page([3, 4]));
  expect(two.state.rowsSoFar).toBe(4);
  expect(() => readStep(def, two.state, page([3, 4]))).toThrow(
    /^The API repeated a page cursor .*: import again in a while/,
  );
});
