/**
 * The summary on top of a fee-change sheet (issue 34 item 2): monthly profit today and at the
 * date, the change, how many variants turn loss-making or fall below the team's target, how many
 * rest on a cost nobody entered; on marketplace A, the same totals from A19 (the API's own
 * impact summary) and whether they agree within 0.5 %, or why not. A19 counts the API's costs,
 * so the comparison uses the sheet's totals at the API's costs; the cost book's effect is said
 * apart.
 */
import { grouped } from "../../core/counted";
import type { Cell } from "../../functions/cells";
import { decimalsOf, type FeeChangeState, type ImpactTotals } from "./feeChangeAsk";
import { monthFactor, type FeeChangeRow } from "./feeChangeRows";
import { toMinorUnit } from "./unitFigures";
import { figuresOf, variantRows } from "./variants";

/** How close the sheet's totals must be to A19's (issue 34: within 0.5 %). */
export const A19_TOLERANCE = 0.005;

/** Monthly totals: today, at the date, the change. */
export interface MonthlyTotals {
  readonly today: number;
  readonly later: number;
  readonly change: number;
}

export interface FeeChangeSummary {
  /** At the costs the sheet counts (the cost book's where it has them). */
  readonly totals: MonthlyTotals;
  /** At the API's costs (what A19 counts). */
  readonly apiTotals: MonthlyTotals;
  /** A19's (marketplace A), or why there are none. */
  readonly impact: ImpactTotals | { readonly error: string } | null;
  /** The larger relative difference of today's and the date's totals to A19's. */
  readonly difference: number | null;
  readonly variants: number;
  readonly lossMaking: number;
  readonly turnsLossMaking: number;
  readonly belowTarget: number;
  readonly guessedCogs: number;
  readonly fromCostBook: number;
  readonly withoutFigures: number;
}

/** Monthly totals over rows' per-unit profits, in the currency's unit. */
function totalsOf(
  pairs: readonly { today: number | null; later: number | null; units: number }[],
  factor: number,
  d: number,
): MonthlyTotals {
  let today = 0;
  let later = 0;
  for (const p of pairs) {
    if (p.today === null || p.later === null || p.units <= 0) continue;
    today += p.today * p.units * factor;
    later += p.later * p.units * factor;
  }
  return {
    today: toMinorUnit(today, d),
    later: toMinorUnit(later, d),
    change: toMinorUnit(later - today, d),
  };
}

const relative = (mine: number, theirs: number): number =>
  theirs === 0 ? (mine === 0 ? 0 : Infinity) : Math.abs(mine - theirs) / Math.abs(theirs);

/** The summary of `rows` (a fraction `target`: the team's target margin). */
export function feeChangeSummary(
  s: FeeChangeState,
  rows: readonly FeeChangeRow[],
  target: number | null,
): FeeChangeSummary {
  const d = decimalsOf(s);
  const factor = monthFactor(s);
  const totals = totalsOf(
    rows.map((r) => ({
      today: r.today?.profit ?? null,
      later: r.later?.profit ?? null,
      units: r.units,
    })),
    factor,
    d,
  );
  const apiTotals = totalsOf(
    variantRows(s).map((r) => {
      const [t, l] = [figuresOf(s, r, "today"), figuresOf(s, r, "later")];
      return { today: t?.profit ?? null, later: l?.profit ?? null, units: t?.units ?? 0 };
    }),
    factor,
    d,
  );
  const impact = s.impact;
  const difference =
    impact && "current" in impact
      ? Math.max(
          relative(apiTotals.today, impact.current),
          relative(apiTotals.later, impact.future),
        )
      : null;
  const later = rows.filter((r) => r.later !== null);
  return {
    totals,
    apiTotals,
    impact,
    difference,
    variants: rows.length,
    lossMaking: later.filter((r) => (r.later?.profit ?? 0) < 0).length,
    turnsLossMaking: later.filter((r) => (r.later?.profit ?? 0) < 0 && (r.today?.profit ?? -1) >= 0)
      .length,
    belowTarget:
      target === null
        ? 0
        : later.filter((r) => r.later?.margin !== null && (r.later?.margin ?? 0) < target).length,
    guessedCogs: rows.filter((r) => r.guessedCogs).length,
    fromCostBook: rows.filter((r) => r.today?.book || r.later?.book).length,
    withoutFigures: rows.filter((r) => r.today === null || r.later === null).length,
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(2)} %`;

/**
 * What the summary says of A19: that the totals agree (within 0.5 %), or why they do not.
 * On B and C, which have no impact summary (the line above says so), what the totals are.
 */
export function agreementText(sum: FeeChangeSummary, s: FeeChangeState): string {
  if (s.ask.marketplace !== "A")
    return "These totals are the sum of the rows below, checked against nothing else.";
  const impact = sum.impact;
  if (!impact) return "A19 was not asked.";
  if ("error" in impact)
    return `A19 could not be asked (${impact.error}): the totals are the sum of the rows below.`;
  const parts: string[] = [];
  const diff = sum.difference ?? 0;
  if (diff <= A19_TOLERANCE)
    parts.push(
      `At the API's costs the totals agree with A19 within ${pct(diff)} (A19 sums products, the sheet their models, each rounded to the cent).`,
    );
  else
    parts.push(
      `At the API's costs the totals differ from A19's by ${pct(diff)}: A19 sums products over the whole window, the sheet the models A1 answered${sum.withoutFigures ? ` (${grouped(sum.withoutFigures)} variants have no figures and are not in the totals)` : ""}.`,
    );
  if (sum.fromCostBook > 0)
    parts.push(
      `The totals above count the Cost book's costs for ${grouped(sum.fromCostBook)} variants; A19 counts the API's (${sum.apiTotals.today} today, ${sum.apiTotals.later} at the date).`,
    );
  return parts.join(" ");
}

/** The summary as label and value cells, one line each (the sheet writes them on top). */
export function summaryLines(sum: FeeChangeSummary, s: FeeChangeState): Cell[][] {
  const a = s.ask;
  const impact = sum.impact && "current" in sum.impact ? sum.impact : null;
  return [
    [`Fee change on ${a.date} · ${a.marketplace} ${a.shopId} ${a.region}`, "", "", ""],
    ["Monthly profit", "today", `on ${a.date}`, "change"],
    ["This sheet", sum.totals.today, sum.totals.later, sum.totals.change],
    impact
      ? ["A19 (the API's impact summary)", impact.current, impact.future, impact.delta]
      : a.marketplace === "A"
        ? ["A19 (the API's impact summary)", "", "", ""]
        : [`Marketplace ${a.marketplace} has no impact summary like A19`, "", "", ""],
    [agreementText(sum, s), "", "", ""],
    [
      `${grouped(sum.lossMaking)} of ${grouped(sum.variants)} variants lose money on ${a.date} (${grouped(sum.turnsLossMaking)} of them make money today); ${grouped(sum.belowTarget)} fall below the target margin; ${grouped(sum.guessedCogs)} rest on a cost nobody entered (see COGS)`,
      "",
      "",
      "",
    ],
  ];
}
