/**
 * The deterministic demo dataset: same (seed, scale, today) -> identical data, no clock and no
 * Math.random. Accounts "demo" and "rival" (for isolation tests). A year of orders ending the
 * day before `today`, with seasonality (payday, 9.9, 10.10, 11.11, 12.12), cancellations
 * including chain re-buys (a cancelled order followed within 24 h by an order of the same
 * item by the same buyer, sometimes repeated), returns, vouchers and daily ad spend.
 */
import { addDays } from "../analytics/periods";
import { currencyOf } from "../analytics/money";
import type {
  AdSpendDay,
  CategoryAB,
  CategoryC,
  DemoAccount,
  DemoData,
  EffectiveRate,
  OrderA,
  OrderB,
  OrderBase,
  OrderC,
  OrderChannel,
  OrderStatus,
  ProductA,
  ProductB,
  ProductC,
  SellerB,
  SellerTypeB,
  ShopA,
  ShopC,
} from "./model";
import {
  FIXED_NAME_SLOTS,
  HOSTILE_NAMES,
  fixedProductName,
  productName,
  variantName,
} from "./names";
import { makeRng, type Rng } from "./rng";

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
}

/** Chain re-buy window used when generating (and by the ROAS dedup): 24 hours. */
export const CHAIN_WINDOW_SECONDS = 24 * 3600;

/** Days between today and the scheduled commission change. */
const SCHEDULED_CHANGE_IN_DAYS = 30;

const cache = new Map<string, DemoData>();

