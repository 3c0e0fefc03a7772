/** What the B and C fee engines (fees/b.ts, fees/c.ts) share: their input and their lines. */
import {
  line,
  unitFromLines,
  type CogsSource,
  type MinorLine,
  type UnitBreakdown,
} from "../analytics/breakdown";
import { rateOf } from "../analytics/money";
import { outputVatLine } from "./vat";

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

/** What a B or C engine works out for one unit besides the lines every unit has. */
export interface UnitFeesBC {
  /** The seller's own per-unit discount as the marketplace names it. */
  readonly discount: { readonly name: string; readonly label: string; readonly minor: number };
  readonly commissionRate: number;
  /** The region's VAT rate (counted only for a VAT-registered seller). */
  readonly vatRate: number;
  /** Fees and charges, in order, between the price lines and COGS. */
  readonly charges: readonly MinorLine[];
  /** Costs after COGS (C: ads per sale). */
  readonly afterCogs?: readonly MinorLine[];
  /** Return rate x the cost of one return (minor units), unless the input overrides it. */
  readonly costOfOneReturnMinor: number;
}

/**
 * A B or C unit breakdown: the price lines (list price, the seller's discount and voucher),
 * the marketplace's charges, COGS and any later costs, output VAT of what the seller is paid
 * and the expected return cost; net profit is their exact sum.
 */
export function unitBreakdownBC(input: UnitInputBC, fees: UnitFeesBC): UnitBreakdown {
  const revenue = input.listPrice - fees.discount.minor - input.sellerVoucher;
  const vatRate = input.hasVat ? fees.vatRate : 0;
  const returnCost =
    input.returnCostPerSaleOverride ?? rateOf(input.returnRate, fees.costOfOneReturnMinor);
  const lines: MinorLine[] = [
    line("originalPrice", "Original price", input.listPrice),
    line(fees.discount.name, fees.discount.label, -fees.discount.minor),
    line("sellerVoucher", "Seller voucher", -input.sellerVoucher),
    ...fees.charges,
    line("cogs", "COGS", -input.cogs),
    ...(fees.afterCogs ?? []),
    outputVatLine(input.hasVat, vatRate, revenue),
    line("returnCost", "Return cost", -returnCost, input.returnRate, fees.costOfOneReturnMinor),
  ];
  return unitFromLines(lines, {
    revenueMinor: revenue,
    commissionRate: fees.commissionRate,
    vatRate,
    hasVat: input.hasVat,
    cogsSource: input.cogsSource,
  });
}
