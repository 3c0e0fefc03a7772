/**
 * C4 (new product) and C6 (required price): a listing with no sales history yet
 * (endpoints/bc/newListing.ts); returns only as the caller's returnRate. Commission from the
 * category path given.
 */
import type { HandlerContext } from "../../handler";
import type { OrderC, ProductC, SkuC } from "../../data/model";
import { currencyOf, toMinor } from "../../analytics/money";
import {
  optBoolean,
  optNumber,
  optString,
  reqNumber,
  reqString,
} from "../../analytics/requestFields";
import { findShopC } from "../../data/lookup";
import type { UnitInputC } from "../../fees/c";
import { feeScheduleC } from "../../fees/ratesC";
import * as newListing from "../bc/newListing";
import { categoryRateC } from "./shopView";
import { MARKET_C } from "./market";

/** A new listing in the body's shop and category path, with COGS from `cogsField`. */
function listingFromBody(
  ctx: HandlerContext,
  cogsField: string,
  returnRate: number,
): newListing.NewListingBC<ProductC, SkuC, UnitInputC, OrderC> {
  const shop = findShopC(ctx.account, reqNumber(ctx.body, "shopId"));
  const currency = currencyOf(shop.region);
  const fields = newListing.listingFields(ctx, currency, cogsField, false);
  const schedule = feeScheduleC(shop.region, fields.effectiveDate);
  const commissionRate = categoryRateC(
    ctx.data,
    shop.region,
    fields.effectiveDate,
    reqString(ctx.body, "categoryL1"),
    optString(ctx.body, "categoryL2"),
    optString(ctx.body, "categoryL3"),
  );
  const ads = optNumber(ctx.body, "adsCostPerSale");
  const isPreOrder = optBoolean(ctx.body, "isPreOrder") ?? false;
  const isOwnFleetOnly = optBoolean(ctx.body, "isOwnFleetOnly") ?? false;
  return {
    market: MARKET_C,
    currency,
    effectiveDate: fields.effectiveDate,
    settings: {},
    inputAt: (listPrice) => ({
      ...newListing.newListingInput(listPrice, fields, returnRate),
      sellerDiscount: 0,
      commissionRate,
      isPreOrder,
      isOwnFleetOnly,
      adsCostPerSale: ads === null ? 0 : toMinor(ads, currency.decimals),
      schedule,
    }),
  };
}

/** C4: POST P_C/new-product. */
export function newProductC(ctx: HandlerContext): unknown {
  return newListing.newProductAnswer(ctx, listingFromBody(ctx, "manufacturingCogs", 0));
}

/**
 * C6: POST P_C/required-price. Profit is piecewise linear in price (the CGF stops growing at
 * its cap), so the solver bisects and rounds up to the minor unit; 422 when unreachable.
 */
export function requiredPriceC(ctx: HandlerContext): unknown {
  const listing = listingFromBody(ctx, "cogs", optNumber(ctx.body, "returnRate") ?? 0);
  return newListing.requiredPriceAnswer(ctx, listing, (probe, fixedDiscount) => {
    // Past the CGF cap breakpoint every fee is linear again.
    const breakpoint =
      Math.ceil(probe.schedule.platformFeeCapMinor / probe.schedule.platformFeeRate) +
      fixedDiscount;
    return Math.max(2 * breakpoint, 10 * (probe.cogs + probe.adsCostPerSale + fixedDiscount));
  });
}
