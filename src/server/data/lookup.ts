/**
 * Finding things inside one account. Every handler goes through these, so another account's
 * shop is indistinguishable from one that does not exist (404).
 */
import { currencyOf } from "../analytics/money";
import { ApiProblem } from "../problem";
import type {
  CategoryAB,
  CategoryC,
  DemoAccount,
  EffectiveRate,
  SellerB,
  ShopA,
  ShopC,
} from "./model";

/** The 404 of every lookup, naming the request field that pointed at nothing. */
export function notFound(message: string, field: string): never {
  throw new ApiProblem(404, message, [{ field, problem: "not_found" }]);
}

/** The account's marketplace A shop, or 404. */
export function findShopA(account: DemoAccount, shopId: number, region: string): ShopA {
  currencyOf(region); // an unknown region is a 400 on region, not "shop not found"
  return (
    account.shopsA.find((s) => s.shopId === shopId && s.region === region) ??
    notFound(`shop ${shopId} in ${region} not found in your account`, "shopId")
  );
}

/** The account's marketplace B seller, or 404. */
export function findSellerB(account: DemoAccount, sellerId: number, region: string): SellerB {
  currencyOf(region);
  return (
    account.sellersB.find((s) => s.sellerId === sellerId && s.region === region) ??
    notFound(`seller ${sellerId} in ${region} not found in your account`, "sellerId")
  );
}

/** The account's marketplace C shop (region optional: C bodies often omit it), or 404. */
export function findShopC(account: DemoAccount, shopId: number, region?: string): ShopC {
  const where = region === undefined ? "" : ` in ${region}`;
  if (region !== undefined) currencyOf(region);
  return (
    account.shopsC.find(
      (s) => s.shopId === shopId && (region === undefined || s.region === region),
    ) ?? notFound(`shop ${shopId}${where} not found in your account`, "shopId")
  );
}

/**
 * The region's entry that `counts` and beats every other counting one (`beats`), or null.
 * On a tie the earlier entry of the list stays.
 */
function pickRate(
  rates: readonly EffectiveRate[],
  region: string,
  counts: (r: EffectiveRate) => boolean,
  beats: (r: EffectiveRate, best: EffectiveRate) => boolean,
): EffectiveRate | null {
  let best: EffectiveRate | null = null;
  for (const r of rates) {
    if (r.region === region && counts(r) && (best === null || beats(r, best))) best = r;
  }
  return best;
}

/**
 * The rate in force in `region` on `date`: the entry with the latest `effectiveFrom` <= date.
 * Null when the region has no rate yet on that date.
 */
export function rateOn(
  rates: readonly EffectiveRate[],
  region: string,
  date: string,
): number | null {
  const inForce = pickRate(
    rates,
    region,
    (r) => r.effectiveFrom <= date,
    (r, best) => r.effectiveFrom > best.effectiveFrom,
  );
  return inForce === null ? null : inForce.rate;
}

/** The first rate change in `region` strictly after `date`, if one is scheduled. */
export function nextRateChange(
  rates: readonly EffectiveRate[],
  region: string,
  date: string,
): EffectiveRate | null {
  return pickRate(
    rates,
    region,
    (r) => r.effectiveFrom > date,
    (r, best) => r.effectiveFrom < best.effectiveFrom,
  );
}

/** Category by id in a marketplace A or B category list. */
export function findCategoryAB(
  categories: readonly CategoryAB[],
  categoryId: number,
): CategoryAB | undefined {
  return categories.find((c) => c.categoryId === categoryId);
}

/**
 * Marketplace C category by path. L2/L3 may be omitted: the first leaf under the given prefix
 * is used (its rate is what a seller listing there would pay).
 */
export function findCategoryC(
  categories: readonly CategoryC[],
  l1: string,
  l2?: string | null,
  l3?: string | null,
): CategoryC | undefined {
  return categories.find(
    (c) => c.l1 === l1 && (l2 == null || c.l2 === l2) && (l3 == null || c.l3 === l3),
  );
}
