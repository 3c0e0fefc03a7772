/**
 * Profit-and-loss waterfall: revenue, then each cost as a relative (negative) step, then net
 * profit as a total. Amounts are integer minor units, so the steps sum exactly to the total.
 */

/** One signed cost or credit line (cost negative), in minor units. */
export interface MoneyLine {
  readonly name: string;
  readonly label: string;
  readonly amountMinor: number;
}

export interface WaterfallStep {
  readonly name: string;
  readonly label: string;
  /** `revenue` starts the bar, `relative` moves it, `total` is net profit. */
  readonly kind: "revenue" | "relative" | "total";
  readonly amountMinor: number;
  /** Running total after this step. */
  readonly runningMinor: number;
}

/** Waterfall of revenue and signed cost lines; the last step is net profit = revenue + sum of costs. */
export function buildWaterfall(revenueMinor: number, costs: readonly MoneyLine[]): WaterfallStep[] {
  const steps: WaterfallStep[] = [
    {
      name: "revenue",
      label: "Revenue",
      kind: "revenue",
      amountMinor: revenueMinor,
      runningMinor: revenueMinor,
    },
  ];
  let running = revenueMinor;
  for (const cost of costs) {
    running += cost.amountMinor;
    steps.push({
      name: cost.name,
      label: cost.label,
      kind: "relative",
      amountMinor: cost.amountMinor,
      runningMinor: running,
    });
  }
  steps.push({
    name: "netProfit",
    label: "Net profit",
    kind: "total",
    amountMinor: running,
    runningMinor: running,
  });
  return steps;
}
