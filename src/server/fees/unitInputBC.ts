/** What the B and C fee engines (fees/b.ts, fees/c.ts) both read of one unit sold. */
import type { CogsSource } from "../analytics/breakdown";

/** Money in minor units per unit, rates as fractions. */
export interface UnitInputBC {
  readonly listPrice: number;
  readonly sellerVoucher: number;
  /** Platform-funded discount: rebated to the seller, it only lowers what the buyer pays. */
  readonly platformDiscount: number;
  readonly buyerShippingPerUnit: number;
  readonly hasVat: boolean;
  readonly cogs: number;
  readonly cogsSource: CogsSource;
  /** Returned share of units in the lookback window. */
  readonly returnRate: number;
  /** Replaces the expected return cost per unit sold (simulate), minor units >= 0. */
  readonly returnCostPerSaleOverride?: number | null;
}
