/** The shop overviews of marketplaces B and C: one definition, two endpoints. */
import type { Marketplace } from "../api/types";
import { documentTable } from "../core/shape";
import { answerArgs } from "./answer";
import { ArgumentError } from "./argumentError";
import { field, headers, lookbackDays, regionCode, vatPosition } from "./common";
import { defineFunction, type ParamSpec, type SheetFunction } from "./define";
import { booleanParam, dateParam, optional, wholeNumberParam } from "./params";

/** Check a from/to pair before asking: the API would refuse it after a round trip. */
export function checkPeriod(args: Readonly<Record<string, unknown>>): void {
  const { from, to } = args;
  if (typeof from === "string" && typeof to === "string" && from > to) {
    throw new ArgumentError("from", `must not be after to (${from} > ${to})`);
  }
}

/** Options of the B and C shop overviews. */
const shopOverviewOptions = [
  optional(dateParam("from", "Start date (default: lookbackDays before today).")),
  optional(dateParam("to", "End date (default today).")),
  lookbackDays(30, "Days back from today"),
  optional(wholeNumberParam("topN", "How many top products to list (default 5).", 1, 100)),
  optional(booleanParam("compareToPrevious", "Compare with the period before (default TRUE).")),
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
    params: [o.shop, regionCode, field, headers, ...shopOverviewOptions],
    example: o.example,
    run: answerArgs(o.endpoint, documentTable, checkPeriod),
  });
}
