/**
 * Marketplace A fee schedules by region, effective-dated (fees.md: Shopee-like demo values).
 * Commission rates live with the categories in the demo data; everything else is here.
 */
import { vatRateOn } from "./vat";

export interface FeeScheduleA {
  readonly effectiveFrom: string;
  /** Transaction (payment) fee on what the buyer pays, incl. shipping, net of vouchers. */
  readonly transactionFeeRate: number;
  /** Service-fee programme (free shipping / coins cashback) on the price after discounts and vouchers. */
  readonly serviceFeeRate: number;
  /** Per-item cap of the service fee, minor units. */
  readonly serviceFeeCapMinor: number;
  /** Whether commission is charged after seller vouchers too (some regions), not only discounts. */
  readonly commissionAfterVoucher: boolean;
  /** VAT/GST rate a registered seller owes (output VAT is t/(1+t) of the consideration). */
  readonly vatRate: number;
  /** What one returned unit costs the seller (return shipping and handling), minor units. */
  readonly returnCostMinor: number;
}

/** Everything but VAT, which is the region's (fees/vat.ts). */
type FeesA = Omit<FeeScheduleA, "vatRate">;

const SCHEDULES: Readonly<Record<string, readonly FeesA[]>> = {
  SG: [
    {
      effectiveFrom: "2020-01-01",
      transactionFeeRate: 0.02,
      serviceFeeRate: 0.04,
      serviceFeeCapMinor: 400,
      commissionAfterVoucher: false,
      returnCostMinor: 350,
    },
    {
      effectiveFrom: "2024-01-01",
      transactionFeeRate: 0.03,
      serviceFeeRate: 0.05,
      serviceFeeCapMinor: 500,
      commissionAfterVoucher: false,
      returnCostMinor: 350,
    },
  ],
  MY: [
    {
      effectiveFrom: "2020-01-01",
      transactionFeeRate: 0.0378,
      serviceFeeRate: 0.05,
      serviceFeeCapMinor: 2000,
      commissionAfterVoucher: true,
      returnCostMinor: 800,
    },
  ],
  TH: [
    {
      effectiveFrom: "2020-01-01",
      transactionFeeRate: 0.0321,
      serviceFeeRate: 0.05,
      serviceFeeCapMinor: 10000,
      commissionAfterVoucher: true,
      returnCostMinor: 4500,
    },
  ],
  PH: [
    {
      effectiveFrom: "2020-01-01",
      transactionFeeRate: 0.0224,
      serviceFeeRate: 0.04,
      serviceFeeCapMinor: 10000,
      commissionAfterVoucher: false,
      returnCostMinor: 9000,
    },
  ],
  VN: [
    {
      effectiveFrom: "2020-01-01",
      transactionFeeRate: 0.05,
      serviceFeeRate: 0.06,
      serviceFeeCapMinor: 50000,
      commissionAfterVoucher: true,
      returnCostMinor: 30000,
    },
  ],
  ID: [
    {
      effectiveFrom: "2020-01-01",
      transactionFeeRate: 0.04,
      serviceFeeRate: 0.045,
      serviceFeeCapMinor: 40000,
      commissionAfterVoucher: false,
      returnCostMinor: 20000,
    },
  ],
};

/** The schedule in force in `region` on `date` (the earliest one for dates before it). */
export function feeScheduleA(region: string, date: string): FeeScheduleA {
  const list = SCHEDULES[region];
  const first = list?.[0];
  if (!list || !first) throw new Error(`no marketplace A fee schedule for ${region}`);
  let found = first;
  for (const s of list) if (s.effectiveFrom <= date) found = s;
  return { ...found, vatRate: vatRateOn(region, date) };
}
