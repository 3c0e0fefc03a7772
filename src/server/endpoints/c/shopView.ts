/**
 * One C shop as a request sees it: the shop (inside the caller's account only), its fee
 * schedule on the effective date, and return rates and average promotions over the
 * lookback window. Builds per-SKU inputs for the fee engine (fees/c.ts).
 */
import type { DemoAccount, DemoData, ProductC, ShopC, SkuC } from "../../data/model";
import { findCategoryC, findShopC, notFound, rateOn } from "../../data/lookup";
import { ApiProblem } from "../../problem";
import { currencyOf, type Currency } from "../../analytics/money";
import { resolvePeriod, type Period } from "../../analytics/periods";
import { emptySales, perUnit, productReturnRate, windowSales } from "../../analytics/sales";
import { cogsInference, type CogsSample, type UnitCogs } from "../../analytics/cogs";
import type { UnitInputC } from "../../fees/c";
import { feeScheduleC, type FeeScheduleC } from "../../fees/ratesC";

export interface OptionsC {
  readonly hasVat: boolean;
  readonly effectiveDate: string;
  readonly lookbackDays: number;
  /** Caller-supplied ads cost per unit (minor units), 0 when not given. */
  readonly adsCostPerSaleMinor: number;
  /** Caller-supplied seller voucher per unit (minor units); null: the window's average. */
  readonly sellerVoucherMinor: number | null;
}

export interface ShopViewC {
  readonly shop: ShopC;
  readonly options: OptionsC;
  readonly schedule: FeeScheduleC;
  readonly currency: Currency;
  readonly window: Period;
  commissionRate(product: ProductC): number;
  unitsSold(skuId: string): number;
  returnRate(productId: string): number;
  cogsOf(product: ProductC, sku: SkuC): UnitCogs;
  baseline(product: ProductC, sku: SkuC): UnitInputC;
}

/**
 * Commission of a category path on a date: the most specific level given wins (a full
 * L1/L2/L3 path is that leaf; a prefix takes the first leaf under it). 400 when unknown.
 */
export function categoryRateC(
  data: DemoData,
  region: string,
  date: string,
  l1: string,
  l2: string | null,
  l3: string | null,
): number {
  const category = findCategoryC(data.categoriesC, l1, l2, l3);
  const rate = category === undefined ? null : rateOn(category.commissionRates, region, date);
  if (rate === null) {
    const field = l3 !== null ? "categoryL3" : l2 !== null ? "categoryL2" : "categoryL1";
    throw new ApiProblem(
      400,
      `category ${[l1, l2, l3].filter((x) => x !== null).join(" > ")} is unknown in ${region}`,
      [
        {
          field,
          problem: `must name a marketplace C category known in ${region}, e.g. ${exampleCategory(data.categoriesC)}`,
        },
      ],
    );
  }
  return rate;
}

/** Finds the shop in the caller's account (404 otherwise) and prepares its statistics. */
export function shopViewC(
  account: DemoAccount,
  data: DemoData,
  shopId: number,
  region: string | undefined,
  options: OptionsC,
  today: string,
): ShopViewC {
  const shop = findShopC(account, shopId, region);
  const window = resolvePeriod({ lookbackDays: options.lookbackDays }, today);
  const sales = windowSales(
    shop.orders,
    window,
    (o) => o.skuId,
    (o) => o.productId,
  );
  const schedule = feeScheduleC(shop.region, options.effectiveDate);
  const rates = new Map<string, number>();
  const commissionRate = (product: ProductC): number => {
    const key = `${product.categoryL1}\u0000${product.categoryL2}\u0000${product.categoryL3}`;
    let r = rates.get(key);
    if (r === undefined) {
      r = categoryRateC(
        data,
        shop.region,
        options.effectiveDate,
        product.categoryL1,
        product.categoryL2,
        product.categoryL3,
      );
      rates.set(key, r);
    }
    return r;
  };
  const inferCogs = cogsInference(
    shop.products.flatMap((p) => p.skus.map((sku) => cogsSampleC(p, sku))),
  );
  const cogsOf = (product: ProductC, sku: SkuC): UnitCogs => inferCogs(cogsSampleC(product, sku));
  const returnRate = (productId: string): number => productReturnRate(sales, productId);
  return {
    shop,
    options,
    schedule,
    currency: currencyOf(shop.region),
    window,
    commissionRate,
    unitsSold: (skuId) => sales.byVariant.get(skuId)?.completedUnits ?? 0,
    returnRate,
    cogsOf,
    baseline(product, sku) {
      const skuSales = sales.byVariant.get(sku.skuId) ?? emptySales();
      const cogs = cogsOf(product, sku);
      const price = Math.max(0, sku.listPrice - sku.sellerDiscount);
      return {
        listPrice: sku.listPrice,
        sellerDiscount: sku.sellerDiscount,
        sellerVoucher: Math.min(
          price,
          options.sellerVoucherMinor ?? perUnit(skuSales.sellerVoucherSum, skuSales),
        ),
        platformDiscount: perUnit(skuSales.platformDiscountSum, skuSales),
        buyerShippingPerUnit: perUnit(skuSales.buyerShippingSum, skuSales),
        commissionRate: commissionRate(product),
        isPreOrder: product.isPreOrder,
        isOwnFleetOnly: product.isOwnFleetOnly,
        hasVat: options.hasVat,
        cogs: cogs.cogs,
        cogsSource: cogs.source,
        adsCostPerSale: options.adsCostPerSaleMinor,
        returnRate: returnRate(product.productId),
        schedule,
      };
    },
  };
}

/** A SKU as the COGS inference sees it: top-level category and price after discount. */
function cogsSampleC(product: ProductC, sku: SkuC): CogsSample<string> {
  return {
    category: product.categoryL1,
    cogs: sku.cogs,
    price: sku.listPrice - sku.sellerDiscount,
  };
}

/** The shop's product, or 404. */
export function findProductC(shop: ShopC, productId: string): ProductC {
  return (
    shop.products.find((p) => p.productId === productId) ??
    notFound(`product ${productId} not found in shop ${shop.shopId}`, "productId")
  );
}

/** The product's SKU, or 404. */
export function findSkuC(product: ProductC, skuId: string): SkuC {
  return (
    product.skus.find((s) => s.skuId === skuId) ??
    notFound(`SKU ${skuId} not found in product ${product.productId}`, "skuId")
  );
}

/** One known category path, written as the three request fields. */
function exampleCategory(categories: readonly { l1: string; l2: string; l3: string }[]): string {
  const c = categories[0];
  return c ? `categoryL1 "${c.l1}", categoryL2 "${c.l2}", categoryL3 "${c.l3}"` : "none known";
}
