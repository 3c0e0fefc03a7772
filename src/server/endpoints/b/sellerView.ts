/**
 * One B seller as a request sees it: the seller (found inside the caller's account only),
 * its fee schedule on the effective date, and sales statistics over the lookback window
 * (return rates, average vouchers, coins and shipping per unit). Builds per-SKU inputs for
 * the fee engine (fees/b.ts).
 */
import type {
  DemoAccount,
  DemoData,
  OrderB,
  ProductB,
  SellerB,
  SellerTypeB,
  SkuB,
} from "../../data/model";
import { findSellerB, rateOn } from "../../data/lookup";
import { ApiProblem, echoed } from "../../problem";
import { perUnit } from "../../analytics/sales";
import { feeScheduleB, type FeeScheduleB } from "../../fees/ratesB";
import type { UnitInputB } from "../../fees/b";
import { memoized, viewBC, type OptionsBC, type ViewBC } from "../bc/view";
import { MARKET_B } from "./market";

/** Settings as a request gives them: null where the body has no such field (the seller's own applies). */
export interface OptionsRequestB {
  readonly sellerType: SellerTypeB | null;
  readonly hasVat: boolean | null;
  readonly effectiveDate: string;
  readonly lookbackDays: number;
}

/** Settings every B computation takes (spec 4.3 common fields), resolved. */
export interface OptionsB extends OptionsBC {
  readonly sellerType: SellerTypeB;
}

/** The seller (`shop` in the shared layer's words) with B's settings and fee schedule. */
export interface SellerViewB extends ViewBC<ProductB, SkuB, UnitInputB, OrderB> {
  readonly shop: SellerB;
  readonly options: OptionsB;
  readonly schedule: FeeScheduleB;
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
      `category ${echoed(categoryId)} has no marketplace B commission rate in ${echoed(region)}`,
      [
        {
          field: "categoryId",
          problem: `must be a marketplace B category id with a commission rate in ${echoed(region)} (${categoryRange(data)})`,
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
  const shop = findSellerB(account, sellerId, region);
  const options: OptionsB = {
    sellerType: requested.sellerType ?? shop.sellerType,
    hasVat: requested.hasVat ?? shop.vatRegistered,
    effectiveDate: requested.effectiveDate,
    lookbackDays: requested.lookbackDays,
  };
  const categoryRate = memoized(
    (categoryId: number) => categoryId,
    (categoryId) => categoryRateB(data, categoryId, shop.region, options.effectiveDate),
  );
  const schedule = feeScheduleB(shop.region, options.effectiveDate, data.scheduledFeeChangesB);
  return viewBC(
    {
      market: MARKET_B,
      shop,
      options,
      baseline: (shared, product, sku, sales) => ({
        ...shared,
        specialPriceDiscount: sku.specialPriceDiscount,
        coinDeduction: perUnit(sales.extraSum, sales),
        categoryCommissionRate: categoryRate(product.categoryId),
        sellerType: options.sellerType,
        isInFreeShipping: product.isInFreeShipping,
        schedule,
      }),
      schedule,
      lookedIn: `for seller ${shop.sellerId}`,
      settings: { sellerType: options.sellerType },
    },
    today,
  );
}

/** "200001 to 200012": the category ids marketplace B knows. */
function categoryRange(data: DemoData): string {
  const ids = data.categoriesB.map((c) => c.categoryId);
  return ids.length === 0 ? "none known" : `${Math.min(...ids)} to ${Math.max(...ids)}`;
}
