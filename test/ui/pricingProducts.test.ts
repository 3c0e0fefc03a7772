/**
 * The pricing form's "Products" field (new user's defect: after a reload it showed 500, a
 * number the seller never typed). The default is the field's placeholder, never its value: an
 * empty field asks for the first 500, a typed number for that many, anything else is refused
 * with what is allowed.
 */
import { productsAsked } from "../../src/ui/pricingSection";

test("empty asks for the default; a number for that many; anything else names what is allowed", () => {
  expect(productsAsked("")).toEqual({ products: 500 });
  expect(productsAsked("  ")).toEqual({ products: 500 });
  expect(productsAsked("20")).toEqual({ products: 20 });
  expect(productsAsked("5000")).toEqual({ products: 5000 });
  for (const bad of ["0", "5001", "2.5", "x"])
    expect(productsAsked(bad)).toMatch(
      /^Products: a whole number from 1 to 5000 \(got .+\); leave it empty for the first 500$/,
    );
});
