/**
 * One C shop as a request sees it: the shop (inside the caller's account only), its fee
 * schedule on the effective date, and return rates and average promotions over the
 * lookback window. Builds per-SKU inputs for the fee engine (fees/c.ts).
 */
import type { DemoAccount, DemoData, OrderC, ProductC, ShopC, SkuC } from "../../data/model";
import { findCategoryC, findShopC, rateOn } from "../../data/lookup";
import { ApiProblem, echoed } from "../../problem";
import type { UnitInputC } from "../../fees/c";
import { feeScheduleC, type FeeScheduleC } from "../../fees/ratesC";
import { memoized, viewBC, type OptionsBC, type ViewBC } from "../bc/view";
import { MARKET_C } from "./market";

export interface OptionsC extends OptionsBC {
  /** Caller-supplied ads cost per unit (minor units), 0 when not given. */
  readonly adsCostPerSaleMinor: number;
  /** Caller-supplied seller voucher per unit (minor units); null: the window's average. */
  readonly sellerVoucherMinor: number | null;
}

/** The shop with C's settings and fee schedule. */
export interface ShopViewC extends ViewBC<ProductC, SkuC, UnitInputC, OrderC> {
  readonly shop: ShopC;
  readonly options: OptionsC;
  readonly schedule: FeeScheduleC;
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
      `category ${echoed([l1, l2, l3].filter((x) => x !== null).join(" > "))} is unknown in ${echoed(region)}`,
      [
        {
          field,
          problem: `must name a marketplace C category known in ${echoed(region)}, e.g. ${exampleCategory(data.categoriesC)}`,
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
  const commissionRate = memoized(
    (p: ProductC) => `${p.categoryL1}\u0000${p.categoryL2}\u0000${p.categoryL3}`,
    (p) =>
      categoryRateC(
        data,
        shop.region,
        options.effectiveDate,
        p.categoryL1,
        p.categoryL2,
        p.categoryL3,
      ),
  );
  const schedule = feeScheduleC(shop.region, options.effectiveDate);
  return viewBC(
    {
      market: MARKET_C,
      shop,
      options,
      baseline: (shared, product, sku) => ({
        ...shared,
        sellerDiscount: sku.sellerDiscount,
        commissionRate: commissionRate(product),
        isPreOrder: product.isPreOrder,
        isOwnFleetOnly: product.isOwnFleetOnly,
        adsCostPerSale: options.adsCostPerSaleMinor,
        schedule,
      }),
      schedule,
      lookedIn: `in shop ${shop.shopId}`,
      settings: {},
    },
    today,
  );
}

/** One known category path, written as the three request fields. */
function exampleCategory(categories: readonly { l1: string; l2: string; l3: string }[]): string {
  const c = categories[0];
  return c ? `categoryL1 "${c.l1}", categoryL2 "${c.l2}", categoryL3 "${c.l3}"` : "none known";
}
