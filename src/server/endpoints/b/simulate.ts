/** B5: what-if with overrides applied to the baseline of a product or one SKU. */
import type { HandlerContext } from "../../handler";
import { toMinor } from "../../analytics/money";
import { optBoolean, optNumber } from "../../analytics/requestFields";
import type { UnitInputB } from "../../fees/b";
import { productOrSkuNamed } from "../bc/results";
import type { SellerViewB } from "./sellerView";
import { sellerFromBody } from "./options";

/** The body's overrides as engine-input changes (money fields are per unit). */
function overridesFor(ctx: HandlerContext, view: SellerViewB): Partial<UnitInputB> {
  const dp = view.currency.decimals;
  const money = (name: string): number | null => {
    const v = optNumber(ctx.body, name);
    return v === null ? null : toMinor(v, dp);
  };
  const out: { -readonly [K in keyof UnitInputB]?: UnitInputB[K] } = {};
  const listPrice = money("originalPrice");
  if (listPrice !== null) out.listPrice = listPrice;
  const discount = money("specialPriceDiscount");
  if (discount !== null) out.specialPriceDiscount = discount;
  const voucher = money("sellerVoucher");
  if (voucher !== null) out.sellerVoucher = voucher;
  const cogs = money("manufacturingCogs");
  if (cogs !== null) {
    out.cogs = cogs;
    out.cogsSource = "explicit";
  }
  const commissionRate = optNumber(ctx.body, "commissionRate");
  if (commissionRate !== null) out.commissionRateOverride = commissionRate;
  const returnCost = money("returnCostPerSale");
  if (returnCost !== null) out.returnCostPerSaleOverride = returnCost;
  const inFreeShipping = optBoolean(ctx.body, "isInFreeShipping");
  if (inFreeShipping !== null) out.isInFreeShipping = inFreeShipping;
  return out;
}

/** B5: POST P_B/simulate. */
export function simulateB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  return productOrSkuNamed(view, ctx.body, () => overridesFor(ctx, view));
}
