/**
 * The demo dataset's shops: products with names and prices, and each marketplace's shop or
 * seller with its sales (split from generate.ts, which assembles the accounts).
 */
import { currencyOf } from "../analytics/money";
import type {
  CategoryAB,
  CategoryC,
  OrderA,
  OrderB,
  OrderBase,
  OrderC,
  ProductA,
  ProductB,
  ProductC,
  SellerB,
  SellerTypeB,
  ShopA,
  ShopBase,
  ShopC,
} from "./model";
import {
  FIXED_NAME_SLOTS,
  HOSTILE_NAMES,
  fixedProductName,
  productName,
  variantName,
} from "./names";
import { type Rng } from "./rng";
import {
  Calendar,
  SellableProduct,
  RawOrder,
  roundPrice,
  generateOrders,
  stamp,
  generateAdSpend,
} from "./sales";

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
type ShopSales<O, K> = Omit<ShopBase<never, O, K>, "products">;

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

export function genShopA(
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

export function genSellerB(
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

export function genShopC(
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
