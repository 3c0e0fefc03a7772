/**
 * Excel refuses a formula with more arguments than its function takes; the web demo's engine
 * passes them all to the add-in, which dropped the extra ones without a word (the attack run:
 * `=FEE_CHANGE(100001,"SG",10001691,DATE(2030,1,1),"netProfit",,,,,1)` answered -7.07). The
 * cell now says so, naming the function and the count, and asks nothing.
 */
import { FEE_CHANGE } from "../../../src/functions/catalog/feeChange";
import { FormulaCells } from "../../../src/hosts/web/formulaCells";
import type { ExcelSession } from "../../../src/hosts/shared/session";

test("more arguments than the function takes: the cell names the function and the count", () => {
  let asked = 0;
  const session = new Proxy({} as ExcelSession, {
    get: () => {
      asked += 1;
      return () => Promise.reject(new Error("no request expected"));
    },
  });
  const cells = new FormulaCells({ session, recalculate: () => undefined });
  const args = [100001, "SG", 10001691, 47119, "netProfit", null, null, null, null, 1];
  const shown = cells.evaluate(FEE_CHANGE, args, "Sheet1!A1");
  expect(shown).not.toBe(7.07);
  expect(cells.messageAt("Sheet1!A1")).toMatch(/^FEE_CHANGE takes at most 9 arguments, got 10/);
  expect(cells.errorsAt("Sheet1!A1")).toEqual([[0, 0]]);
  expect(cells.runs).toBe(0);
  expect(asked).toBe(0);
});
