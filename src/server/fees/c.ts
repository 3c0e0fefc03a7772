/**
 * Marketplace C (~TikTok Shop) per-unit profit, in integer minor units, one rounding per line.
 * Lines (docs/contract-notes.md): originalPrice, sellerDiscount, sellerVoucher, commissionFee,
 * platformFee, transactionFee, preOrderFee, cogs, adsCostPerSale, vat, returnCost; they sum
 * exactly to net profit. Bases (shared/fees.md):
 * - commission (by category, most specific level wins) on (price - seller discount);
 * - platform fee (CGF) on (price - seller discount), capped per item;
 * - pre-order surcharge on (price - seller discount) for pre-order listings;
 * - transaction fee on what the buyer pays: L - d - v - platform discount + buyer shipping,
 *   except that own-fleet shipping is paid to the seller's fleet, outside the platform;
 * - output VAT t/(1+t) of the consideration L - d - v;
 * - return cost: return rate x (reverse shipping + the CGF, which is not refunded).
 */
import { line, rateLine, type UnitBreakdown } from "../analytics/breakdown";
import { rateOf } from "../analytics/money";
import type { FeeScheduleC } from "./ratesC";
import { unitBreakdownBC, type UnitInputBC } from "./engineBC";

export interface UnitInputC extends UnitInputBC {
  readonly sellerDiscount: number;
  readonly commissionRate: number;
  readonly isPreOrder: boolean;
  readonly isOwnFleetOnly: boolean;
  readonly adsCostPerSale: number;
  readonly schedule: FeeScheduleC;
}

/** The per-unit breakdown of one C SKU. */
export function unitBreakdownC(input: UnitInputC): UnitBreakdown {
  const s = input.schedule;
  const revenue = input.listPrice - input.sellerDiscount - input.sellerVoucher;
  const priceBase = Math.max(0, input.listPrice - input.sellerDiscount);
  const shipping = input.isOwnFleetOnly ? 0 : input.buyerShippingPerUnit;
  const buyerPays = Math.max(0, revenue - input.platformDiscount + shipping);
  const platformFee = Math.min(s.platformFeeCapMinor, rateOf(s.platformFeeRate, priceBase));
  const preOrderRate = input.isPreOrder ? s.preOrderRate : 0;
  return unitBreakdownBC(input, {
    discount: { name: "sellerDiscount", label: "Seller discount", minor: input.sellerDiscount },
    commissionRate: input.commissionRate,
    vatRate: s.vatRate,
    charges: [
      rateLine("commissionFee", "Commission", input.commissionRate, priceBase),
      line("platformFee", "Platform fee (CGF)", -platformFee, s.platformFeeRate, priceBase),
      rateLine("transactionFee", "Transaction fee", s.transactionFeeRate, buyerPays),
      line(
        "preOrderFee",
        "Pre-order fee",
        -rateOf(preOrderRate, priceBase),
        preOrderRate,
        input.isPreOrder ? priceBase : null,
      ),
    ],
    afterCogs: [line("adsCostPerSale", "Ads cost per sale", -input.adsCostPerSale)],
    // The CGF is not refunded on a return: it is lost on top of the reverse shipping.
    costOfOneReturnMinor: s.reverseShippingMinor + platformFee,
  });
}
