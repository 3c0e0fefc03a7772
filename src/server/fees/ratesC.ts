/**
 * Marketplace C (~TikTok Shop) fee schedule, effective-dated per region. Demo values shaped
 * like shared/fees.md: platform fee (CGF, commerce growth fee) ~5-6.5 % capped per item (e.g.
 * 199 THB) and not refunded on returns, pre-order surcharge ~2 %, transaction fee ~3 % of what
 * the buyer pays. Commission by category L1/L2/L3 lives in DemoData.categoriesC.
 */
import {
  layeredTable,
  valueOn,
  type EffectiveChange,
  type EffectiveEntry,
} from "../analytics/effectiveDated";
import { vatRateOn } from "./vat";

export interface FeeScheduleC {
  /** CGF share of (price - seller discount), capped per item. */
  readonly platformFeeRate: number;
  readonly platformFeeCapMinor: number;
  /** Extra share of (price - seller discount) for pre-order listings. */
  readonly preOrderRate: number;
  /** Share of what the buyer pays (price - discounts - voucher + buyer shipping). */
  readonly transactionFeeRate: number;
  /** Reverse shipping of one return, minor units (the CGF is lost on top of it). */
  readonly reverseShippingMinor: number;
  readonly vatRate: number;
}

/** Everything but VAT, which is the region's (fees/vat.ts). */
type FeesC = Omit<FeeScheduleC, "vatRate">;

const base: Readonly<Record<string, FeesC>> = {
  TH: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 19_900,
    preOrderRate: 0.02,
    transactionFeeRate: 0.0321,
    reverseShippingMinor: 4_000,
  },
  MY: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 3_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.0378,
    reverseShippingMinor: 600,
  },
  SG: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 1_500,
    preOrderRate: 0.02,
    transactionFeeRate: 0.03,
    reverseShippingMinor: 350,
  },
  PH: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 30_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.0224,
    reverseShippingMinor: 7_000,
  },
  VN: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 50_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.05,
    reverseShippingMinor: 25_000,
  },
  ID: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 40_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.04,
    reverseShippingMinor: 15_000,
  },
};

/** CGF rose from 5 % to 6.5 % (TH, MY) in mid-2025. */
const changes: readonly EffectiveChange<FeesC>[] = [
  ["TH", "2025-06-01", { platformFeeRate: 0.065 }],
  ["MY", "2025-06-01", { platformFeeRate: 0.065 }],
];

/** The table: a 2020 baseline per region, then each change layered on the one before it. */
export const FEE_SCHEDULE_C: readonly EffectiveEntry<FeesC>[] = layeredTable(base, changes);

/** The C fee schedule in force in `region` on `date`. */
export function feeScheduleC(region: string, date: string): FeeScheduleC {
  return { ...valueOn(FEE_SCHEDULE_C, region, date), vatRate: vatRateOn(region, date) };
}
