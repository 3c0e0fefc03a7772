/**
 * Box-and-whisker summary of a sample (shop overview margin distribution). Quartiles by
 * linear interpolation (numpy's default), Tukey fences at 1.5 IQR, whiskers at the most
 * extreme data inside the fences, points beyond them are outliers.
 */

export interface BoxPlot {
  readonly count: number;
  /** Lower whisker: the smallest value inside the fences. */
  readonly min: number | null;
  readonly q1: number | null;
  readonly median: number | null;
  readonly q3: number | null;
  /** Upper whisker: the largest value inside the fences. */
  readonly max: number | null;
  readonly lowerFence: number | null;
  readonly upperFence: number | null;
  /** Values beyond the fences, ascending. */
  readonly outliers: number[];
}

/** The p-quantile (0..1) of an ascending sample, numpy "linear" method. */
export function quantileLinear(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError("quantile of an empty sample");
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(n - 1, lo + 1)] as number;
  return a + (h - lo) * (b - a);
}

/** Box plot of the finite values of a sample; n = 0 gives nulls, n = 1 gives that value everywhere. */
export function boxPlot(values: readonly number[]): BoxPlot {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
  const n = sorted.length;
  if (n === 0) {
    return {
      count: 0,
      min: null,
      q1: null,
      median: null,
      q3: null,
      max: null,
      lowerFence: null,
      upperFence: null,
      outliers: [],
    };
  }
  const q1 = quantileLinear(sorted, 0.25);
  const median = quantileLinear(sorted, 0.5);
  const q3 = quantileLinear(sorted, 0.75);
  const iqr = q3 - q1;
  const lowerFence = q1 - 1.5 * iqr;
  const upperFence = q3 + 1.5 * iqr;
  const inside = sorted.filter((v) => v >= lowerFence && v <= upperFence);
  const outliers = sorted.filter((v) => v < lowerFence || v > upperFence);
  // Quartiles always lie inside the fences, so `inside` is never empty.
  return {
    count: n,
    min: inside[0] as number,
    q1,
    median,
    q3,
    max: inside[inside.length - 1] as number,
    lowerFence,
    upperFence,
    outliers,
  };
}
