/**
 * Margins in one unit in every cell (issue 12): fractions (0.235 = 23.5 %) on every
 * marketplace, the unit of B and C and of a spreadsheet's percent format. Marketplace A's API
 * answers percent points (23.5); its figures are divided by 100 on receipt and the raw value
 * stays reachable beside each as `<name>Points` (e.g. field "marginPoints").
 */

import { DISTRIBUTION_STATS, percentPointNames } from "../api/figures";

/** Marketplace A figures that are margins in percent points (contract, src/api/figures.ts). */
const A_MARGIN_KEYS = new Set(percentPointNames("A"));

/**
 * 23.5 -> 0.235 without binary noise (9.21 / 100 is 0.09210000000000002): every conversion
 * of percent points to a fraction goes through here (answers, and text such as "9.21%").
 */
export function pointsToFraction(points: number): number {
  return Math.round(points * 1e7) / 1e9;
}

/**
 * `marginPoints` beside `margin` in the same object: marketplace A's own percent-point copy
 * kept for field lookups. A table shows one margin, as %, not both (the copy's header "Margin
 * points" would show the same percentage again).
 */
export function isPointsCopy(key: string, holder: Readonly<Record<string, unknown>>): boolean {
  return key.endsWith("Points") && key.slice(0, -"Points".length) in holder;
}

/** The figures of a margin distribution that are margins (its `count` is not). */
const DISTRIBUTION_MARGINS: ReadonlySet<string> = new Set(DISTRIBUTION_STATS);

/**
 * A's margin distribution (A18: "unit": "percent", percent points like A's other margins) as
 * fractions, as B and C send theirs: one distribution reads the same on every marketplace. Its
 * `unit` goes, as it named the points converted here.
 */
function distributionAsFractions(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "unit") continue;
    if (!DISTRIBUTION_MARGINS.has(k)) out[k] = v;
    else if (typeof v === "number") out[k] = pointsToFraction(v);
    else if (Array.isArray(v))
      out[k] = v.map((x: unknown) => (typeof x === "number" ? pointsToFraction(x) : x));
    else out[k] = v;
  }
  return out;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "marginDistribution" && v !== null && typeof v === "object" && !Array.isArray(v)) {
      const d = v as Record<string, unknown>;
      out[k] = d.unit === "percent" ? distributionAsFractions(d) : d;
    } else if (A_MARGIN_KEYS.has(k) && typeof v === "number") {
      out[k] = pointsToFraction(v);
      out[`${k}Points`] = v;
    } else out[k] = convert(v);
  }
  return out;
}

/** An endpoint's answer with marketplace A margins as fractions (other answers unchanged). */
export function marginsAsFractions(endpoint: string, data: unknown): unknown {
  return /^A\d+$/.test(endpoint) ? convert(data) : data;
}
