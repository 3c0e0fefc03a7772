/**
 * The deterministic demo dataset: same (seed, scale, today) -> identical data, no clock and no
 * Math.random. Accounts "demo" and "rival" (for isolation tests). A year of orders ending the
 * day before `today`, with seasonality (payday, 9.9, 10.10, 11.11, 12.12), cancellations
 * including chain re-buys (a cancelled order followed within 24 h by an order of the same
 * item by the same buyer, sometimes repeated), returns, vouchers and daily ad spend.
 */
import { addDays } from "../analytics/periods";
import type { CategoryAB, CategoryC, DemoAccount, DemoData } from "./model";
import { makeRng } from "./rng";
import { rateTable, seasonality, type Calendar } from "./sales";
import { genShopA, genSellerB, genShopC, type DemoWorld } from "./demoShops";
import { largeCatalogueShops, type Catalogue } from "./largeCatalogue";

export interface GenerateOptions {
  readonly seed: number;
  /** Multiplies products (and so orders). 1 = the demo size. */
  readonly scale: number;
  /** YYYY-MM-DD. */
  readonly today: string;
  /**
   * Test data only: give the first products of the demo shops formula-looking, very long and
   * otherwise hostile names (HOSTILE_NAMES). Off for `npm start`; numbers are the same either way.
   */
  readonly hostileNames?: boolean;
  /**
   * "large" adds a team's catalogue to the demo account: 10,000 more products in new shops
   * (largeCatalogue.ts). The demo's own shops and the rival account stay exactly as they are.
   * Default "demo".
   */
  readonly catalogue?: Catalogue;
}

/** Days between today and the scheduled commission change. */
const SCHEDULED_CHANGE_IN_DAYS = 30;

const cache = new Map<string, DemoData>();

/** The demo dataset for (seed, scale, today); memoized within the process. */
export function generateDemoData(options: GenerateOptions): DemoData {
  const key = [
    options.seed,
    options.scale,
    options.today,
    options.hostileNames === true,
    options.catalogue ?? "demo",
  ].join("|");
  let data = cache.get(key);
  if (!data) {
    data = build(options);
    cache.set(key, data);
  }
  return data;
}

// ---------------------------------------------------------------- categories

const A_CATEGORY_NAMES = [
  "Mobile & Gadgets",
  "Health & Beauty",
  "Home & Living",
  "Women's Apparel",
  "Men's Apparel",
  "Computers & Accessories",
  "Food & Beverages",
  "Baby & Kids",
  "Sports & Outdoors",
  "Pet Care",
  "Automotive",
  "Books & Stationery",
];
const B_CATEGORY_NAMES = [
  "Electronics",
  "Beauty",
  "Home Appliances",
  "Fashion",
  "Groceries",
  "Toys & Games",
  "Sports",
  "Health",
  "Stationery",
  "Pets",
];
const C_CATEGORY_PATHS: readonly (readonly [string, string, string])[] = [
  ["Beauty & Personal Care", "Skincare", "Serums"],
  ["Beauty & Personal Care", "Skincare", "Sunscreen"],
  ["Beauty & Personal Care", "Makeup", "Lipstick"],
  ["Home Supplies", "Kitchen", "Cookware"],
  ["Home Supplies", "Storage", "Boxes"],
  ["Phones & Electronics", "Accessories", "Phone Cases"],
  ["Phones & Electronics", "Audio", "Earphones"],
  ["Womenswear", "Tops", "T-Shirts"],
  ["Food & Beverages", "Snacks", "Chips"],
  ["Sports & Outdoor", "Fitness", "Yoga Mats"],
];
const BASE_RATE: Readonly<Record<string, number>> = {
  SG: 0.06,
  MY: 0.07,
  TH: 0.065,
  PH: 0.06,
  VN: 0.08,
  ID: 0.065,
};

