import { type Program, call } from "../../core/effects";
import { ApiError } from "../../core/errors";
import { currencyDecimals, currencyOf } from "../../core/figure";
import { isRecord, keyValueTable, netProfitOf } from "../../core/shape";
import { present } from "../answer";
import { fieldOf, headers, includeVat, regionCode } from "../common";
import { defineFunction } from "../define";
import { dateParam, integerId, optional } from "../params";
import { defined } from "../requests";
import { salesWindow, shopIdA } from "./paramsA";

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/** One answer's per-unit figures (A2's: its metadata; margins already fractions). */
function unitOf(answer: unknown): { profit: number; margin: number | null; units: number } {
  const meta = isRecord(answer) && isRecord(answer.metadata) ? answer.metadata : {};
  return {
    profit: netProfitOf(answer),
    margin: num(meta.margin),
    units: num(meta.unitsSold) ?? 0,
  };
}

export const FEE_CHANGE = defineFunction({
  name: "FEE_CHANGE",
  help: "What a marketplace A product or model earns per unit today and at a future date's fees, and the change per unit and per month.",
  marketplace: "A",
  endpoints: ["A2", "A7"],
  params: [
    shopIdA,
    regionCode,
    integerId("itemId", "Marketplace A item (product) id: one per cell (fill down for more)."),
    dateParam("date", "The day the new fees apply (after today), e.g. the date A20 names."),
    // Its table's own rows (today, at the date, the change), not a breakdown's lines.
    fieldOf('"Net profit" (netProfit), "Profit delta" or "Margin"'),
    headers,
    optional(
      integerId("modelId", "Marketplace A model (variant) id; empty for the whole product."),
    ),
    salesWindow,
    includeVat,
  ],
  notes: [
    'Fields: "netProfitToday" and "netProfit" (per unit, today and at the date), "profitDelta" (the change per unit), "marginToday" and "margin", "unitsSold" (in the sales window), and per month (the window\'s units per 30 days, as A19 counts): "currentMonthlyProfit", "futureMonthlyProfit", "monthlyProfitDelta".',
    "Two breakdowns per cell, today's and the date's: a filled-down column is asked like MKTA_BREAKDOWN cells, coalesced into shop-wide product lists (one list for today, one for the date).",
    'The sheet "Fee change" in the sidebar does the same for every model of a shop, with the listing price that keeps today\'s margin.',
  ],
  example: '=FEE_CHANGE(100001, "SG", 10001691, DATE(2030,1,1), "netProfit")',
  *run(a): Program<ReturnType<typeof present>> {
    const sent = defined({
      shopId: a.shopId,
      region: a.region,
      itemId: a.itemId,
      modelId: a.modelId,
      lookbackDays: a.lookbackDays,
      includeVat: a.includeVat,
    });
    // Read as a breakdown cell reads (the profit table): the scheduler may answer both from
    // shop-wide lists, today's and the date's, as it does for MKTA_BREAKDOWN.
    const reads = [{ profitTable: true }] as const;
    const today: unknown = yield* call("A2", sent, reads);
    const atDate: Readonly<Record<string, unknown>> = { ...sent, effectiveDate: a.date };
    const later: unknown = yield* call("A2", atDate, reads);
    const meta = isRecord(today) && isRecord(today.metadata) ? today.metadata : {};
    const currency = currencyOf(today);
    const decimals = currencyDecimals(currency);
    const [t, l] = [unitOf(today), unitOf(later)];
    const laterDay =
      isRecord(later) && isRecord(later.metadata) ? later.metadata.effectiveDate : null;
    if (typeof meta.effectiveDate === "string" && a.date <= meta.effectiveDate)
      throw new ApiError(
        "INVALID_ARGUMENT",
        `date ${a.date} is not after the API's today (${meta.effectiveDate}): give the day the new fees apply`,
      );
    const perMonth = (profit: number): number =>
      round((profit * t.units * 30) / (a.lookbackDays ?? 180), decimals);
    const value = {
      effectiveDate: typeof laterDay === "string" ? laterDay : a.date,
      netProfitToday: t.profit,
      netProfit: l.profit,
      profitDelta: round(l.profit - t.profit, decimals),
      marginToday: t.margin,
      margin: l.margin,
      unitsSold: t.units,
      currentMonthlyProfit: perMonth(t.profit),
      futureMonthlyProfit: perMonth(l.profit),
      monthlyProfitDelta: round(perMonth(l.profit) - perMonth(t.profit), decimals),
      currency,
    };
    return present(value, a, keyValueTable);
  },
});
