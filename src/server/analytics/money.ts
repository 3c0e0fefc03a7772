/**
 * Money on the wire is a number in the currency's major unit; the server computes in integer
 * minor units and rounds once per line (docs/contract-notes.md). Currencies by region as the
 * contract notes list them.
 */
import { ApiProblem, echoed } from "../problem";

export interface Currency {
  readonly code: string;
  /** Digits after the decimal point (2 for SGD, 0 for VND). */
  readonly decimals: number;
}

const CURRENCY_BY_REGION: Readonly<Record<string, Currency>> = {
  SG: { code: "SGD", decimals: 2 },
  MY: { code: "MYR", decimals: 2 },
  TH: { code: "THB", decimals: 2 },
  PH: { code: "PHP", decimals: 2 },
  VN: { code: "VND", decimals: 0 },
  ID: { code: "IDR", decimals: 0 },
};

/** The currency of a region; an unknown region is a 400 on `region`. */
export function currencyOf(region: string): Currency {
  // Own keys only: "constructor" or "toString" must not pass as a region.
  const currency = Object.hasOwn(CURRENCY_BY_REGION, region)
    ? CURRENCY_BY_REGION[region]
    : undefined;
  if (currency === undefined) {
    throw new ApiProblem(400, `unknown region ${echoed(region)}`, [
      { field: "region", problem: `must be one of ${Object.keys(CURRENCY_BY_REGION).join(", ")}` },
    ]);
  }
  return currency;
}

/** Removes binary noise (1.005 * 100 = 100.49999...) then rounds half away from zero. */
function roundHalfAway(x: number): number {
  const cleaned = Math.round(x * 1e6) / 1e6;
  const r = Math.round(Math.abs(cleaned));
  return cleaned < 0 ? -r : r;
}

/** Major units (12.34) to integer minor units (1234). */
export function toMinor(major: number, digits: number): number {
  return roundHalfAway(major * 10 ** digits);
}

/** Integer minor units to a major-unit number for the wire (never -0). */
export function toMajor(minor: number, digits: number): number {
  const v = Number((minor / 10 ** digits).toFixed(digits));
  return v === 0 ? 0 : v;
}

/** `rate x base` in minor units, rounded half away from zero (one rounding per line). */
export function rateOf(rate: number, baseMinor: number): number {
  return roundHalfAway(rate * baseMinor);
}

/** A rate or ratio rounded to 6 decimals for the wire. */
export function roundRate(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
