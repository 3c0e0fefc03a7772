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
  brandedProductName,
  fixedProductName,
  productName,
  variantName,
} from "./names";
import { type Rng } from "./rng";
import {
  Calendar,
  SellableProduct,
  roundPrice,
  generateOrders,
  stamp,
  generateAdSpend,
} from "./sales";

/** A variant before a marketplace names it: price, the seller's discount, COGS and stock. */
interface BaseVariant {
  readonly listPrice: number;
  readonly discount: number;
  readonly cogs: number | null;
  readonly stock: number;
}

interface BaseProduct extends SellableProduct {
  readonly name: string;
  readonly variants: readonly BaseVariant[];
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
    const drawn = fixed
      ? fixedProductName(i)
      : spec.branded === true
        ? brandedProductName(rng)
        : productName(rng);
    const name = names.fixedSlots && names.hostile ? (HOSTILE_NAMES[i] ?? drawn) : drawn;
    const variantCount = rng.chance(singleShare) ? 1 : rng.int(2, 5);
    const base = median * Math.exp(rng.normal() * 0.8);
    const cogsRatio = 0.25 + rng.float() * 0.4;
    const variants: BaseVariant[] = [];
    for (let k = 0; k < variantCount; k++) {
      const listPrice = roundPrice(base * (1 + 0.08 * k), digits);
      const discount = rng.chance(0.3) ? Math.round((listPrice * rng.int(5, 20)) / 100) : 0;
      const cogs = rng.chance(0.12)
        ? null
        : Math.round(listPrice * cogsRatio * (0.95 + rng.float() * 0.1));
      variants.push({ listPrice, discount, cogs, stock: rng.int(0, 500) });
    }
    // The fixed slots sell steadily, so their (once hostile) names show up in every ranking.
    const lambda = fixed ? 6 + rng.int(0, 6) : Math.exp(rng.normal() * 1.1 + 0.9);
    const advertised = rng.chance(0.06) || (lambda > 12 && rng.chance(0.5));
    out.push({ name, variants, lambda: advertised ? lambda * 1.5 + 4 : lambda, advertised });
  }
  return out;
}

export interface ShopSpec {
  readonly id: number;
  readonly region: string;
  readonly name: string;
  readonly products: number;
  readonly vatRegistered: boolean;
  /** The shop's first items are the name slots that carry HOSTILE_NAMES in test data. */
  readonly hostile: boolean;
  /** Test data: give those slots HOSTILE_NAMES. */
  readonly hostileNames?: boolean;
  /** Names lead with a house brand (large shops: more distinct names). */
  readonly branded?: boolean;
  readonly itemBase: number;
}

/** Which names a shop's first products get: see FIXED_NAME_SLOTS and GenerateOptions. */
interface NameSlots {
  readonly fixedSlots: boolean;
  readonly hostile: boolean;
}

/** How each marketplace's demo shops differ: the share of single-variant products, the buyer
 * pool (times the scale) and orders per product-year relative to marketplace A's shops (B and
 * C sellers move more units per listing: fewer, busier listings, campaign and live-selling
 * traffic). */
const KINDS: Readonly<
  Record<"A" | "B" | "C", { singleShare: number; buyers: number; demand: number }>
> = {
  A: { singleShare: 0.35, buyers: 30000, demand: 1 },
  B: { singleShare: 0.3, buyers: 20000, demand: 4 },
  C: { singleShare: 0.3, buyers: 20000, demand: 4 },
};

/** How a marketplace makes its products, names them, and ids its orders. */
interface ShopMaker<P, O, K> {
  /** The i-th product from its base (may draw from rng, in product order). */
  readonly product: (b: BaseProduct, i: number) => P;
  readonly key: (p: P) => K;
  /** An order of the product's variant with the marketplace's ids (may draw from rng too). */
  readonly order: (common: OrderBase, product: P | undefined, variant: number) => O;
}

/** What every generated shop draws on: the dataset's random stream, calendar and scale. */
export interface DemoWorld {
  readonly rng: Rng;
  readonly cal: Calendar;
  readonly scale: number;
}

/**
 * A shop: its products, a year of orders and ad spend. Order ids are `${kind}${id}-0000001`
 * in time order.
 */
