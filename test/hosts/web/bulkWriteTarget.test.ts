/**
 * A bulk run takes minutes under the rate limit; the seller may click elsewhere meanwhile.
 * The answers must land beside the cells that were read, not beside the new selection.
 */
import { InPageWorkbook } from "../../../src/hosts/web/inPageWorkbook";

test("answers go beside the rows that were read even after the selection moved", async () => {
  const book = new InPageWorkbook();
  book.setValues("Sheet1", 0, 0, [
    ["cogs", "margin"],
    [10, 0.2],
    [12, 0.25],
  ]);
  book.select("Sheet1", "A1:B3");
  const read = await book.readSelection();
  book.setValues("Other", 0, 0, [["keep me"]]);
  book.select("Other", "A1"); // the seller looks at another sheet while the run queues
  const written = await book.writeBesideSelection(read, [["price"], [20], [24]]);
  expect(written.address).toBe("Sheet1!C1:C3");
  expect(book.sheet("Sheet1").cells.map((r) => r[2]?.value)).toEqual(["price", 20, 24]);
  expect(book.sheet("Other").cells.map((r) => r.map((c) => c.value))).toEqual([["keep me"]]);
});
