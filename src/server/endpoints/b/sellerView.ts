/**
 * One B seller as a request sees it: the seller (found inside the caller's account only),
 * its fee schedule on the effective date, and sales statistics over the lookback window
 * (return rates, average vouchers, coins and shipping per unit). Builds per-SKU inputs for
 * the fee engine (fees/b.ts).
 */
import type { DemoAccount, DemoData, ProductB, SellerB, SellerTypeB, SkuB } from "../../data/model";
import { findSellerB, notFound, rateOn } from "../../data/lookup";
import { ApiProblem } from "../../problem";
import { resolvePeriod, type Period } from "../../analytics/periods";
import {
  emptySales,
  perUnit,
  productReturnRate,
  windowSales,
  type UnitSales,
} from "../../analytics/sales";
import { cogsInference, type CogsSample, type UnitCogs } from "../../analytics/cogs";
import { currencyOf, type Currency } from "../../analytics/money";
import { feeScheduleB, type FeeScheduleB } from "../../fees/ratesB";
import type { UnitInputB } from "../../fees/b";

/** Settings as a request gives them: null where the body has no such field (the seller's own applies). */
export interface OptionsRequestB {
  readonly sellerType: SellerTypeB | null;
  readonly hasVat: boolean | null;
  readonly effectiveDate: string;
  readonly lookbackDays: number;
}

/** Settings every B computation takes (spec 4.3 common fields), resolved. */
export interface OptionsB {
  readonly sellerType: SellerTypeB;
  readonly hasVat: boolean;
  readonly effectiveDate: string;
  /** Return-rate and sales window, days back from today. */
  readonly lookbackDays: number;
}

export interface SellerViewB {
  readonly seller: SellerB;
  readonly options: OptionsB;
  readonly schedule: FeeScheduleB;
  readonly currency: Currency;
  readonly window: Period;
  /** Commission rate of a category on the effective date (400 for an unknown category). */
  categoryRate(categoryId: number): number;
  salesOfSku(skuId: number): UnitSales;
  /** Completed units of a SKU in the window. */
  unitsSold(skuId: number): number;
  returnRate(itemId: number): number;
  /** The SKU's COGS: entered, inferred from similar SKUs, or missing (0). */
  cogsOf(product: ProductB, sku: SkuB): UnitCogs;
  /** Engine input for the SKU as listed today with the window's average promotions. */
  baseline(product: ProductB, sku: SkuB): UnitInputB;
}

/** Category commission on a date, 400 when the category or its region rate is unknown. */
export function categoryRateB(
  data: DemoData,
  categoryId: number,
  region: string,
  date: string,
): number {
  const category = data.categoriesB.find((c) => c.categoryId === categoryId);
  const rate = category === undefined ? null : rateOn(category.commissionRates, region, date);
  if (rate === null) {
    throw new ApiProblem(
      400,
      `category ${categoryId} has no marketplace B commission rate in ${region}`,
      [
        {
          field: "categoryId",
          problem: `must be a marketplace B category id with a commission rate in ${region} (${categoryRange(data)})`,
        },
      ],
    );
  }
  return rate;
}

/** Finds the seller in the caller's account (404 otherwise) and prepares its statistics. */
export function sellerViewB(
  account: DemoAccount,
  data: DemoData,
  sellerId: number,
  region: string,
  requested: OptionsRequestB,
  today: string,
): SellerViewB {
  const seller = findSellerB(account, sellerId, region);
  const options: OptionsB = {
    sellerType: requested.sellerType ?? seller.sellerType,
    hasVat: requested.hasVat ?? seller.vatRegistered,
    effectiveDate: requested.effectiveDate,
    lookbackDays: requested.lookbackDays,
  };
  const window = resolvePeriod({ lookbackDays: options.lookbackDays }, today);
  const sales = windowSales(
    seller.orders,
    window,
    (o) => o.skuId,
    (o) => o.itemId,
    (o) => o.coinDeduction,
  );
  const inferCogs = cogsInference(
    seller.products.flatMap((p) => p.skus.map((sku) => cogsSampleB(p, sku))),
  );
  const schedule = feeScheduleB(seller.region, options.effectiveDate);
  const rates = new Map<number, number>();
  const categoryRate = (categoryId: number): number => {
    let r = rates.get(categoryId);
    if (r === undefined)
      rates.set(
        categoryId,
        (r = categoryRateB(data, categoryId, seller.region, options.effectiveDate)),
      );
    return r;
  };
  const salesOfSku = (skuId: number): UnitSales => sales.byVariant.get(skuId) ?? emptySales();
  const returnRate = (itemId: number): number => productReturnRate(sales, itemId);
  const cogsOf = (product: ProductB, sku: SkuB): UnitCogs => inferCogs(cogsSampleB(product, sku));
  return {
    seller,
    options,
    schedule,
    currency: currencyOf(seller.region),
    window,
    categoryRate,
    salesOfSku,
    unitsSold: (skuId) => salesOfSku(skuId).completedUnits,
    returnRate,
    cogsOf,
    baseline(product, sku) {
      const sales = salesOfSku(sku.skuId);
      const cogs = cogsOf(product, sku);
      const price = sku.listPrice - sku.specialPriceDiscount;
      // Window averages, bounded so a voucher never exceeds the special price.
      const voucher = Math.min(Math.max(0, price), perUnit(sales.sellerVoucherSum, sales));
      return {
        listPrice: sku.listPrice,
        specialPriceDiscount: sku.specialPriceDiscount,
        sellerVoucher: voucher,
        platformDiscount: perUnit(sales.platformDiscountSum, sales),
        buyerShippingPerUnit: perUnit(sales.buyerShippingSum, sales),
        coinDeduction: perUnit(sales.extraSum, sales),
        categoryCommissionRate: categoryRate(product.categoryId),
        sellerType: options.sellerType,
        hasVat: options.hasVat,
        isInFreeShipping: product.isInFreeShipping,
        cogs: cogs.cogs,
        cogsSource: cogs.source,
        returnRate: returnRate(product.itemId),
        schedule,
      };
    },
  };
}

/** A SKU as the COGS inference sees it: category and special price. */
function cogsSampleB(product: ProductB, sku: SkuB): CogsSample<number> {
  return {
    category: product.categoryId,
    cogs: sku.cogs,
    price: sku.listPrice - sku.specialPriceDiscount,
  };
}

/** The seller's product, or 404 naming the item. */
export function findProductB(seller: SellerB, itemId: number): ProductB {
  return (
    seller.products.find((p) => p.itemId === itemId) ??
    notFound(`item ${itemId} not found for seller ${seller.sellerId}`, "itemId")
  );
}

/** The product's SKU, or 404 naming the SKU. */
export function findSkuB(product: ProductB, skuId: number): SkuB {
  return (
    product.skus.find((s) => s.skuId === skuId) ??
    notFound(`SKU ${skuId} not found in item ${product.itemId}`, "skuId")
  );
}

/** "200001 to 200012": the category ids marketplace B knows. */
function categoryRange(data: DemoData): string {
  const ids = data.categoriesB.map((c) => c.categoryId);
  return ids.length === 0 ? "none known" : `${Math.min(...ids)} to ${Math.max(...ids)}`;
}
