/**
 * The demo dataset's shape: seller accounts with their marketplace A shops, B sellers and
 * C shops, products, variants, orders, ads and costs. Owned by the data generator
 * (`generate.ts`); the fee engines and endpoint handlers read it.
 *
 * Conventions:
 * - Money is integer MINOR units of the shop's currency (SGD cents, THB satang, ...).
 *   Per-unit amounts are per unit sold; `buyerShipping` is per order.
 * - Rates are fractions (0.06 = 6 %).
 * - Dates are `YYYY-MM-DD`; instants are `YYYY-MM-DDTHH:MM:SSZ` (UTC) so that string order is
 *   time order.
 * - Every shop/seller carries its own products, orders and ad spend, so a handler that found the
 *   shop inside `ctx.account` can never see another account's data.
 * - Arrays are sorted: products by id, orders by `placedAt`, ad spend by date.
 */

/** One effective-dated commission rate: applies from `effectiveFrom` (inclusive) in `region`
 * until the next entry of the same region with a later `effectiveFrom`. */
export interface EffectiveRate {
  readonly region: string;
  readonly effectiveFrom: string;
  readonly rate: number;
}

/** Marketplace A or B category (integer id). */
export interface CategoryAB {
  readonly categoryId: number;
  readonly name: string;
  /** Sorted by region, then effectiveFrom. Includes past and scheduled (future) changes. */
  readonly commissionRates: readonly EffectiveRate[];
}

/** Marketplace C category: a path L1 > L2 > L3 of strings; the rate is set per leaf. */
export interface CategoryC {
  readonly l1: string;
  readonly l2: string;
  readonly l3: string;
  readonly commissionRates: readonly EffectiveRate[];
}

export type OrderStatus = "completed" | "cancelled" | "returned";
export type OrderChannel = "organic" | "ads" | "affiliate";

/** Fields common to every order line (one variant, `quantity` units). */
export interface OrderBase {
  /** Unique within the shop, deterministic (e.g. "A100001-000123"). */
  readonly orderId: string;
  /** Day the order was placed (`placedAt`'s date). */
  readonly date: string;
  /** Instant the order was placed, UTC, `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly placedAt: string;
  readonly buyerId: number;
  readonly quantity: number;
  /** Per unit, minor units. */
  readonly unitListPrice: number;
  /** Seller-funded price discount per unit. */
  readonly sellerDiscount: number;
  /** Seller-funded voucher per unit. */
  readonly sellerVoucher: number;
  /** Platform-funded discount per unit (rebated to the seller: not a seller cost). */
  readonly platformDiscount: number;
  /** Shipping the buyer paid for the whole order. */
  readonly buyerShipping: number;
  readonly status: OrderStatus;
  readonly channel: OrderChannel;
  /** Whether the marketplace's ads report attributes the order to an ad click. */
  readonly attributedToAds: boolean;
}

/** Ad spend on one product on one day (minor units). Only advertised products have rows. */
export interface AdSpendDay<ProductKey> {
  readonly date: string;
  readonly product: ProductKey;
  readonly spend: number;
}

