/**
 * VAT/GST/SST by region, effective-dated: the country's tax, so one table serves every
 * marketplace (output VAT is t/(1+t) of the consideration, see shared/fees.md).
 */
import { line, type MinorLine } from "../analytics/breakdown";
import { valueOn, type EffectiveEntry } from "../analytics/effectiveDated";
import { rateOf } from "../analytics/money";

/** Standard rates and their changes (SG GST 8 % -> 9 % in 2024, MY SST 6 % -> 8 % in March
 * 2024, ID VAT 11 % -> 12 % in 2025). */
export const VAT_RATES: readonly EffectiveEntry<number>[] = [
  { region: "SG", effectiveFrom: "2020-01-01", value: 0.08 },
  { region: "SG", effectiveFrom: "2024-01-01", value: 0.09 },
  { region: "MY", effectiveFrom: "2020-01-01", value: 0.06 },
  { region: "MY", effectiveFrom: "2024-03-01", value: 0.08 },
  { region: "TH", effectiveFrom: "2020-01-01", value: 0.07 },
  { region: "PH", effectiveFrom: "2020-01-01", value: 0.12 },
  { region: "VN", effectiveFrom: "2020-01-01", value: 0.1 },
  { region: "ID", effectiveFrom: "2020-01-01", value: 0.11 },
  { region: "ID", effectiveFrom: "2025-01-01", value: 0.12 },
];

/** The VAT rate in force in `region` on `date`. */
export function vatRateOn(region: string, date: string): number {
  return valueOn(VAT_RATES, region, date);
}

/** The output VAT line of a registered seller: t/(1+t) of the consideration; 0 otherwise. */
export function outputVatLine(
  hasVat: boolean,
  rate: number,
  considerationMinor: number,
): MinorLine {
  const base = Math.max(0, considerationMinor);
  if (!hasVat) return line("vat", "VAT", 0, 0, null);
  return line("vat", "VAT", -rateOf(rate / (1 + rate), base), rate, base);
}