function build({
  seed,
  scale,
  today,
  hostileNames = false,
  catalogue = "demo",
}: GenerateOptions): DemoData {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  const s = Math.max(0.01, scale);
  const count = (n: number): number => Math.max(12, Math.round(n * s));
  const rng = makeRng(seed);
  const ordersFrom = addDays(today, -365);
  const scheduled = addDays(today, SCHEDULED_CHANGE_IN_DAYS);
  const days: string[] = [];
  for (let i = 0; i < 365; i++) days.push(addDays(ordersFrom, i));
  const cal: Calendar = { days, cum: seasonality(days), today };
  const world: DemoWorld = { rng, cal, scale: s };

  const categoriesA: CategoryAB[] = A_CATEGORY_NAMES.map((name, i) => ({
    categoryId: 100001 + i,
    name,
    commissionRates: rateTable(rng, i, (r) => BASE_RATE[r] ?? 0.06, ordersFrom, scheduled),
  }));
  const categoriesB: CategoryAB[] = B_CATEGORY_NAMES.map((name, i) => ({
    categoryId: 200001 + i,
    name,
    commissionRates: rateTable(rng, i, (r) => (BASE_RATE[r] ?? 0.06) + 0.02, ordersFrom, scheduled),
  }));
  const categoriesC: CategoryC[] = C_CATEGORY_PATHS.map(([l1, l2, l3], i) => ({
    l1,
    l2,
    l3,
    commissionRates: rateTable(rng, i, () => 0.075, ordersFrom, scheduled),
  }));

  const demo: DemoAccount = {
    id: "demo",
    name: "Demo Seller",
    shopsA: [
      genShopA(
        world,
        {
          id: 100001,
          region: "SG",
          name: "Demo Living SG",
          products: count(2100),
          vatRegistered: true,
          inServiceFeeProgramme: true,
          hostile: true,
          hostileNames,
          itemBase: 10_000_000,
        },
        categoriesA,
      ),
      genShopA(
        world,
        {
          id: 100002,
          region: "TH",
          name: "Demo Living TH",
          products: count(300),
          vatRegistered: false,
          inServiceFeeProgramme: false,
          hostile: false,
          itemBase: 20_000_000,
        },
        categoriesA,
      ),
    ],
    sellersB: [
      genSellerB(
        world,
        {
          id: 500001,
          region: "MY",
          name: "Demo Store MY",
          products: count(200),
          vatRegistered: true,
          sellerType: "REGULAR",
          hostile: true,
          hostileNames,
          itemBase: 40_000_000,
        },
        categoriesB,
      ),
    ],
    shopsC: [
      genShopC(
        world,
        {
          id: 700001,
          region: "TH",
          name: "Demo Live TH",
          products: count(150),
          vatRegistered: true,
          hostile: true,
          hostileNames,
          itemBase: 0,
        },
        categoriesC,
      ),
    ],
  };
  const rival: DemoAccount = {
    id: "rival",
    name: "Rival Seller",
    shopsA: [
      genShopA(
        world,
        {
          id: 200001,
          region: "SG",
          name: "Rival Goods SG",
          products: count(60),
          vatRegistered: false,
          inServiceFeeProgramme: true,
          hostile: false,
          itemBase: 30_000_000,
        },
        categoriesA,
      ),
    ],
    sellersB: [
      genSellerB(
        world,
        {
          id: 600001,
          region: "MY",
          name: "Rival Mall MY",
          products: count(60),
          vatRegistered: false,
          sellerType: "MALL",
          hostile: false,
          itemBase: 50_000_000,
        },
        categoriesB,
      ),
    ],
    shopsC: [
      genShopC(
        world,
        {
          id: 800001,
          region: "TH",
          name: "Rival Live TH",
          products: count(60),
          vatRegistered: false,
          hostile: false,
          itemBase: 0,
        },
        categoriesC,
      ),
    ],
  };
  // Drawn after everything else, from a stream of their own: the demo's shops and the rival's
  // are the same numbers with and without them.
  const large =
    catalogue === "large"
      ? largeCatalogueShops(seed, cal, { a: categoriesA, b: categoriesB, c: categoriesC })
      : null;
  return {
    seed,
    scale: s,
    today,
    catalogue,
    ordersFrom,
    scheduledRateChangeDate: scheduled,
    categoriesA,
    categoriesB,
    categoriesC,
    accounts: [
      large === null
        ? demo
        : {
            ...demo,
            shopsA: [...demo.shopsA, ...large.shopsA],
            sellersB: [...demo.sellersB, ...large.sellersB],
            shopsC: [...demo.shopsC, ...large.shopsC],
          },
      rival,
    ],
  };
}