/** Who a shop or seller is, whatever its marketplace (what shop lists and searches show). */
export interface ShopIdentity {
  readonly region: string;
  readonly name: string;
  readonly currency: string;
  /** Whether the seller is VAT-registered (default for includeVat-less computations). */
  readonly vatRegistered: boolean;
  /** When product data was last synced, `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly dataFreshAt: string;
}

/** A shop or seller of any marketplace: who it is, what it sells and what it sold. */
export interface ShopBase<Product, Order, ProductKey> extends ShopIdentity {
  /** Sorted by product id. */
  readonly products: readonly Product[];
  /** Sorted by placedAt. */
  readonly orders: readonly Order[];
  /** Sorted by date. */
  readonly adSpend: readonly AdSpendDay<ProductKey>[];
}

/** What every variant (A model, B or C SKU) carries. Money in minor units. */
export interface VariantBase {
  readonly name: string;
  /** Current list price. */
  readonly listPrice: number;
  /** Unit cost of goods; null when the seller has not entered it (~12 % of variants). */
  readonly cogs: number | null;
  readonly stock: number;
}

// ---------------------------------------------------------------- marketplace A

/** A variant of an A product. `modelId` is null for a single-variant product. */
export interface ModelA extends VariantBase {
  readonly modelId: number | null;
  /** Current seller discount per unit (price promotion), minor units. */
  readonly sellerDiscount: number;
}

export interface ProductA {
  readonly itemId: number;
  readonly name: string;
  readonly categoryId: number;
  /** Exactly one model with modelId null, or several models with integer ids. */
  readonly models: readonly ModelA[];
}

export interface OrderA extends OrderBase {
  readonly itemId: number;
  readonly modelId: number | null;
}

/** Ad spend's product is the itemId. */
export interface ShopA extends ShopBase<ProductA, OrderA, number> {
  readonly shopId: number;
  /** Enrolled in the service-fee programme (free-shipping / coins cashback), see fees/ratesA. */
  readonly inServiceFeeProgramme: boolean;
}

// ---------------------------------------------------------------- marketplace B

export type SellerTypeB = "REGULAR" | "MALL";

export interface SkuB extends VariantBase {
  readonly skuId: number;
  /** The seller's own SKU code. */
  readonly sellerSku: string;
  /** Current special-price discount per unit. */
  readonly specialPriceDiscount: number;
}

export interface ProductB {
  readonly itemId: number;
  readonly name: string;
  readonly categoryId: number;
  /** Enrolled in the free-shipping programme (free-shipping commission applies). */
  readonly isInFreeShipping: boolean;
  readonly skus: readonly SkuB[];
}

export interface OrderB extends OrderBase {
  readonly itemId: number;
  readonly skuId: number;
  /** Value of coins the buyer redeemed per unit that the seller funds. */
  readonly coinDeduction: number;
}

export interface SellerB extends ShopBase<ProductB, OrderB, number> {
  readonly sellerId: number;
  readonly sellerType: SellerTypeB;
}

// ---------------------------------------------------------------- marketplace C

export interface SkuC extends VariantBase {
  readonly skuId: string;
  readonly sellerDiscount: number;
}

export interface ProductC {
  readonly productId: string;
  readonly name: string;
  readonly categoryL1: string;
  readonly categoryL2: string;
  readonly categoryL3: string;
  readonly isPreOrder: boolean;
  readonly isOwnFleetOnly: boolean;
  readonly skus: readonly SkuC[];
}

export interface OrderC extends OrderBase {
  readonly productId: string;
  readonly skuId: string;
}

export interface ShopC extends ShopBase<ProductC, OrderC, string> {
  /** Integer in requests; the shop list returns it as a string (spec 2.4). */
  readonly shopId: number;
}

// ---------------------------------------------------------------- accounts

export interface DemoAccount {
  readonly id: string;
  readonly name: string;
  readonly shopsA: readonly ShopA[];
  readonly sellersB: readonly SellerB[];
  readonly shopsC: readonly ShopC[];
}

export interface DemoData {
  readonly seed: number;
  readonly scale: number;
  /** "demo" (the small demo account) or "large" (with a team's 10,000-product catalogue). */
  readonly catalogue: "demo" | "large";
  /** The "today" the data was generated for (YYYY-MM-DD). Orders end the day before. */
  readonly today: string;
  /** First day with orders (today - 365 days). */
  readonly ordersFrom: string;
  /** Date of the scheduled commission-rate change (after today), present in the rate tables. */
  readonly scheduledRateChangeDate: string;
  readonly categoriesA: readonly CategoryAB[];
  readonly categoriesB: readonly CategoryAB[];
  readonly categoriesC: readonly CategoryC[];
  readonly accounts: readonly DemoAccount[];
}
