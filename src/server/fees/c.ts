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
import {
  line,
  rateLine,
  unitFromLines,
  type MinorLine,
  type UnitBreakdown,
} from "../analytics/breakdown";
import { rateOf } from "../analytics/money";
import { outputVatLine } from "./vat";
import type { FeeScheduleC } from "./ratesC";
import type { UnitInputBC } from "./unitInputBC";

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
  const L = input.listPrice;
  const d = input.sellerDiscount;
  const v = input.sellerVoucher;
  const revenue = L - d - v;
  const priceBase = Math.max(0, L - d);
  const shipping = input.isOwnFleetOnly ? 0 : input.buyerShippingPerUnit;
  const buyerPays = Math.max(0, revenue - input.platformDiscount + shipping);
  const platformFee = Math.min(s.platformFeeCapMinor, rateOf(s.platformFeeRate, priceBase));
  const preOrderRate = input.isPreOrder ? s.preOrderRate : 0;
  const vatRate = input.hasVat ? s.vatRate : 0;
  const costOfOneReturn = s.reverseShippingMinor + platformFee;
  const returnCost = input.returnCostPerSaleOverride ?? rateOf(input.returnRate, costOfOneReturn);
  const lines: MinorLine[] = [
    line("originalPrice", "Original price", L),
    line("sellerDiscount", "Seller discount", -d),
    line("sellerVoucher", "Seller voucher", -v),
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
    line("cogs", "COGS", -input.cogs),
    line("adsCostPerSale", "Ads cost per sale", -input.adsCostPerSale),
    outputVatLine(input.hasVat, vatRate, revenue),
    line("returnCost", "Return cost", -returnCost, input.returnRate, costOfOneReturn),
  ];
  return unitFromLines(lines, {
    revenueMinor: revenue,
    commissionRate: input.commissionRate,
    vatRate,
    hasVat: input.hasVat,
    cogsSource: input.cogsSource,
  });
}
