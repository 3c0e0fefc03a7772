/** C5: what-if with overrides applied to the baseline of a product or one SKU. */
import type { HandlerContext } from "../../handler";
import { toMinor } from "../../analytics/money";
import { optBoolean, optNumber } from "../../analytics/requestFields";
import type { UnitInputC } from "../../fees/c";
import { productOrSkuNamed } from "../bc/results";
import type { ShopViewC } from "./shopView";
import { shopFromRequest } from "./options";

function overrides(ctx: HandlerContext, view: ShopViewC): Partial<UnitInputC> {
  const dp = view.currency.decimals;
  const money = (name: string): number | null => {
    const v = optNumber(ctx.body, name);
    return v === null ? null : toMinor(v, dp);
  };
  const out: { -readonly [K in keyof UnitInputC]?: UnitInputC[K] } = {};
  const set = <K extends keyof UnitInputC>(key: K, value: UnitInputC[K] | null): void => {
    if (value !== null) out[key] = value;
  };
  set("listPrice", money("originalPrice"));
  set("sellerDiscount", money("sellerDiscount"));
  set("sellerVoucher", money("sellerVoucher"));
  set("platformDiscount", money("platformDiscount"));
  set("adsCostPerSale", money("adsCostPerSale"));
  set("returnCostPerSaleOverride", money("returnCostPerSale"));
  set("isPreOrder", optBoolean(ctx.body, "isPreOrder"));
  set("isOwnFleetOnly", optBoolean(ctx.body, "isOwnFleetOnly"));
  const cogs = money("manufacturingCogs");
  if (cogs !== null) {
    out.cogs = cogs;
    out.cogsSource = "explicit";
  }
  return out;
}

/** C5: POST P_C/simulate. */
export function simulateC(ctx: HandlerContext): unknown {
  // adsCostPerSale and sellerVoucher are overrides here, applied to every SKU alike.
  const view = shopFromRequest(ctx);
  const changes = overrides(ctx, view);
  return productOrSkuNamed(view, ctx.body, () => changes);
}
