/**
 * Signed breakdown lines in integer minor units, their wire form
 * `{amount, label, rate, base}` (docs/contract-notes.md) and the volume-weighted aggregate
 * across variants. Net profit is always the sum of the (rounded) lines, so they sum exactly.
 */
import { rateOf, toMajor } from "./money";

/** One signed line per unit, revenue positive, cost negative. */
export interface MinorLine {
  readonly name: string;
  readonly label: string;
  readonly amountMinor: number;
  readonly rate: number | null;
  readonly baseMinor: number | null;
}

/** A line as it goes on the wire (major units). */
export interface WireLine {
  readonly amount: number;
  readonly label: string;
  readonly rate: number | null;
  readonly base: number | null;
}

/** Shorthand for a line. */
export function line(
  name: string,
  label: string,
  amountMinor: number,
  rate: number | null = null,
  baseMinor: number | null = null,
): MinorLine {
  // Normalise -0 so a cost that does not apply reads as 0.
  return { name, label, amountMinor: amountMinor === 0 ? 0 : amountMinor, rate, baseMinor };
}

/** A fee that is a rate of a base: the cost, with the rate and base it came from. */
export function rateLine(name: string, label: string, rate: number, baseMinor: number): MinorLine {
  return line(name, label, -rateOf(rate, baseMinor), rate, baseMinor);
}

/** Net profit: the exact sum of the lines. */
export function sumLines(lines: readonly MinorLine[]): number {
  return lines.reduce((s, l) => s + l.amountMinor, 0);
}

/** The lines keyed by name in wire form. */
export function toWireLines(lines: readonly MinorLine[], digits: number): Record<string, WireLine> {
  const out: Record<string, WireLine> = {};
  for (const l of lines) {
    out[l.name] = {
      amount: toMajor(l.amountMinor, digits),
      label: l.label,
      rate: l.rate,
      base: l.baseMinor === null ? null : toMajor(l.baseMinor, digits),
    };
  }
  return out;
}

/**
 * Volume-weighted average of variant breakdowns with the same line names: each line is
 * averaged and rounded once; rates and bases are averaged the same way (null if any is null).
 * Zero total weight averages the variants equally.
 */
export function weightedLines(
  parts: readonly { lines: readonly MinorLine[]; weight: number }[],
): MinorLine[] {
  const first = parts[0];
  if (first === undefined) return [];
  const total = parts.reduce((s, p) => s + p.weight, 0);
  const weightOf = (w: number): number => (total > 0 ? w / total : 1 / parts.length);
  return first.lines.map((template, i) => {
    let amount = 0;
    let rate: number | null = 0;
    let base: number | null = 0;
    for (const p of parts) {
      const l = p.lines[i];
      if (l === undefined || l.name !== template.name)
        throw new Error(`line ${template.name} missing`);
      const w = weightOf(p.weight);
      amount += w * l.amountMinor;
      rate = rate === null || l.rate === null ? null : rate + w * l.rate;
      base = base === null || l.baseMinor === null ? null : base + w * l.baseMinor;
    }
    return line(
      template.name,
      template.label,
      Math.round(amount),
      rate === null ? null : Math.round(rate * 1e6) / 1e6,
      base === null ? null : Math.round(base),
    );
  });
}

export type CogsSource = "explicit" | "inferred" | "missing";

/** What every marketplace engine returns for one unit. */
export interface UnitBreakdown {
  readonly lines: MinorLine[];
  readonly netProfitMinor: number;
  readonly revenueMinor: number;
  readonly commissionRate: number;
  readonly vatRate: number;
  readonly hasVat: boolean;
  readonly cogsSource: CogsSource;
}

/** All explicit -> explicit; any missing -> missing; otherwise inferred. */
export function combineCogsSources(sources: readonly CogsSource[]): CogsSource {
  if (sources.includes("missing")) return "missing";
  if (sources.includes("inferred")) return "inferred";
  return "explicit";
}

/**
 * Volume-weighted aggregate of variant breakdowns. Revenue is the sum of the aggregated
 * `revenueLines` (price less seller discounts), net profit the sum of all aggregated lines.
 */
export function aggregateUnits(
  parts: readonly { unit: UnitBreakdown; weight: number }[],
  revenueLines: readonly string[],
): UnitBreakdown {
  const lines = weightedLines(parts.map((p) => ({ lines: p.unit.lines, weight: p.weight })));
  const total = parts.reduce((s, p) => s + p.weight, 0);
  const avg = (f: (u: UnitBreakdown) => number): number => {
    const v = parts.reduce(
      (s, p) => s + (total > 0 ? p.weight / total : 1 / parts.length) * f(p.unit),
      0,
    );
    return Math.round(v * 1e6) / 1e6;
  };
  return unitFromLines(lines, {
    revenueMinor: sumLines(lines.filter((l) => revenueLines.includes(l.name))),
    commissionRate: avg((u) => u.commissionRate),
    vatRate: avg((u) => u.vatRate),
    hasVat: parts.some((p) => p.unit.hasVat),
    cogsSource: combineCogsSources(parts.map((p) => p.unit.cogsSource)),
  });
}

/** A unit breakdown from its lines: net profit is always their exact sum. */
export function unitFromLines(
  lines: MinorLine[],
  figures: Omit<UnitBreakdown, "lines" | "netProfitMinor">,
): UnitBreakdown {
  return { lines, netProfitMinor: sumLines(lines), ...figures };
}

/** Margin as a fraction (profit / revenue), null when revenue is not positive. */
export function marginOf(profitMinor: number, revenueMinor: number): number | null {
  return revenueMinor > 0 ? Math.round((profitMinor / revenueMinor) * 1e6) / 1e6 : null;
}

/**
 * A breakdown and its metadata, ready for the wire: the contract's metadata block
 * (docs/contract-notes.md) plus marketplace extras.
 */
export function breakdownWithMetadata(
  unit: UnitBreakdown,
  currency: { code: string; decimals: number },
  effectiveDate: string,
  unitsSold: number | null,
  extra: Readonly<Record<string, unknown>> = {},
): { breakdown: Record<string, WireLine>; metadata: Record<string, unknown> } {
  return {
    breakdown: toWireLines(unit.lines, currency.decimals),
    metadata: {
      currency: currency.code,
      netProfit: toMajor(unit.netProfitMinor, currency.decimals),
      revenue: toMajor(unit.revenueMinor, currency.decimals),
      margin: marginOf(unit.netProfitMinor, unit.revenueMinor),
      commissionRate: unit.commissionRate,
      vatRate: unit.vatRate,
      hasVat: unit.hasVat,
      cogsSource: unit.cogsSource,
      unitsSold,
      effectiveDate,
      ...extra,
    },
  };
}
