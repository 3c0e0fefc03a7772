/**
 * New listings compared on every marketplace (issue 34 item 4), over the host's ports: the
 * candidates checked, the steps run (the cells a seller would type, one candidate and
 * marketplace a step), the rows made. The sheet is written by jobs/newListingJob.ts.
 */
import { MAX_NUMBER_MAGNITUDE } from "../api/schema";
import type { Cell } from "../functions/cells";
import {
  firstNewListingState,
  type Candidate,
  type ListingShops,
  type NewListingState,
} from "../imports/newListing/newListingAsk";
import { newListingRows } from "../imports/newListing/newListingRows";
import { newListingStages } from "../imports/newListing/newListingStages";
import type { Op } from "./op";
import type { SidebarPorts } from "./ports";
import { runSteps, type StepCount, type StepProgress } from "./runSteps";

export interface NewListingQuestion {
  readonly candidates: readonly Candidate[];
  readonly shops: ListingShops;
  /** 0.2 = 20 % unless said. */
  readonly targetMargin?: number;
}

export interface NewListingFigures {
  readonly state: NewListingState;
  readonly rows: readonly Cell[][];
  readonly count: StepCount;
}

/** Each candidate's problem, in the seller's words (row numbers from 1). */
export function checkedListing(q: NewListingQuestion): void {
  if (q.candidates.length === 0)
    throw new Error("Add a candidate product: name, COGS and planned price");
  if (q.candidates.length > 500) throw new Error("Candidates: at most 500 a sheet");
  q.candidates.forEach((c, i) => {
    const row = `Candidate ${i + 1} (${c.name || "no name"})`;
    // Finite and within the API's money bound: Infinity would not survive the job's
    // checkpoint (JSON keeps it as null), and 1e308 would be refused by every marketplace.
    const most = MAX_NUMBER_MAGNITUDE.toLocaleString("en-US");
    if (!(c.cogs >= 0 && c.cogs <= MAX_NUMBER_MAGNITUDE))
      throw new Error(`${row}: COGS must be a number from 0 to ${most}`);
    if (!(c.price > 0 && c.price <= MAX_NUMBER_MAGNITUDE))
      throw new Error(`${row}: Planned price must be a number above 0, at most ${most}`);
  });
  if (!q.shops.A && !q.shops.B && !q.shops.C)
    throw new Error("Choose where to compare: an A shop, a B region or a C shop");
  const t = q.targetMargin ?? 0.2;
  if (!(t > -1 && t < 1)) throw new Error("Target margin: a fraction such as 0.2 (20 %)");
}

/** The figures of the candidates on every marketplace chosen. */
export function* newListingFigures(
  p: SidebarPorts,
  q: NewListingQuestion,
  after?: (s: NewListingState, at: StepProgress) => Op<void>,
): Op<NewListingFigures> {
  checkedListing(q);
  const first = firstNewListingState({
    candidates: q.candidates,
    shops: q.shops,
    targetMargin: q.targetMargin ?? 0.2,
  });
  const run = yield* runSteps(p, newListingStages, first, after);
  return { state: run.state, rows: newListingRows(run.state), count: run.count };
}
