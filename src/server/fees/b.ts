/**
 * Marketplace B (~Lazada) per-unit profit, in integer minor units, one rounding per line.
 * Lines (docs/contract-notes.md): originalPrice, specialPriceDiscount, sellerVoucher,
 * commissionFee, paymentFee, freeShippingCommission, coinDeduction, cogs, vat, returnCost.
 * They sum exactly to net profit. Bases (shared/fees.md):
 * - commission on (price - seller voucher), price being the special price L - d;
 * - payment fee on what the buyer pays: L - d - v - platform discount + buyer shipping;
 * - free-shipping commission on (L - d - v), capped per item, only inside the programme;
 * - coins: the seller pays only the coin value redeemed;
 * - output VAT t/(1+t) of the consideration L - d - v (discounts at sale are outside the base);
 * - return cost: return rate x cost of one return (reverse shipping).
 */
import type { SellerTypeB } from "../data/model";
import { line, rateLine, type UnitBreakdown } from "../analytics/breakdown";
import { rateOf } from "../analytics/money";
import type { FeeScheduleB } from "./ratesB";
import { unitBreakdownBC, type UnitInputBC } from "./engineBC";

/** Everything one unit's breakdown depends on. Money in minor units, rates as fractions. */
export interface UnitInputB extends UnitInputBC {
  readonly specialPriceDiscount: number;
  /** Coin value redeemed per unit that the seller funds. */
  readonly coinDeduction: number;
  /** Commission of the category (before the seller-type surcharge). */
  readonly categoryCommissionRate: number;
  /** Replaces the resolved commission rate (simulate). */
  readonly commissionRateOverride?: number | null;
  readonly sellerType: SellerTypeB;
  readonly isInFreeShipping: boolean;
  readonly schedule: FeeScheduleB;
}

/** Commission rate for a category rate and seller type, capped at the schedule's maximum. */
export function commissionRateB(
  categoryRate: number,
  sellerType: SellerTypeB,
  schedule: FeeScheduleB,
): number {
  const rate =
    sellerType === "MALL" ? categoryRate + schedule.mallCommissionSurcharge : categoryRate;
  return Math.round(Math.min(schedule.maxCommissionRate, rate) * 1e6) / 1e6;
}

/** The per-unit breakdown of one B SKU. */
export function unitBreakdownB(input: UnitInputB): UnitBreakdown {
  const s = input.schedule;
  const revenue = input.listPrice - input.specialPriceDiscount - input.sellerVoucher;
  const buyerPays = Math.max(0, revenue - input.platformDiscount + input.buyerShippingPerUnit);
  const commissionRate =
    input.commissionRateOverride ??
    commissionRateB(input.categoryCommissionRate, input.sellerType, s);
  const commissionBase = Math.max(0, revenue);
  const inProgramme = input.isInFreeShipping;
  const freeShipping = inProgramme
    ? Math.min(s.freeShippingCapMinor, rateOf(s.freeShippingRate, commissionBase))
    : 0;
  return unitBreakdownBC(input, {
    discount: {
      name: "specialPriceDiscount",
      label: "Special-price discount",
      minor: input.specialPriceDiscount,
    },
    commissionRate,
    vatRate: s.vatRate,
    charges: [
      rateLine("commissionFee", "Commission", commissionRate, commissionBase),
      rateLine("paymentFee", "Payment fee", s.paymentFeeRate, buyerPays),
      line(
        "freeShippingCommission",
        "Free-shipping commission",
        -freeShipping,
        inProgramme ? s.freeShippingRate : 0,
        inProgramme ? commissionBase : null,
      ),
      line("coinDeduction", "Coin deduction", -input.coinDeduction),
    ],
    costOfOneReturnMinor: s.returnCostPerReturnMinor,
  });
}
