/**
 * The listing price that keeps, at the date of a fee change, the margin a sale at today's list
 * price earns today (issue 34 item 2). From four answers of the buyer-price preview (A22, B15,
 * C9), all batches: the sale at today's list price today, the same sale at the date, and two
 * below the list price at the date (10 % and half under it). Profit at the date is linear in the
 * price between fee caps (each fee a rate of the price; cost, ads and returns fixed), so points
 * at the date give its slope, and the price where profit over price equals today's margin
 * follows; it is rounded up to the currency's unit, so the margin is at least today's. Where the
 * fees do not change, it is today's list price.
 *
 * Each answer's profit is rounded to the currency's unit line by line, so a slope over a short
 * step is noisy (10 % under a 10.00 list price, 3 cents of rounding are 3 % of the slope). The
 * slope over half the list price is ten times steadier; it is used where it agrees with the
 * short one within that noise, i.e. where no fee cap lies between the two lower prices. Where
 * they disagree, or the slope up to a sale above the list price (A21) disagrees, a cap binds
 * near the list price, and the price above it is only a guess.
 */

/** A sale as a buyer-price preview priced it. */
export interface PricePoint {
  /** What the buyer pays (the list price less the preview's discount; no voucher). */
  readonly price: number;
  readonly profit: number;
  /** The unit cost the profit counts (the COGS line), where the answer has one. */
  readonly cogs?: number;
  /** The API's margin of the sale (a fraction), where it gave one. */
  readonly margin?: number | null;
  /** Where the API took the cost from (explicit, inferred, missing), where it said. */
  readonly cogsSource?: string | null;
}

/**
 * The price, or why there is none. `estimate`: a fee cap lies between the lower prices (the
 * slopes disagree), so the price is the short slope's guess; a marketplace with a solver that
 * prices above the list price asks it for such rows alone (A21), others say it is a guess.
 */
export type KeepPrice =
  { readonly price: number; readonly estimate?: true } | { readonly reason: string };

/** Rounding of the lines of one answer: a few units of the currency's smallest unit. */
const ROUNDING_UNITS = 3;

/** The profit per unit of price between the list price and `lower` (null: no step). */
const slopeTo = (list: PricePoint, lower: PricePoint | null): number | null =>
  lower && list.price - lower.price > 0
    ? (list.profit - lower.profit) / (list.price - lower.price)
    : null;

/** The sales a row's price is found from (null: the preview did not price that one). */
export interface KeepPoints {
  /** The sale at today's list price, today. */
  readonly listToday: PricePoint;
  /** The same sale at the date. */
  readonly listLater: PricePoint;
  /** 10 % under the list price, at the date. */
  readonly lowerLater: PricePoint;
  /** Half the list price, at the date. */
  readonly halfLater: PricePoint | null;
  /**
   * A sale above the list price at the date, at or above the price sought (A21 priced it for a
   * margin at least the row's): where the slope up to it differs from the slope below the list
   * price, a fee cap lies in between and the price is only a guess.
   */
  readonly aboveLater?: PricePoint | null;
}

/** The price at the date whose margin is today's at the list price (`points.listToday`). */
export function keepMarginPrice(points: KeepPoints, decimals: number): KeepPrice {
  const { listToday, listLater, lowerLater, halfLater } = points;
  const list = listLater.price;
  if (!(listToday.price > 0) || listToday.price !== list)
    return { reason: "no sale at today's list price to compare with" };
  const margin = listToday.profit / list;
  const short = slopeTo(listLater, lowerLater);
  if (short === null) return { reason: "the preview gave no lower price to measure the fees with" };
  const wide = slopeTo(listLater, halfLater);
  // What the rounding of the lines can move a slope over a step by.
  const noiseOver = (step: number): number => (2 * ROUNDING_UNITS * 10 ** -decimals) / step;
  const shortNoise = noiseOver(list - lowerLater.price);
  const agree = wide !== null && Math.abs(wide - short) <= shortNoise;
  const slope = agree ? wide : short;
  const slopeNoise = agree && halfLater ? noiseOver(list - halfLater.price) : shortNoise;
  const above = points.aboveLater ?? null;
  const up =
    above && above.price > list ? (above.profit - listLater.profit) / (above.price - list) : null;
  // Below the list price one slope, or a sale above it on the same slope: no cap in between.
  const steady =
    up === null || !above
      ? agree
      : Math.abs(up - slope) <= slopeNoise + noiseOver(above.price - list);
  // Margin rises with the price only while each unit of price adds more than the margin keeps.
  if (!(slope - margin > 1e-9))
    return {
      reason: `no price keeps a ${(margin * 100).toFixed(1)} % margin at the date: each unit more of price adds less profit than that`,
    };
  const exact = (slope * list - listLater.profit) / (slope - margin);
  const unit = 10 ** decimals;
  // To the currency's unit: the API rounds every line to it, so a price a unit up or down can
  // give either side of the margin; the nearest one is the closest the line can tell.
  const price = Math.round(Number((exact * unit).toFixed(6))) / unit;
  return steady || price <= list ? { price } : { price, estimate: true };
}
