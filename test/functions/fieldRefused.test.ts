/**
 * A `field` that shares no word with any figure the contract names is refused before any
 * request, naming the argument and what it takes; headers, API names and paths pass to the
 * answer (fieldNames.test.ts checks every header the tables show over real HTTP).
 */
import { CATALOG, functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";

const withField = CATALOG.filter((fn) => fn.params.some((p) => p.name === "field"));

test("every function with a field argument refuses a name of no figure when reading it", () => {
  expect(withField.length).toBeGreaterThan(15);
  for (const fn of withField) {
    const param = fn.params.find((p) => p.name === "field");
    for (const bad of ["vatt", "bogus", "xyz 123"])
      expect(() => param?.read(bad)).toThrow(
        new RegExp(
          `^field "${bad}" names no figure: use a row or column header as the table shows it \\(Net profit, Commission fee, Margin, Units sold\\), the API's name \\(netProfit\\) or a path`,
        ),
      );
    for (const good of ["Net profit", "netProfit", "VAT (per unit)", "metadata.anything", "ROAS"])
      expect(param?.read(good)).toBe(good);
  }
});

test("the refusal comes before the first request: the program yields no effect", () => {
  const fn = functionByName("MKTB_BREAKDOWN");
  const program = fn?.program([500001, "MY", 40000001, null, "vatt"], DEFAULT_BASIS);
  expect(() => program?.next()).toThrow(/^field "vatt" names no figure/);
  const asked = fn?.program([500001, "MY", 40000001, null, "VAT"], DEFAULT_BASIS).next();
  expect(asked?.done).toBe(false); // a request is asked for
});
