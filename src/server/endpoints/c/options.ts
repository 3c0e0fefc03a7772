/** Reading marketplace C request settings from a validated request. */
import type { HandlerContext } from "../../handler";
import { currencyOf, toMinor } from "../../analytics/money";
import {
  optBoolean,
  optNumber,
  pathNumber,
  pathString,
  reqNumber,
  windowBC,
} from "../../analytics/requestFields";
import { findShopC } from "../../data/lookup";
import { shopViewC, type OptionsC, type ShopViewC } from "./shopView";

/** The shop named by `shopId` in the body (or path, with region) with spec 4.4 defaults. */
export function shopFromRequest(ctx: HandlerContext, overrides: Partial<OptionsC> = {}): ShopViewC {
  const fromPath = ctx.path["shopId"] !== undefined;
  const shopId = fromPath ? pathNumber(ctx.path, "shopId") : reqNumber(ctx.body, "shopId");
  const region = fromPath ? pathString(ctx.path, "region") : undefined;
  // Money fields are in the shop's currency: find the shop first (404 before anything else).
  const dp = currencyOf(findShopC(ctx.account, shopId, region).region).decimals;
  const money = (name: string): number | null => {
    const v = optNumber(ctx.body, name);
    return v === null ? null : toMinor(v, dp);
  };
  return shopViewC(
    ctx.account,
    ctx.data,
    shopId,
    region,
    {
      hasVat: optBoolean(ctx.body, "hasVat") ?? false,
      ...windowBC(ctx),
      adsCostPerSaleMinor: money("adsCostPerSale") ?? 0,
      sellerVoucherMinor: money("sellerVoucher"),
      ...overrides,
    },
    ctx.today,
  );
}