function shopOf<P, O extends OrderBase, K>(
  world: DemoWorld,
  kind: "A" | "B" | "C",
  spec: ShopSpec,
  make: ShopMaker<P, O, K>,
): ShopBase<P, O, K> {
  const { rng, cal } = world;
  const base = baseProducts(rng, spec, KINDS[kind].singleShare);
  const products = base.map(make.product);
  const buyerPool = KINDS[kind].buyers * world.scale;
  const raw = generateOrders(rng, base, spec.region, buyerPool, cal, KINDS[kind].demand);
  const orders = raw.map((o, n) =>
    make.order(
      {
        orderId: `${kind}${spec.id}-${String(n + 1).padStart(7, "0")}`,
        ...stamp(o.seconds),
        ...o.fields,
      },
      products[o.product],
      o.variant,
    ),
  );
  return {
    region: spec.region,
    name: spec.name,
    currency: currencyOf(spec.region).code,
    vatRegistered: spec.vatRegistered,
    dataFreshAt: `${cal.today}T02:00:00Z`,
    products,
    orders,
    adSpend: generateAdSpend(rng, base, products.map(make.key), raw, cal),
  };
}

/** An A or B product's item id, name and a drawn category. */
function itemOf(
  world: DemoWorld,
  spec: ShopSpec,
  cats: readonly CategoryAB[],
  b: BaseProduct,
  i: number,
): { itemId: number; name: string; categoryId: number } {
  return {
    itemId: spec.itemBase + i + 1,
    name: b.name,
    categoryId: world.rng.pick(cats).categoryId,
  };
}

export type ShopSpecA = ShopSpec & { inServiceFeeProgramme: boolean };

export function genShopA(world: DemoWorld, spec: ShopSpecA, cats: readonly CategoryAB[]): ShopA {
  const shop = shopOf(world, "A", spec, {
    product: (b, i): ProductA => {
      const item = itemOf(world, spec, cats, b, i);
      const single = b.variants.length === 1;
      const models = b.variants.map(({ discount, ...v }, k) => ({
        ...v,
        modelId: single ? null : item.itemId * 10 + k + 1,
        name: single ? "Default" : variantName(k),
        sellerDiscount: discount,
      }));
      return { ...item, models };
    },
    key: (p) => p.itemId,
    order: (common, p, variant): OrderA => ({
      ...common,
      itemId: p?.itemId ?? 0,
      modelId: p?.models[variant]?.modelId ?? null,
    }),
  });
  return { shopId: spec.id, ...shop, inServiceFeeProgramme: spec.inServiceFeeProgramme };
}

export type ShopSpecB = ShopSpec & { sellerType: SellerTypeB };

export function genSellerB(
  world: DemoWorld,
  spec: ShopSpecB,
  cats: readonly CategoryAB[],
): SellerB {
  const shop = shopOf(world, "B", spec, {
    product: (b, i): ProductB => {
      const item = itemOf(world, spec, cats, b, i);
      return {
        ...item,
        isInFreeShipping: world.rng.chance(0.6),
        skus: b.variants.map(({ discount, ...v }, k) => ({
          ...v,
          skuId: item.itemId * 10 + k + 1,
          sellerSku: `SKU-${item.itemId}-${k + 1}`,
          name: variantName(k),
          specialPriceDiscount: discount,
        })),
      };
    },
    key: (p) => p.itemId,
    order: (common, p, variant): OrderB => {
      // Coins the buyer redeemed, drawn in order so the data stays the same for a seed.
      const coin = world.rng.chance(0.2)
        ? Math.round((common.unitListPrice * world.rng.int(1, 3)) / 100)
        : 0;
      return {
        ...common,
        itemId: p?.itemId ?? 0,
        skuId: p?.skus[variant]?.skuId ?? 0,
        coinDeduction: coin,
      };
    },
  });
  return { sellerId: spec.id, ...shop, sellerType: spec.sellerType };
}

export function genShopC(world: DemoWorld, spec: ShopSpec, cats: readonly CategoryC[]): ShopC {
  const shop = shopOf(world, "C", spec, {
    product: (b, i): ProductC => {
      const productId = `17${spec.id}${String(spec.itemBase + i + 1).padStart(6, "0")}`;
      const cat = world.rng.pick(cats);
      return {
        productId,
        name: b.name,
        categoryL1: cat.l1,
        categoryL2: cat.l2,
        categoryL3: cat.l3,
        isPreOrder: world.rng.chance(0.1),
        isOwnFleetOnly: world.rng.chance(0.15),
        skus: b.variants.map(({ discount, ...v }, k) => ({
          ...v,
          skuId: `${productId}${String(k + 1).padStart(2, "0")}`,
          name: variantName(k),
          sellerDiscount: discount,
        })),
      };
    },
    key: (p) => p.productId,
    order: (common, p, variant): OrderC => ({
      ...common,
      productId: p?.productId ?? "",
      skuId: p?.skus[variant]?.skuId ?? "",
    }),
  });
  return { shopId: spec.id, ...shop };
}

// ---------------------------------------------------------------- the whole dataset
