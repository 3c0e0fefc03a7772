/**
 * The shop overviews of marketplaces B and C: one definition, two endpoints; and what the
 * overview of A shares with them.
 */
import type { Marketplace } from "../api/types";
import { documentTable } from "../core/shape";
import { answerArgs } from "./answer";
import { ArgumentError } from "./argumentError";
import { fieldOf, headers, lookbackDays, regionCode, vatPosition } from "./common";
import { defineFunction, type ParamSpec, type SheetFunction } from "./define";
import { booleanParam, dateParam, optional, wholeNumberParam } from "./params";

/** Check a from/to pair before asking: the API would refuse it after a round trip. */
export function checkPeriod(args: Readonly<Record<string, unknown>>): void {
  const { from, to } = args;
  if (typeof from === "string" && typeof to === "string" && from > to) {
    throw new ArgumentError("from", `must not be after to (${from} > ${to})`);
  }
}

/** Options every shop overview (A, B and C) takes. */
export const periodEnd = optional(dateParam("to", "End date (default today)."));
export const overviewTopN = optional(
  wholeNumberParam("topN", "How many top products to list (default 5).", 1, 100),
);
export const compareToPrevious = optional(
  booleanParam("compareToPrevious", "Compare with the period before (default TRUE)."),
);

/** Options of the B and C shop overviews. */
const shopOverviewOptions = [
  optional(dateParam("from", "Start date (default: today less the sales window).")),
  periodEnd,
  lookbackDays(30),
  overviewTopN,
  compareToPrevious,
  vatPosition,
] as const;

/** What differs between the B and C overviews. */
interface OverviewOf {
  readonly name: string;
  readonly help: string;
  readonly marketplace: Marketplace;
  readonly endpoint: string;
  readonly shop: ParamSpec<string, number>;
  readonly example: string;
}

/** A marketplace's shop overview function: one request, shown as a document. */
export function shopOverviewFunction(o: OverviewOf): SheetFunction {
  return defineFunction({
    name: o.name,
    help: o.help,
    marketplace: o.marketplace,
    endpoints: [o.endpoint],
    params: [
      o.shop,
      regionCode,
      fieldOf('"Total profit" (totalProfit), "Units sold" (unitsSold) or "Avg margin" (avgMargin)'),
      headers,
      ...shopOverviewOptions,
    ],
    example: o.example,
    run: answerArgs(o.endpoint, documentTable, checkPeriod),
  });
}
