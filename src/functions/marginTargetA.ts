/**
 * A required price for a target MARGIN on marketplace A, whose endpoint (A4) solves only for
 * a profit amount per unit (its `targetMargin` is an amount, spec 4.2). Profit per unit is,
 * between fee steps, a straight line in revenue: p = slope * revenue + offset (percentage fees
 * and VAT scale with revenue; cost, ads and fixed fees do not). So:
 *
 *   1. ask A4 for a first profit guess (the margin times the unit costs): one point;
 *   2. read that point as p = rate * revenue - unit costs, solve p = margin * revenue on it
 *      and ask for that profit: a second point, near the target (often on it);
 *   3. through the two points, solve p = margin * revenue on the line, and ask once more.
 *
 * At most 3 requests; the answer is the first A4 answer whose own breakdown shows the target
 * margin within 0.1 percentage point, else the cell says it could not be reached. Below about
 * 10 units of a two-decimal currency one cent of price or of a rounded fee line moves the
 * margin by more than that: there the bound is one minor unit's share of the revenue.
 */
import { call, type Program } from "../core/effects";
import { ApiError } from "../core/errors";
import { breakdownLines, isRecord, netProfitOf } from "../core/shape";

/**
 * How close the margin of the answered breakdown must be: 0.1 percentage point, less the
 * 0.005 point by which A rounds the margin it shows (to 0.01 point).
 */
const MARGIN_TOLERANCE = 0.00095;

/** A4, its fields checked by the schema before sending (the body is built field by field). */
const A4: string = "A4";

/** Requests one margin cell may spend on A4. */
const MAX_REQUESTS = 3;

/** Currencies without a minor unit (contract notes); the others have cents. */
const WHOLE_CURRENCIES = new Set(["VND", "IDR"]);

/** One A4 answer read as a point on the profit line. */
interface Point {
  readonly answer: unknown;
  readonly profit: number;
  readonly revenue: number;
  readonly margin: number | null;
  /** The money step of the answer's currency (0.01, or 1 for VND and IDR). */
  readonly minorUnit: number;
}

/** Revenue per unit: metadata.revenue, else list price less seller discount and voucher. */
function revenueOf(answer: unknown): number {
  const meta = isRecord(answer) && isRecord(answer.metadata) ? answer.metadata : {};
  if (typeof meta.revenue === "number") return meta.revenue;
  const lines = new Map(breakdownLines(answer));
  const amount = (name: string): number => lines.get(name)?.amount ?? 0;
  return amount("originalModelPrice") + amount("sellerDiscount") + amount("sellerVoucher");
}

function pointOf(answer: unknown): Point {
  const profit = netProfitOf(answer);
  const revenue = revenueOf(answer);
  const meta = isRecord(answer) && isRecord(answer.metadata) ? answer.metadata : {};
  const minorUnit = WHOLE_CURRENCIES.has(String(meta.currency)) ? 1 : 0.01;
  return { answer, profit, revenue, margin: revenue > 0 ? profit / revenue : null, minorUnit };
}

/** Within 0.1 point, or within one minor unit's share of revenue where that is coarser. */
const onTarget = (p: Point, margin: number): boolean =>
  p.margin !== null &&
  Math.abs(p.margin - margin) <= Math.max(MARGIN_TOLERANCE, p.minorUnit / p.revenue);

const percent = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;

/**
 * Why a margin above A's ceiling is never met: `slope`, the share of revenue fees and VAT leave
 * (profit's growth per unit of price, read from two of the API's answers). The REQUIRED_PRICE
 * cell and the pricing sheet's Answer say it in these words.
 */
export const marginCeilingA = (margin: number, slope: number): string =>
  `a ${percent(margin)} margin cannot be reached on marketplace A: fees and VAT leave at most about ${percent(slope)} of revenue at any price. Ask for a lower margin`;

/**
 * The A4 answer whose price reaches `margin` (a fraction), asked with `sent` (every A4 field
 * but targetMargin). `unitCosts` seeds the first guess (cost, ads, fixed discount per unit).
 */
export function* requiredPriceForMarginA(
  sent: Readonly<Record<string, unknown>>,
  margin: number,
  unitCosts: number,
): Program<unknown> {
  const ask = function* (profit: number): Program<Point> {
    // Whole minor units, as A4 reads money; 4 decimals cover every currency's minor unit.
    const targetMargin = Math.round(profit * 1e4) / 1e4;
    return pointOf(yield* call(A4, { ...sent, targetMargin }));
  };
  const first = yield* ask(margin * (unitCosts > 0 ? unitCosts : 1));
  if (onTarget(first, margin)) return first.answer;
  // Read the first answer as p = rate * revenue - unitCosts (fees in proportion, costs
  // fixed) and ask for the profit that line gives at the target margin.
  const rate = first.revenue > 0 ? (first.profit + unitCosts) / first.revenue : 0;
  const guess = unitCosts > 0 && rate > margin ? unitCosts / (rate - margin) : first.revenue;
  let last = yield* ask(margin * guess);
  if (onTarget(last, margin)) return last.answer;
  const slope =
    Math.abs(last.revenue - first.revenue) < 1e-9
      ? null
      : (last.profit - first.profit) / (last.revenue - first.revenue);
  if (slope === null)
    throw new ApiError(
      "BAD_RESPONSE",
      "marketplace A's required-price endpoint answered one price for two different profits, so no margin can be solved from it: give the profit per unit in targetProfit instead",
    );
  // Margin rises towards `slope` as the price grows: a target at or above it is never met.
  if (margin >= slope - MARGIN_TOLERANCE) {
    throw new ApiError("UNREACHABLE", marginCeilingA(margin, slope), { field: "targetMargin" });
  }
  const offset = first.profit - slope * first.revenue;
  const revenue = offset / (margin - slope);
  last = yield* ask(margin * revenue); // the third and last request
  if (onTarget(last, margin)) return last.answer;
  throw new ApiError(
    "UNREACHABLE",
    `the price for a ${percent(margin)} margin on marketplace A came to ${
      last.margin === null ? "no margin" : percent(last.margin)
    } after ${MAX_REQUESTS} requests (a fee changes in steps near that price). Give the profit per unit in targetProfit instead`,
    { field: "targetMargin" },
  );
}
