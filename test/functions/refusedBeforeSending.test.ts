/**
 * A `field` that shares no word with any figure the contract names is refused before any
 * request, naming the argument and what it takes; headers, API names and paths pass to the
 * answer (fieldNames.test.ts checks every header the tables show over real HTTP). A C shop id
 * given as text is refused saying which form C's requests take.
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
          `^field "${bad}" names no figure: use a header the table shows \\(Net profit, Margin, Units sold\\), its API name \\(netProfit\\) or a path \\(metadata\\.x\\)$`,
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

test("a C shop id as text (C's shop list may show one, spec 2.4) is refused saying which form requests take", () => {
  const fn = functionByName("MKTC_BREAKDOWN");
  expect(() => fn?.program(["shop_7f3a", "17700001000001"]).next()).toThrow(
    /^shopId must be a whole-number id .*: C's requests take the shop's number \(spec 2\.4\); if SHOPS shows none for this shop, ask your API provider$/,
  );
  expect(fn?.program([700001, "17700001000001"]).next().done).toBe(false);
});
