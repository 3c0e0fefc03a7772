import { functionByName } from "../../src/functions";
import type { ShopRef } from "../../src/ui/bridge";
import { shopsForFunction } from "../../src/ui/builderShops";

const shop = (marketplace: "A" | "B" | "C", id: string): ShopRef => ({
  marketplace,
  id,
  region: "SG",
  name: id,
  typed: false,
});
const SHOPS = [shop("A", "100001"), shop("B", "500001"), shop("C", "700001")];

test("the builder offers only shops of the function's marketplace", () => {
  const fn = (n: string) => {
    const f = functionByName(n);
    if (!f) throw new Error(n);
    return f;
  };
  expect(shopsForFunction(fn("MKTA_ITEM"), [], SHOPS).map((s) => s.id)).toEqual(["100001"]);
  expect(shopsForFunction(fn("MKTB_ITEM"), [], SHOPS).map((s) => s.id)).toEqual(["500001"]);
  expect(shopsForFunction(fn("REQUIRED_PRICE"), ["c"], SHOPS).map((s) => s.id)).toEqual(["700001"]);
  expect(shopsForFunction(fn("REQUIRED_PRICE"), [], SHOPS)).toHaveLength(3);
});
