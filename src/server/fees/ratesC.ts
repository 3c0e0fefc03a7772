/**
 * Marketplace C (~TikTok Shop) fee schedule, effective-dated per region. Demo values shaped
 * like shared/fees.md: platform fee (CGF, commerce growth fee) ~5-6.5 % capped per item (e.g.
 * 199 THB) and not refunded on returns, pre-order surcharge ~2 %, transaction fee ~3 % of what
 * the buyer pays. Commission by category L1/L2/L3 lives in DemoData.categoriesC.
 */
import { valueOn, type EffectiveEntry } from "../analytics/effectiveDated";

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

const base: Readonly<Record<string, FeeScheduleC>> = {
  TH: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 19_900,
    preOrderRate: 0.02,
    transactionFeeRate: 0.0321,
    reverseShippingMinor: 4_000,
    vatRate: 0.07,
  },
  MY: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 3_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.0378,
    reverseShippingMinor: 600,
    vatRate: 0.08,
  },
  SG: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 1_500,
    preOrderRate: 0.02,
    transactionFeeRate: 0.03,
    reverseShippingMinor: 350,
    vatRate: 0.09,
  },
  PH: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 30_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.0224,
    reverseShippingMinor: 7_000,
    vatRate: 0.12,
  },
  VN: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 50_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.05,
    reverseShippingMinor: 25_000,
    vatRate: 0.1,
  },
  ID: {
    platformFeeRate: 0.05,
    platformFeeCapMinor: 40_000,
    preOrderRate: 0.02,
    transactionFeeRate: 0.04,
    reverseShippingMinor: 15_000,
    vatRate: 0.11,
  },
};

/** CGF rose from 5 % to 6.5 % (TH, MY) in mid-2025. */
const changes: ReadonlyArray<readonly [string, string, Partial<FeeScheduleC>]> = [
  ["TH", "2025-06-01", { platformFeeRate: 0.065 }],
  ["MY", "2025-06-01", { platformFeeRate: 0.065 }],
  ["ID", "2025-01-01", { vatRate: 0.12 }],
];

export const FEE_SCHEDULE_C: readonly EffectiveEntry<FeeScheduleC>[] = buildTable();

function buildTable(): EffectiveEntry<FeeScheduleC>[] {
  const entries: EffectiveEntry<FeeScheduleC>[] = [];
  for (const [region, schedule] of Object.entries(base)) {
    entries.push({ region, effectiveFrom: "2020-01-01", value: schedule });
    const own = changes.filter((c) => c[0] === region).sort((a, b) => a[1].localeCompare(b[1]));
    let current = schedule;
    for (const [, from, patch] of own) {
      current = { ...current, ...patch };
      entries.push({ region, effectiveFrom: from, value: current });
    }
  }
  return entries;
}

/** The C fee schedule in force in `region` on `date`. */
export function feeScheduleC(region: string, date: string): FeeScheduleC {
  return valueOn(FEE_SCHEDULE_C, region, date);
}