/** The demo dataset for (seed, scale, today); memoized within the process. */
export function generateDemoData(options: GenerateOptions): DemoData {
  const key = `${options.seed}|${options.scale}|${options.today}|${options.hostileNames === true}`;
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
const REGIONS = ["SG", "MY", "TH", "PH", "VN", "ID"];
const BASE_RATE: Readonly<Record<string, number>> = {
  SG: 0.06,
  MY: 0.07,
  TH: 0.065,
  PH: 0.06,
  VN: 0.08,
  ID: 0.065,
};

const round4 = (x: number): number => Math.round(x * 10000) / 10000;

/**
 * Rates: an opening rate, a past change inside the order year for every other category, and a
 * scheduled change (`scheduled`, after today) for the categories where `i % 3 !== 2`.
 */
function rateTable(
  rng: Rng,
  i: number,
  base: (region: string) => number,
  ordersFrom: string,
  scheduled: string,
): EffectiveRate[] {
  const rates: EffectiveRate[] = [];
  for (const region of REGIONS) {
    let rate = round4(base(region) + rng.int(-15, 30) / 1000);
    rates.push({ region, effectiveFrom: "2020-01-01", rate });
    if (i % 2 === 0) {
      rate = round4(rate + 0.005);
      rates.push({ region, effectiveFrom: addDays(ordersFrom, 150), rate });
    }
    if (i % 3 !== 2) {
      rates.push({ region, effectiveFrom: scheduled, rate: round4(rate + rng.int(5, 20) / 1000) });
    }
  }
  return rates;
}

// ---------------------------------------------------------------- seasonality

/**
 * Cumulative day weights over the order year, for sampling order dates: a mild yearly cycle
 * peaking in mid-November (the 11.11 / 12.12 season), growth of about 40 % over the year (a
 * shop that sells today sells more than a year ago, so the latest 30 days are not a trough),
 * and the sale days (payday, double-digit days).
 */
function seasonality(days: readonly string[]): number[] {
  const cum: number[] = [];
  let total = 0;
  days.forEach((day, i) => {
    const md = day.slice(5);
    const dayOfYear = (dateToMs(day) - dateToMs(`${day.slice(0, 4)}-01-01`)) / 86_400_000;
    const cycle = 1 + 0.15 * Math.cos((2 * Math.PI * (dayOfYear - PEAK_DAY_OF_YEAR)) / 365);
    const growth = 0.85 + (0.35 * i) / days.length;
    let w = cycle * growth;
    if (md === "11-11") w *= 4;
    else if (md === "12-12") w *= 3;
    else if (md === "09-09" || md === "10-10") w *= 2.5;
    else if (md === "06-06" || md === "07-07" || md === "08-08") w *= 1.8;
    if (day.slice(8) === "25") w *= 1.3;
    total += w;
    cum.push(total);
  });
  return cum;
}

/** Mid-November, 0-based day of the year. */
const PEAK_DAY_OF_YEAR = 318;

function sampleIndex(cum: readonly number[], rng: Rng): number {
  const total = cum[cum.length - 1] ?? 0;
  const x = rng.float() * total;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---------------------------------------------------------------- orders (marketplace-neutral)

interface Calendar {
  readonly days: readonly string[];
  readonly cum: readonly number[];
  readonly today: string;
}

/** What the order generator needs to know about a product. */
interface SellableProduct {
  readonly variants: readonly { readonly listPrice: number; readonly discount: number }[];
  /** Expected orders in the year. */
  readonly lambda: number;
  readonly advertised: boolean;
}

interface RawOrder {
  readonly product: number;
  readonly variant: number;
  readonly seconds: number;
  readonly fields: Omit<OrderBase, "orderId" | "date" | "placedAt">;
}

interface RegionShipping {
  readonly min: number;
  readonly max: number;
}
const SHIPPING: Readonly<Record<string, RegionShipping>> = {
  SG: { min: 199, max: 499 },
  MY: { min: 490, max: 990 },
  TH: { min: 2500, max: 5000 },
  PH: { min: 3900, max: 9900 },
  VN: { min: 15000, max: 35000 },
  ID: { min: 9000, max: 25000 },
};

function roundPrice(x: number, digits: number): number {
  // Prices end in ...90 (2-digit currencies) or ...000 (0-digit), like real listings.
  const step = digits === 2 ? 10 : 1000;
  return Math.max(step * 5, Math.round(x / step) * step - (digits === 2 ? 10 : 0));
}

function generateOrders(
  rng: Rng,
  products: readonly SellableProduct[],
  region: string,
  buyerPool: number,
  cal: Calendar,
  demand: number,
): RawOrder[] {
  const ship = SHIPPING[region] ?? { min: 0, max: 0 };
  const todayStart = dateToMs(cal.today) / 1000;
  const out: RawOrder[] = [];
  products.forEach((p, pi) => {
    const n = Math.floor(p.lambda * demand + rng.float());
    for (let k = 0; k < n; k++) {
      const vi = rng.int(0, p.variants.length - 1);
      const v = p.variants[vi];
      if (!v) continue;
      const day = cal.days[sampleIndex(cal.cum, rng)] ?? cal.today;
      const seconds = dateToMs(day) / 1000 + rng.int(0, 86399);
      const oldPrice = rng.chance(0.2);
      const unitListPrice = oldPrice
        ? Math.round((v.listPrice * rng.int(90, 110)) / 1000) * 10
        : v.listPrice;
      const sellerDiscount = Math.min(v.discount, Math.floor(unitListPrice / 2));
      const sellerVoucher = rng.chance(0.2)
        ? Math.round((unitListPrice * rng.int(3, 10)) / 100)
        : 0;
      const platformDiscount = rng.chance(0.15)
        ? Math.round((unitListPrice * rng.int(3, 10)) / 100)
        : 0;
      let channel: OrderChannel = "organic";
      const c = rng.float();
      if (p.advertised && c < 0.4) channel = "ads";
      else if (c > 0.93) channel = "affiliate";
      const cancelP = channel === "ads" ? 0.12 : 0.07;
      const s = rng.float();
      const status: OrderStatus =
        s < cancelP ? "cancelled" : s < cancelP + 0.04 ? "returned" : "completed";
      const q = rng.float();
      const fields = {
        buyerId: rng.int(1, buyerPool),
        quantity: q < 0.8 ? 1 : q < 0.95 ? 2 : 3,
        unitListPrice,
        sellerDiscount,
        sellerVoucher: Math.min(sellerVoucher, unitListPrice - sellerDiscount - 1),
        platformDiscount,
        buyerShipping: rng.chance(0.5) ? 0 : rng.int(ship.min, ship.max),
        status,
        channel,
        attributedToAds: channel === "ads",
      };
      out.push({ product: pi, variant: vi, seconds, fields });
      // Chain re-buys: the buyer cancels and orders the same item again within 24 h.
      if (status === "cancelled" && rng.chance(0.45)) {
        let at = seconds;
        for (let link = 0; link < 4; link++) {
          at += rng.int(300, CHAIN_WINDOW_SECONDS - 3600);
          if (at >= todayStart) break;
          const again = rng.chance(0.3) && link < 3;
          out.push({
            product: pi,
            variant: vi,
            seconds: at,
            fields: { ...fields, status: again ? "cancelled" : "completed" },
          });
          if (!again) break;
        }
      }
    }
  });
  out.sort((a, b) => a.seconds - b.seconds || a.product - b.product || a.variant - b.variant);
  return out;
}

function stamp(seconds: number): { date: string; placedAt: string } {
  const iso = new Date(seconds * 1000).toISOString();
  return { date: iso.slice(0, 10), placedAt: `${iso.slice(0, 19)}Z` };
}

/** Daily ad spend of advertised products, sized to a per-product target GMV ROAS. */
function generateAdSpend<K>(
  rng: Rng,
  products: readonly SellableProduct[],
  keys: readonly K[],
  orders: readonly RawOrder[],
  cal: Calendar,
): AdSpendDay<K>[] {
  const adsGmv = new Map<number, number>();
  for (const o of orders) {
    if (!o.fields.attributedToAds) continue;
    const gmv = (o.fields.unitListPrice - o.fields.sellerDiscount) * o.fields.quantity;
    adsGmv.set(o.product, (adsGmv.get(o.product) ?? 0) + gmv);
  }
  const rows: AdSpendDay<K>[] = [];
  products.forEach((p, pi) => {
    const key = keys[pi];
    if (!p.advertised || key === undefined) return;
    // Campaigns run in weekly blocks; some products run ads that sell nothing.
    const active = cal.days
      .map((_, i) => i)
      .filter((i) => Math.floor(i / 7) % 3 !== 2 || rng.chance(0.2));
    const price = p.variants[0]?.listPrice ?? 100;
    const total = adsGmv.get(pi) ?? 0;
    const targetRoas = 1.5 + rng.float() * 8;
    const daily = total > 0 ? total / targetRoas / active.length : price * 0.05;
    for (const i of active) {
      const spend = Math.max(1, Math.round(daily * (0.6 + rng.float() * 0.8)));
      rows.push({ date: cal.days[i] ?? cal.today, product: key, spend });
    }
  });
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return rows;
}

// ---------------------------------------------------------------- products

interface BaseProduct extends SellableProduct {
  readonly name: string;
  readonly variantCount: number;
  readonly prices: readonly number[];
  readonly discounts: readonly number[];
  readonly cogs: readonly (number | null)[];
  readonly stocks: readonly number[];
}

const MEDIAN_PRICE: Readonly<Record<string, number>> = {
  SG: 2500,
  MY: 4900,
  TH: 39900,
  PH: 59900,
  VN: 250000,
  ID: 150000,
};

function baseProducts(rng: Rng, spec: ShopSpec, singleShare: number): BaseProduct[] {
  const { products: n, region } = spec;
  const names: NameSlots = { fixedSlots: spec.hostile, hostile: spec.hostileNames === true };
  const digits = currencyOf(region).decimals;
  const median = MEDIAN_PRICE[region] ?? 1000;
  const out: BaseProduct[] = [];
  for (let i = 0; i < n; i++) {
    const fixed = names.fixedSlots && i < FIXED_NAME_SLOTS;
    const drawn = fixed ? fixedProductName(i) : productName(rng);
    const name = names.fixedSlots && names.hostile ? (HOSTILE_NAMES[i] ?? drawn) : drawn;
    const variantCount = rng.chance(singleShare) ? 1 : rng.int(2, 5);
    const base = median * Math.exp(rng.normal() * 0.8);
    const cogsRatio = 0.25 + rng.float() * 0.4;
    const prices: number[] = [];
    const discounts: number[] = [];
    const cogs: (number | null)[] = [];
    const stocks: number[] = [];
    for (let k = 0; k < variantCount; k++) {
      const price = roundPrice(base * (1 + 0.08 * k), digits);
      prices.push(price);
      discounts.push(rng.chance(0.3) ? Math.round((price * rng.int(5, 20)) / 100) : 0);
      cogs.push(
        rng.chance(0.12) ? null : Math.round(price * cogsRatio * (0.95 + rng.float() * 0.1)),
      );
      stocks.push(rng.int(0, 500));
    }
    // The fixed slots sell steadily, so their (once hostile) names show up in every ranking.
    const lambda = fixed ? 6 + rng.int(0, 6) : Math.exp(rng.normal() * 1.1 + 0.9);
    const advertised = rng.chance(0.06) || (lambda > 12 && rng.chance(0.5));
    out.push({
      name,
      variantCount,
      prices,
      discounts,
      cogs,
      stocks,
      lambda: advertised ? lambda * 1.5 + 4 : lambda,
      advertised,
      variants: prices.map((listPrice, k) => ({ listPrice, discount: discounts[k] ?? 0 })),
    });
  }
  return out;
}

interface ShopSpec {
  readonly id: number;
  readonly region: string;
  readonly name: string;
  readonly products: number;
  readonly vatRegistered: boolean;
  /** The shop's first items are the name slots that carry HOSTILE_NAMES in test data. */
  readonly hostile: boolean;
  /** Test data: give those slots HOSTILE_NAMES. */
  readonly hostileNames?: boolean;
  readonly itemBase: number;
}

/** Which names a shop's first products get: see FIXED_NAME_SLOTS and GenerateOptions. */
interface NameSlots {
  readonly fixedSlots: boolean;
  readonly hostile: boolean;
}

/** Orders per product-year relative to marketplace A's shops (B and C sellers move more units
 * per listing: fewer, busier listings, campaign and live-selling traffic). */
const DEMAND: Readonly<Record<"A" | "B" | "C", number>> = { A: 1, B: 4, C: 4 };

/** What every generated shop has besides its products: identity, orders and ad spend. */
interface ShopSales<O, K> {
  readonly region: string;
  readonly name: string;
  readonly currency: string;
  readonly vatRegistered: boolean;
  readonly dataFreshAt: string;
  readonly orders: O[];
  readonly adSpend: AdSpendDay<K>[];
}

/**
 * A year of orders and ad spend for a shop's products. Order ids are `${prefix}${id}-0000001`
 * in time order; `toOrder` adds the marketplace's ids (and may draw from rng, in order).
 */
function shopSales<O extends OrderBase, K>(
  rng: Rng,
  marketplace: "A" | "B" | "C",
  spec: ShopSpec,
  base: readonly SellableProduct[],
  keys: readonly K[],
  cal: Calendar,
  buyerPool: number,
  toOrder: (raw: RawOrder, common: OrderBase) => O,
): ShopSales<O, K> {
  const raw = generateOrders(rng, base, spec.region, buyerPool, cal, DEMAND[marketplace]);
  const orders = raw.map((o, n) =>
    toOrder(o, {
      orderId: `${marketplace}${spec.id}-${String(n + 1).padStart(7, "0")}`,
      ...stamp(o.seconds),
      ...o.fields,
    }),
  );
  return {
    region: spec.region,
    name: spec.name,
    currency: currencyOf(spec.region).code,
    vatRegistered: spec.vatRegistered,
    dataFreshAt: `${cal.today}T02:00:00Z`,
    orders,
    adSpend: generateAdSpend(rng, base, keys, raw, cal),
  };
}

function genShopA(
  rng: Rng,
  spec: ShopSpec & { inServiceFeeProgramme: boolean },
  cats: readonly CategoryAB[],
  cal: Calendar,
  scale: number,
): ShopA {
  const base = baseProducts(rng, spec, 0.35);
  const products: ProductA[] = base.map((b, i) => {
    const itemId = spec.itemBase + i + 1;
    const single = b.variantCount === 1;
    return {
      itemId,
      name: b.name,
      categoryId: rng.pick(cats).categoryId,
      models: b.prices.map((listPrice, k) => ({
        modelId: single ? null : itemId * 10 + k + 1,
        name: single ? "Default" : variantName(k),
        listPrice,
        sellerDiscount: b.discounts[k] ?? 0,
        cogs: b.cogs[k] ?? null,
        stock: b.stocks[k] ?? 0,
      })),
    };
  });
  const sales = shopSales(
    rng,
    "A",
    spec,
    base,
    products.map((p) => p.itemId),
    cal,
    30000 * scale,
    (o, common): OrderA => {
      const p = products[o.product];
      return { ...common, itemId: p?.itemId ?? 0, modelId: p?.models[o.variant]?.modelId ?? null };
    },
  );
  return {
    shopId: spec.id,
    ...sales,
    inServiceFeeProgramme: spec.inServiceFeeProgramme,
    products,
  };
}

function genSellerB(
  rng: Rng,
  spec: ShopSpec & { sellerType: SellerTypeB },
  cats: readonly CategoryAB[],
  cal: Calendar,
  scale: number,
): SellerB {
  const base = baseProducts(rng, spec, 0.3);
  const products: ProductB[] = base.map((b, i) => {
    const itemId = spec.itemBase + i + 1;
    return {
      itemId,
      name: b.name,
      categoryId: rng.pick(cats).categoryId,
      isInFreeShipping: rng.chance(0.6),
      skus: b.prices.map((listPrice, k) => ({
        skuId: itemId * 10 + k + 1,
        sellerSku: `SKU-${itemId}-${k + 1}`,
        name: variantName(k),
        listPrice,
        specialPriceDiscount: b.discounts[k] ?? 0,
        cogs: b.cogs[k] ?? null,
        stock: b.stocks[k] ?? 0,
      })),
    };
  });
  const sales = shopSales(
    rng,
    "B",
    spec,
    base,
    products.map((p) => p.itemId),
    cal,
    20000 * scale,
    (o, common): OrderB => {
      const p = products[o.product];
      const coin = rng.chance(0.2) ? Math.round((common.unitListPrice * rng.int(1, 3)) / 100) : 0;
      return {
        ...common,
        itemId: p?.itemId ?? 0,
        skuId: p?.skus[o.variant]?.skuId ?? 0,
        coinDeduction: coin,
      };
    },
  );
  return { sellerId: spec.id, ...sales, sellerType: spec.sellerType, products };
}

function genShopC(
  rng: Rng,
  spec: ShopSpec,
  cats: readonly CategoryC[],
  cal: Calendar,
  scale: number,
): ShopC {
  const base = baseProducts(rng, spec, 0.3);
  const products: ProductC[] = base.map((b, i) => {
    const productId = `17${spec.id}${String(spec.itemBase + i + 1).padStart(6, "0")}`;
    const cat = rng.pick(cats);
    return {
      productId,
      name: b.name,
      categoryL1: cat.l1,
      categoryL2: cat.l2,
      categoryL3: cat.l3,
      isPreOrder: rng.chance(0.1),
      isOwnFleetOnly: rng.chance(0.15),
      skus: b.prices.map((listPrice, k) => ({
        skuId: `${productId}${String(k + 1).padStart(2, "0")}`,
        name: variantName(k),
        listPrice,
        sellerDiscount: b.discounts[k] ?? 0,
        cogs: b.cogs[k] ?? null,
        stock: b.stocks[k] ?? 0,
      })),
    };
  });
  const sales = shopSales(
    rng,
    "C",
    spec,
    base,
    products.map((p) => p.productId),
    cal,
    20000 * scale,
    (o, common): OrderC => {
      const p = products[o.product];
      return {
        ...common,
        productId: p?.productId ?? "",
        skuId: p?.skus[o.variant]?.skuId ?? "",
      };
    },
  );
  return { shopId: spec.id, ...sales, products };
}

// ---------------------------------------------------------------- the whole dataset

function build({ seed, scale, today, hostileNames = false }: GenerateOptions): DemoData {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  const s = Math.max(0.01, scale);
  const count = (n: number): number => Math.max(12, Math.round(n * s));
  const rng = makeRng(seed);
  const ordersFrom = addDays(today, -365);
  const scheduled = addDays(today, SCHEDULED_CHANGE_IN_DAYS);
  const days: string[] = [];
  for (let i = 0; i < 365; i++) days.push(addDays(ordersFrom, i));
  const cal: Calendar = { days, cum: seasonality(days), today };

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
        rng,
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
        cal,
        s,
      ),
      genShopA(
        rng,
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
        cal,
        s,
      ),
    ],
    sellersB: [
      genSellerB(
        rng,
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
        cal,
        s,
      ),
    ],
    shopsC: [
      genShopC(
        rng,
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
        cal,
        s,
      ),
    ],
  };
  const rival: DemoAccount = {
    id: "rival",
    name: "Rival Seller",
    shopsA: [
      genShopA(
        rng,
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
        cal,
        s,
      ),
    ],
    sellersB: [
      genSellerB(
        rng,
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
        cal,
        s,
      ),
    ],
    shopsC: [
      genShopC(
        rng,
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
        cal,
        s,
      ),
    ],
  };
  return {
    seed,
    scale: s,
    today,
    ordersFrom,
    scheduledRateChangeDate: scheduled,
    categoriesA,
    categoriesB,
    categoriesC,
    accounts: [demo, rival],
  };
}

function dateToMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
