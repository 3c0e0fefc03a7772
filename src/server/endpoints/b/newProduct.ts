/**
 * B3 (new product) and B4 (required price): a listing with no sales history yet
 * (endpoints/bc/newListing.ts), no coins or returns, and not in the free-shipping programme.
 */
import type { HandlerContext } from "../../handler";
import type { OrderB, ProductB, SkuB } from "../../data/model";
import { currencyOf } from "../../analytics/money";
import { optString, reqNumber, reqString } from "../../analytics/requestFields";
import type { UnitInputB } from "../../fees/b";
import { feeScheduleB } from "../../fees/ratesB";
import * as newListing from "../bc/newListing";
import { categoryRateB } from "./sellerView";
import { MARKET_B } from "./market";

/** A new listing of the body's category in its region, with COGS from `cogsField`. */
function listingFromBody(
  ctx: HandlerContext,
  cogsField: string,
): newListing.NewListingBC<ProductB, SkuB, UnitInputB, OrderB> {
  const region = reqString(ctx.body, "region");
  const currency = currencyOf(region);
  const fields = newListing.listingFields(ctx, currency, cogsField, true);
  const categoryId = reqNumber(ctx.body, "categoryId");
  const sellerType = optString(ctx.body, "sellerType") === "MALL" ? "MALL" : "REGULAR";
  const schedule = feeScheduleB(region, fields.effectiveDate, ctx.data.scheduledFeeChangesB);
  const categoryCommissionRate = categoryRateB(ctx.data, categoryId, region, fields.effectiveDate);
  return {
    market: MARKET_B,
    currency,
    effectiveDate: fields.effectiveDate,
    settings: { sellerType },
    inputAt: (listPrice) => ({
      ...newListing.newListingInput(listPrice, fields, 0),
      specialPriceDiscount: 0,
      coinDeduction: 0,
      categoryCommissionRate,
      sellerType,
      isInFreeShipping: false,
      schedule,
    }),
  };
}

/** B3: POST P_B/new-product. */
export function newProductB(ctx: HandlerContext): unknown {
  return newListing.newProductAnswer(ctx, listingFromBody(ctx, "manufacturingCogs"));
}

/** B4: POST P_B/required-price. 422 `unreachable_margin` when no price reaches the target. */
export function requiredPriceB(ctx: HandlerContext): unknown {
  const listing = listingFromBody(ctx, "cogs");
  const dp = listing.currency.decimals;
  return newListing.requiredPriceAnswer(ctx, listing, (probe, fixedDiscount) =>
    Math.max(10 * (probe.cogs + fixedDiscount), 10 ** (dp + 3)),
  );
}
