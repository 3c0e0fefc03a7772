import { documentTable } from "../../core/shape";
import { answerOne } from "../answer";
import { fieldOf, headers, includeVat, regionCode } from "../common";
import { defineFunction } from "../define";
import { checkPeriod, compareToPrevious, overviewTopN, periodEnd } from "../overview";
import { choiceParam, dateParam, optional } from "../params";
import { defined } from "../requests";
import { shopIdA } from "./paramsA";

/** Sections of the marketplace A shop overview and the endpoint of each. */
const OVERVIEW_SECTIONS = {
  SUMMARY: "A14",
  PRODUCTS: "A15",
  BREAKDOWNS: "A16",
  FLOW: "A17",
  DISTRIBUTION: "A18",
  ALL: "A13",
} as const;

const overviewOptions = [
  optional(dateParam("from", "Start date (default: 30 days before `to`).")),
  periodEnd,
  overviewTopN,
  compareToPrevious,
  includeVat,
] as const;

export const MKTA_OVERVIEW = defineFunction({
  name: "MKTA_OVERVIEW",
  help: "Marketplace A shop overview: summary, best/worst products, cost breakdowns, money flow or margin spread.",
  marketplace: "A",
  endpoints: ["A13", "A14", "A15", "A16", "A17", "A18"],
  params: [
    shopIdA,
    regionCode,
    optional(
      choiceParam(
        "section",
        "SUMMARY (default), PRODUCTS, BREAKDOWNS, FLOW, DISTRIBUTION or ALL.",
        ["SUMMARY", "PRODUCTS", "BREAKDOWNS", "FLOW", "DISTRIBUTION", "ALL"],
      ),
    ),
    fieldOf('"Total profit" (totalProfit), "Units sold" (unitsSold) or "Avg margin" (avgMargin)'),
    headers,
    ...overviewOptions,
  ],
  notes: ["ALL asks for the whole overview in one (slower) payload; the sections are faster."],
  example: '=MKTA_OVERVIEW(100001, "SG", "SUMMARY", "totalProfit")',
  *run(a) {
    const { section, field: _f, headers: _h, ...body } = a;
    checkPeriod(body);
    return yield* answerOne(
      OVERVIEW_SECTIONS[section ?? "SUMMARY"],
      defined(body),
      a,
      documentTable,
    );
  },
});
