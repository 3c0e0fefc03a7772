/**
 * B3 (new product) and B4 (required price): a listing with no sales history yet, so no
 * vouchers, coins, buyer shipping or returns, and not in the free-shipping programme.
 */
import type { HandlerContext } from "../../handler";
import type { DemoData, SellerTypeB } from "../../data/model";
import { breakdownWithMetadata } from "../../analytics/breakdown";
import { currencyOf, toMinor, type Currency } from "../../analytics/money";
import {
  effectiveDateOf,
  optBoolean,
  optNumber,
  optString,
  reqNumber,
  reqString,
} from "../../analytics/requestFields";
import { unitBreakdownB, type UnitInputB } from "../../fees/b";
import { feeScheduleB } from "../../fees/ratesB";
import { newProductAnswer, requiredPriceAnswer, type NewListing } from "../requiredMargin";
import { categoryRateB } from "./sellerView";

export interface NewListingB {
  readonly region: string;
  readonly currency: Currency;
  readonly effectiveDate: string;
  readonly sellerType: SellerTypeB;
  /** Engine input at a list price and special-price discount. */
  inputAt(listPriceMinor: number, discountMinor: number): UnitInputB;
}

/** A new listing of a category in a region for given COGS. */
export function newListingB(
  data: DemoData,
  region: string,
  categoryId: number,
  cogsMinor: number | null,
  sellerType: SellerTypeB,
  hasVat: boolean,
  effectiveDate: string,
): NewListingB {
  const currency = currencyOf(region);
  const schedule = feeScheduleB(region, effectiveDate);
  const categoryCommissionRate = categoryRateB(data, categoryId, region, effectiveDate);
  return {
    region,
    currency,
    effectiveDate,
    sellerType,
    inputAt: (listPrice, discount) => ({
      listPrice,
      specialPriceDiscount: discount,
      sellerVoucher: 0,
      platformDiscount: 0,
      buyerShippingPerUnit: 0,
      coinDeduction: 0,
      categoryCommissionRate,
      sellerType,
      hasVat,
      isInFreeShipping: false,
      cogs: cogsMinor ?? 0,
      cogsSource: cogsMinor === null ? "missing" : "explicit",
      returnRate: 0,
      schedule,
    }),
  };
}

function listingFromBody(ctx: HandlerContext, cogsField: string): NewListingB {
  const region = reqString(ctx.body, "region");
  const currency = currencyOf(region);
  const cogs = optNumber(ctx.body, cogsField);
  return newListingB(
    ctx.data,
    region,
    reqNumber(ctx.body, "categoryId"),
    cogs === null ? null : toMinor(cogs, currency.decimals),
    optString(ctx.body, "sellerType") === "MALL" ? "MALL" : "REGULAR",
    optBoolean(ctx.body, "hasVat") ?? true,
    effectiveDateOf(ctx),
  );
}

/** The listing as B prices it and shows it (sellerType in the metadata). */
function pricedB(listing: NewListingB): NewListing {
  return {
    currency: listing.currency,
    unitAt: (price, discount) => unitBreakdownB(listing.inputAt(price, discount)),
    wire: (unit) =>
      breakdownWithMetadata(unit, listing.currency, listing.effectiveDate, null, {
        sellerType: listing.sellerType,
      }),
  };
}

/** B3: POST P_B/new-product. */
export function newProductB(ctx: HandlerContext): unknown {
  return newProductAnswer(ctx, pricedB(listingFromBody(ctx, "manufacturingCogs")));
}

/** B4: POST P_B/required-price. 422 `unreachable_margin` when no price reaches the target. */
export function requiredPriceB(ctx: HandlerContext): unknown {
  const listing = listingFromBody(ctx, "cogs");
  const dp = listing.currency.decimals;
  const cogs = listing.inputAt(0, 0).cogs;
  return requiredPriceAnswer(ctx, pricedB(listing), "specialPriceDiscount", (fixedDiscount) =>
    Math.max(10 * (cogs + fixedDiscount), 10 ** (dp + 3)),
  );
}
