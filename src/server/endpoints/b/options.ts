/** Reading marketplace B request settings and ids from a validated request. */
import type { HandlerContext } from "../../handler";
import type { SellerTypeB } from "../../data/model";
import {
  optBoolean,
  optString,
  pathNumber,
  pathString,
  reqNumber,
  reqString,
  windowBC,
} from "../../analytics/requestFields";
import { sellerViewB, type OptionsRequestB, type SellerViewB } from "./sellerView";

/**
 * Spec 4.3 common fields (validation has applied REGULAR / VAT on where the endpoint has the
 * field); an endpoint without sellerType or hasVat uses the seller's own. Today, 30 days.
 */
export function optionsB(
  ctx: HandlerContext,
  overrides: Partial<OptionsRequestB> = {},
): OptionsRequestB {
  const type = optString(ctx.body, "sellerType");
  const sellerType: SellerTypeB | null = type === "MALL" || type === "REGULAR" ? type : null;
  return {
    sellerType,
    hasVat: optBoolean(ctx.body, "hasVat"),
    ...windowBC(ctx),
    ...overrides,
  };
}

/** The seller named in the body (sellerId, region), seen from the caller's account. */
export function sellerFromBody(
  ctx: HandlerContext,
  overrides: Partial<OptionsRequestB> = {},
): SellerViewB {
  return sellerAt(ctx, reqNumber(ctx.body, "sellerId"), reqString(ctx.body, "region"), overrides);
}

/** The seller named in the path (sellerId, region). */
export function sellerFromPath(
  ctx: HandlerContext,
  overrides: Partial<OptionsRequestB> = {},
): SellerViewB {
  return sellerAt(ctx, pathNumber(ctx.path, "sellerId"), pathString(ctx.path, "region"), overrides);
}

function sellerAt(
  ctx: HandlerContext,
  sellerId: number,
  region: string,
  overrides: Partial<OptionsRequestB>,
): SellerViewB {
  return sellerViewB(ctx.account, ctx.data, sellerId, region, optionsB(ctx, overrides), ctx.today);
}
