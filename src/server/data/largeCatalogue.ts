/**
 * A team's catalogue for the demo account (`--catalogue large`): 10,000 more products in new
 * shops, A 5,000 in two shops, B 3,000 and C 2,000, with the demo shops' kinds of names,
 * variants, a year of sales and ad spend. They are drawn from a random stream of their own,
 * after the rest of the dataset, so the demo's shops (every documented id and figure) and the
 * rival account are the same with or without them.
 */
import type { CategoryAB, CategoryC, SellerB, ShopA, ShopC } from "./model";
import { makeRng } from "./rng";
import type { Calendar } from "./sales";
import {
  genSellerB,
  genShopA,
  genShopC,
  type DemoWorld,
  type ShopSpec,
  type ShopSpecA,
  type ShopSpecB,
} from "./demoShops";

/** Which demo catalogue the server serves. */
export type Catalogue = "demo" | "large";

export const CATALOGUES: readonly Catalogue[] = ["demo", "large"];

/** Mixed into the seed so the large shops' stream never repeats the demo's. */
const STREAM = 0x1a26e;

const common = { vatRegistered: true, hostile: false, branded: true } as const;

const SHOPS_A: readonly ShopSpecA[] = [
  {
    ...common,
    id: 100003,
    region: "SG",
    name: "Demo Home SG",
    products: 3000,
    inServiceFeeProgramme: true,
    itemBase: 60_000_000,
  },
  {
    ...common,
    id: 100004,
    region: "MY",
    name: "Demo Home MY",
    products: 2000,
    vatRegistered: false,
    inServiceFeeProgramme: false,
    itemBase: 70_000_000,
  },
];

const SELLERS_B: readonly ShopSpecB[] = [
  {
    ...common,
    id: 500002,
    region: "PH",
    name: "Demo Mall PH",
    products: 3000,
    sellerType: "MALL",
    itemBase: 80_000_000,
  },
];

const SHOPS_C: readonly ShopSpec[] = [
  { ...common, id: 700002, region: "MY", name: "Demo Live MY", products: 2000, itemBase: 0 },
];

/** Products the large catalogue adds, by marketplace. */
export const LARGE_CATALOGUE_PRODUCTS = {
  A: SHOPS_A.reduce((n, s) => n + s.products, 0),
  B: SELLERS_B.reduce((n, s) => n + s.products, 0),
  C: SHOPS_C.reduce((n, s) => n + s.products, 0),
} as const;

/** The large catalogue's shops for the demo account, on the dataset's calendar. */
export function largeCatalogueShops(
  seed: number,
  cal: Calendar,
  categories: {
    readonly a: readonly CategoryAB[];
    readonly b: readonly CategoryAB[];
    readonly c: readonly CategoryC[];
  },
): { shopsA: ShopA[]; sellersB: SellerB[]; shopsC: ShopC[] } {
  const world: DemoWorld = { rng: makeRng(seed ^ STREAM), cal, scale: 1 };
  return {
    shopsA: SHOPS_A.map((spec) => genShopA(world, spec, categories.a)),
    sellersB: SELLERS_B.map((spec) => genSellerB(world, spec, categories.b)),
    shopsC: SHOPS_C.map((spec) => genShopC(world, spec, categories.c)),
  };
}
