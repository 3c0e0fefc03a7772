/**
 * A fee-change impact sheet's figures (issue 34 item 2), over the host's ports: the date (the
 * next change the API knows of, or the seller's), the steps of the shop's marketplace run one
 * request each, the team's cost book read, the rows and the summary made. The sheet itself
 * (a managed table) is written by feeChangeSheet.ts.
 */
import type { Marketplace } from "../api/types";
import { call } from "../core/effects";
import { isRecord } from "../core/shape";
import { isCalendarDay } from "../imports/calendarDay";
import type { CostBook } from "../imports/costBook/costBook";
import { firstFeeChangeState, type FeeChangeState } from "../imports/feeChange/feeChangeAsk";
import { feeChangeRows, type FeeChangeRow } from "../imports/feeChange/feeChangeRows";
import { feeChangeStages } from "../imports/feeChange/feeChangeStages";
import { feeChangeSummary, type FeeChangeSummary } from "../imports/feeChange/feeChangeSummary";
import { teamCostBook } from "./costBookSheet";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { runSteps, type StepCount, type StepProgress } from "./runSteps";

/** What the seller asks for. */
export interface FeeChangeQuestion {
  readonly marketplace: Marketplace;
  readonly shopId: number;
  readonly region: string;
  /** YYYY-MM-DD after today; empty: the next change the API knows of (marketplace A). */
  readonly date?: string;
  /** Marketplace C: the products (the API lists no C products). */
  readonly productIds?: readonly string[];
  /** The team's target margin (0.2 = 20 %) the flags compare with. */
  readonly targetMargin?: number;
}

/** What the figures came to. */
export interface FeeChangeFigures {
  readonly state: FeeChangeState;
  readonly rows: readonly FeeChangeRow[];
  readonly summary: FeeChangeSummary;
  readonly count: StepCount;
  readonly book: CostBook | null;
}

/** How a request is asked: as a job (counted, in its share of the quota) or plainly. */
type Asker = (endpoint: string, params: Record<string, unknown>) => Op<unknown>;
const plainAsk =
  (p: SidebarPorts): Asker =>
  (endpoint, params) =>
    io(() => p.api.run(call(endpoint, params), { fresh: true }));

/**
 * The next commission change A20 names for the shop's categories (marketplace A), or null: the
 * spec gives B and C no schedule, so there the seller types the date.
 */
export function* nextScheduledChange(
  p: SidebarPorts,
  shopId: number,
  region: string,
  ask: Asker = plainAsk(p),
): Op<string | null> {
  const overview = yield* ask("A20", { shopId, region, topN: 100, lookbackDays: 730 });
  const dates = (
    isRecord(overview) && Array.isArray(overview.byCategory) ? overview.byCategory : []
  )
    .flatMap((c) =>
      isRecord(c) &&
      isRecord(c.scheduledChange) &&
      typeof c.scheduledChange.effectiveFrom === "string"
        ? [c.scheduledChange.effectiveFrom]
        : [],
    )
    .sort();
  return dates[0] ?? null;
}

/** Check the question; the sentence names the field and what it takes. */
export function checkedFeeChange(q: FeeChangeQuestion): void {
  if (!["A", "B", "C"].includes(q.marketplace))
    throw new Error("Pick a shop of marketplace A, B or C");
  if (!Number.isInteger(q.shopId)) throw new Error("Pick a shop (its id is a whole number)");
  if (q.marketplace !== "C" && !/^[A-Z]{2}$/.test(q.region))
    throw new Error("Pick a region such as SG");
  if (q.date && !isCalendarDay(q.date))
    throw new Error(`Date: write it as YYYY-MM-DD, e.g. 2025-07-30 (${q.date} is no calendar day)`);
  if (q.marketplace === "C" && (q.productIds ?? []).length === 0)
    throw new Error(
      "Product ids: enter the marketplace C product ids (the API lists no C products)",
    );
  if (q.targetMargin !== undefined && !(q.targetMargin > -1 && q.targetMargin < 1))
    throw new Error("Target margin: a fraction such as 0.2 (20 %)");
}

/** The state a fee-change sheet's steps start from, and the requests its date took (A20). */
export function* feeChangeStart(
  p: SidebarPorts,
  q: FeeChangeQuestion,
  ask: Asker = plainAsk(p),
): Op<{ state: FeeChangeState; dateRequests: number }> {
  checkedFeeChange(q);
  let date = q.date ?? "";
  let dateRequests = 0;
  if (date === "") {
    if (q.marketplace !== "A")
      throw new Error(
        `Date: type the day the new fees apply (YYYY-MM-DD). Marketplace ${q.marketplace}'s API names no scheduled changes; A's commission overview does`,
      );
    dateRequests = 1;
    date = (yield* nextScheduledChange(p, q.shopId, q.region, ask)) ?? "";
    if (date === "")
      throw new Error(
        `Date: the API names no scheduled commission change for shop ${q.shopId} ${q.region}; type the day the new fees apply (YYYY-MM-DD)`,
      );
  }
  const basis = yield* io(() => p.basis());
  const state = firstFeeChangeState({
    marketplace: q.marketplace,
    shopId: q.shopId,
    region: q.region,
    date,
    includeVat: basis.countVat,
    salesWindowDays: basis.salesWindowDays,
    ...(q.productIds
      ? { productIds: [...new Set(q.productIds.map((id) => id.trim()))].filter(Boolean) }
      : {}),
  });
  return { state, dateRequests };
}

/** The rows and summary of a sheet whose steps are all answered, at the team's cost book. */
export function* feeChangeFinish(
  p: SidebarPorts,
  state: FeeChangeState,
  targetMargin: number | undefined,
): Op<{ rows: FeeChangeRow[]; summary: FeeChangeSummary; book: CostBook | null }> {
  const book = yield* teamCostBook(p);
  const today = new Date(p.now()).toISOString().slice(0, 10);
  const rows = feeChangeRows(state, book, today);
  refuseEmptyDate(state.ask.date, rows);
  const summary = feeChangeSummary(state, rows, targetMargin ?? 0.2);
  return { rows, summary, book };
}

/**
 * A date the API answered as today or earlier, or answered for no variant at all, makes no
 * sheet: its "change" would be nothing (or the past), yet read as a forecast.
 */
function refuseEmptyDate(date: string, rows: readonly FeeChangeRow[]): void {
  const apiToday = rows.find((r) => r.today?.day)?.today?.day;
  if (apiToday && date <= apiToday)
    throw new Error(
      `Date: ${date} is not after the API's today (${apiToday}); give the day the new fees apply`,
    );
  if (rows.length > 0 && rows.every((r) => r.later === null))
    throw new Error(
      `No sheet written: the API gave no figures on ${date} for any variant (${rows[0]?.note ?? ""})`,
    );
}

/** The figures of a fee-change sheet for `q`; `after` hears each step (progress, checkpoint). */
export function* feeChangeFigures(
  p: SidebarPorts,
  q: FeeChangeQuestion,
  after?: (s: FeeChangeState, at: StepProgress) => Op<void>,
): Op<FeeChangeFigures> {
  const { state, dateRequests } = yield* feeChangeStart(p, q);
  const run = yield* runSteps(p, feeChangeStages, state, after);
  const { rows, summary, book } = yield* feeChangeFinish(p, run.state, q.targetMargin);
  return {
    state: run.state,
    rows,
    summary,
    count: { ...run.count, batches: run.count.batches + dateRequests },
    book,
  };
}
