/**
 * Marketplace B (~Lazada) fee schedule, effective-dated per region. Demo values shaped like the
 * public facts in shared/fees.md: payment fee ~2 % of what the buyer pays, free-shipping
 * programme ~5-6 % capped per item, MALL sellers pay a higher commission. Commission by
 * category lives in the dataset's category table (DemoData.categoriesB).
 */
import {
  layeredTable,
  valueOn,
  type EffectiveChange,
  type EffectiveEntry,
} from "../analytics/effectiveDated";
import type { FreeShippingChangeB } from "../data/model";
import { vatRateOn } from "./vat";

export interface FeeScheduleB {
  /** Share of what the buyer pays (price - promotions + buyer shipping). */
  readonly paymentFeeRate: number;
  /** Free-shipping programme share of (price - seller voucher), capped per item. */
  readonly freeShippingRate: number;
  readonly freeShippingCapMinor: number;
  /** Added to the category commission for MALL sellers. */
  readonly mallCommissionSurcharge: number;
  /** Commission never exceeds this (the "up to ~13 %" of the fee facts, MALL included). */
  readonly maxCommissionRate: number;
  /** What one return costs the seller: reverse shipping, minor units. */
  readonly returnCostPerReturnMinor: number;
  /** VAT rate (output VAT is t/(1+t) of the consideration). */
  readonly vatRate: number;
}

/** Everything but VAT, which is the region's (fees/vat.ts). */
type FeesB = Omit<FeeScheduleB, "vatRate">;

const base: Readonly<Record<string, FeesB>> = {
  SG: {
    paymentFeeRate: 0.02,
    freeShippingRate: 0.05,
    freeShippingCapMinor: 1_000,
    mallCommissionSurcharge: 0.02,
    maxCommissionRate: 0.15,
    returnCostPerReturnMinor: 350,
  },
  MY: {
    paymentFeeRate: 0.02,
    freeShippingRate: 0.05,
    freeShippingCapMinor: 1_500,
    mallCommissionSurcharge: 0.02,
    maxCommissionRate: 0.15,
    returnCostPerReturnMinor: 600,
  },
  TH: {
    paymentFeeRate: 0.0214,
    freeShippingRate: 0.05,
    freeShippingCapMinor: 10_000,
    mallCommissionSurcharge: 0.02,
    maxCommissionRate: 0.15,
    returnCostPerReturnMinor: 4_000,
  },
  PH: {
    paymentFeeRate: 0.0224,
    freeShippingRate: 0.05,
    freeShippingCapMinor: 20_000,
    mallCommissionSurcharge: 0.02,
    maxCommissionRate: 0.15,
    returnCostPerReturnMinor: 7_000,
  },
  VN: {
    paymentFeeRate: 0.022,
    freeShippingRate: 0.05,
    freeShippingCapMinor: 50_000,
    mallCommissionSurcharge: 0.02,
    maxCommissionRate: 0.15,
    returnCostPerReturnMinor: 25_000,
  },
  ID: {
    paymentFeeRate: 0.018,
    freeShippingRate: 0.04,
    freeShippingCapMinor: 40_000,
    mallCommissionSurcharge: 0.02,
    maxCommissionRate: 0.15,
    returnCostPerReturnMinor: 15_000,
  },
};

/** Changes over time: the free-shipping programme rates rose in mid-2024. */
const changes: readonly EffectiveChange<FeesB>[] = [
  ["SG", "2024-07-01", { freeShippingRate: 0.06 }],
  ["MY", "2024-07-01", { freeShippingRate: 0.06 }],
  ["TH", "2024-07-01", { freeShippingRate: 0.06 }],
  ["PH", "2024-07-01", { freeShippingRate: 0.06 }],
  ["VN", "2024-07-01", { freeShippingRate: 0.055 }],
];

/** The table: a 2020 baseline per region, then each change layered on the one before it. */
export const FEE_SCHEDULE_B: readonly EffectiveEntry<FeesB>[] = layeredTable(base, changes);

/** Tables with a dataset's scheduled changes layered in, one per list of changes. */
const withScheduled = new WeakMap<readonly FreeShippingChangeB[], EffectiveEntry<FeesB>[]>();

/** The fee table with changes scheduled relative to the dataset's today, in date order. */
function tableWith(scheduled: readonly FreeShippingChangeB[]): readonly EffectiveEntry<FeesB>[] {
  if (scheduled.length === 0) return FEE_SCHEDULE_B;
  let table = withScheduled.get(scheduled);
  if (!table) {
    const extra = scheduled.map((c): EffectiveChange<FeesB> => [
      c.region,
      c.effectiveFrom,
      { freeShippingRate: c.freeShippingRate },
    ]);
    table = layeredTable(base, [...changes, ...extra]);
    withScheduled.set(scheduled, table);
  }
  return table;
}

/**
 * The B fee schedule in force in `region` on `date`; `scheduled`: the dataset's service-fee
 * changes after its today (DemoData.scheduledFeeChangesB).
 */
export function feeScheduleB(
  region: string,
  date: string,
  scheduled: readonly FreeShippingChangeB[] = [],
): FeeScheduleB {
  return { ...valueOn(tableWith(scheduled), region, date), vatRate: vatRateOn(region, date) };
}
