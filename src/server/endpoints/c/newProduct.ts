/**
 * C4 (new product) and C6 (required price): a listing with no history (no vouchers, shipping;
 * returns only as the caller's returnRate). Commission from the category path given.
 */
import type { HandlerContext } from "../../handler";
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
import { findShopC } from "../../data/lookup";
import { unitBreakdownC, type UnitInputC } from "../../fees/c";
import { feeScheduleC } from "../../fees/ratesC";
import { newProductAnswer, requiredPriceAnswer, type NewListing } from "../requiredMargin";
import { categoryRateC } from "./shopView";

interface ListingC {
  readonly currency: Currency;
  readonly effectiveDate: string;
  inputAt(listPrice: number, discount: number): UnitInputC;
}

function listingFromBody(ctx: HandlerContext, cogsField: string, returnRate: number): ListingC {
  const shop = findShopC(ctx.account, reqNumber(ctx.body, "shopId"));
  const currency = currencyOf(shop.region);
  const effectiveDate = effectiveDateOf(ctx);
  const schedule = feeScheduleC(shop.region, effectiveDate);
  const commissionRate = categoryRateC(
    ctx.data,
    shop.region,
    effectiveDate,
    reqString(ctx.body, "categoryL1"),
    optString(ctx.body, "categoryL2"),
    optString(ctx.body, "categoryL3"),
  );
  const cogs = optNumber(ctx.body, cogsField);
  const ads = optNumber(ctx.body, "adsCostPerSale");
  const isPreOrder = optBoolean(ctx.body, "isPreOrder") ?? false;
  const isOwnFleetOnly = optBoolean(ctx.body, "isOwnFleetOnly") ?? false;
  const hasVat = optBoolean(ctx.body, "hasVat") ?? false;
  return {
    currency,
    effectiveDate,
    inputAt: (listPrice, discount) => ({
      listPrice,
      sellerDiscount: discount,
      sellerVoucher: 0,
      platformDiscount: 0,
      buyerShippingPerUnit: 0,
      commissionRate,
      isPreOrder,
      isOwnFleetOnly,
      hasVat,
      cogs: cogs === null ? 0 : toMinor(cogs, currency.decimals),
      cogsSource: cogs === null ? "missing" : "explicit",
      adsCostPerSale: ads === null ? 0 : toMinor(ads, currency.decimals),
      returnRate,
      schedule,
    }),
  };
}

/** The listing as C prices it and shows it. */
function pricedC(listing: ListingC): NewListing {
  return {
    currency: listing.currency,
    unitAt: (price, discount) => unitBreakdownC(listing.inputAt(price, discount)),
    wire: (unit) => breakdownWithMetadata(unit, listing.currency, listing.effectiveDate, null),
  };
}

/** C4: POST P_C/new-product. */
export function newProductC(ctx: HandlerContext): unknown {
  return newProductAnswer(ctx, pricedC(listingFromBody(ctx, "manufacturingCogs", 0)));
}

/**
 * C6: POST P_C/required-price. Profit is piecewise linear in price (the CGF stops growing at
 * its cap), so the solver bisects and rounds up to the minor unit; 422 when unreachable.
 */
export function requiredPriceC(ctx: HandlerContext): unknown {
  const listing = listingFromBody(ctx, "cogs", optNumber(ctx.body, "returnRate") ?? 0);
  const probe = listing.inputAt(0, 0);
  return requiredPriceAnswer(ctx, pricedC(listing), "sellerDiscount", (fixedDiscount) => {
    // Past the CGF cap breakpoint every fee is linear again.
    const breakpoint =
      Math.ceil(probe.schedule.platformFeeCapMinor / probe.schedule.platformFeeRate) +
      fixedDiscount;
    return Math.max(2 * breakpoint, 10 * (probe.cogs + probe.adsCostPerSale + fixedDiscount));
  });
}
