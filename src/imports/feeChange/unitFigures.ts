/**
 * A variant's figures per unit as a fee-change sheet keeps them (issue 34 item 2): units sold in
 * the window, net profit, margin, revenue, and the two lines a sheet may take apart (COGS, with
 * where it came from; output VAT). Read from any breakdown entry the contract gives (A1, A7, B8,
 * C7's per-SKU detail): lines are `{ amount }` objects, summary figures live in `metadata`.
 */
import { isRecord } from "../../core/shape";

/** Figures of one variant (or product) per unit, on the seller's basis. */
export interface UnitFigures {
  readonly units: number;
  readonly profit: number;
  /** A fraction (0.2 = 20 %); null where revenue is 0. */
  readonly margin: number | null;
  /** What the seller is paid per unit before fees (list price less discount and voucher). */
  readonly revenue: number;
  /** Unit cost the profit counts (the COGS line, positive). */
  readonly cogs: number;
  /** Where the API took the cost from: explicit, inferred, missing (null: it did not say). */
  readonly cogsSource: string | null;
  /** Output VAT per unit the profit counts (positive; 0 when none). */
  readonly vat: number;
  /** The day whose fees the figures are at (the answer's `effectiveDate`; null: not said). */
  readonly day: string | null;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The amount of a breakdown line (0 when the entry has none). */
function lineAmount(entry: Record<string, unknown>, names: readonly string[]): number {
  const b = isRecord(entry.breakdown) ? entry.breakdown : {};
  for (const n of names) {
    const line = b[n];
    const amount = isRecord(line) ? num(line.amount) : num(line);
    if (amount !== null) return amount;
  }
  return 0;
}

/** A's COGS line and B/C's. */
const COGS_LINES = ["manufacturingCogs", "cogs"] as const;

/**
 * The figures of a breakdown entry; `units` where the entry names them otherwise (A1's
 * `modelUnitsSold`). Null when it carries no net profit.
 */
export function unitFiguresOf(entry: unknown, units?: number | null): UnitFigures | null {
  if (!isRecord(entry)) return null;
  const meta = isRecord(entry.metadata) ? entry.metadata : {};
  const profit = num(meta.netProfit);
  if (profit === null) return null;
  const revenue =
    num(meta.revenue) ??
    lineAmount(entry, ["originalModelPrice", "originalPrice"]) +
      lineAmount(entry, ["sellerDiscount", "specialPriceDiscount"]) +
      lineAmount(entry, ["sellerVoucher"]);
  return {
    units: units ?? num(entry.unitsSold) ?? num(meta.unitsSold) ?? 0,
    profit,
    margin: num(meta.margin),
    revenue,
    cogs: -lineAmount(entry, COGS_LINES),
    cogsSource: typeof meta.cogsSource === "string" ? meta.cogsSource : null,
    vat: -lineAmount(entry, ["vat"]),
    day: typeof meta.effectiveDate === "string" ? meta.effectiveDate : null,
  };
}

/** Round to the currency's minor unit without binary noise. */
export const toMinorUnit = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/**
 * The same figures without output VAT (a seller whose basis does not count it): the VAT line
 * leaves the profit; fees, costs and revenue do not depend on it (their lines are the same
 * either way, and a breakdown's lines sum to its profit).
 */
export function withoutVat(f: UnitFigures, decimals: number): UnitFigures {
  const profit = toMinorUnit(f.profit + f.vat, decimals);
  return {
    ...f,
    profit,
    vat: 0,
    margin: f.revenue === 0 ? null : profit / f.revenue,
  };
}

/** The currency of the first entry of a list (every entry of a shop has the shop's). */
export function currencyIn(list: readonly unknown[]): string | null {
  const first = list.find(isRecord);
  const meta = first && isRecord(first.metadata) ? first.metadata : {};
  return typeof meta.currency === "string" ? meta.currency : null;
}
