/**
 * A campaign planned over chosen SKUs (issue 34 item 3), over the host's ports: the question
 * checked, the team's cost book read, the campaign's steps run one request each, the rows made.
 * The campaign sheet's job writes them (jobs/campaignJob.ts).
 */
import { MAX_NUMBER_MAGNITUDE } from "../api/schema";
import type { Marketplace } from "../api/types";
import type { Campaign, CampaignSku, CampaignState } from "../imports/campaign/campaignAsk";
import { firstCampaignState } from "../imports/campaign/campaignAsk";
import { campaignRows, type CampaignRow } from "../imports/campaign/campaignRows";
import { campaignStages } from "../imports/campaign/campaignStages";
import {
  type CampaignPick,
  MAX_CAMPAIGN_SKUS,
  pickProblem,
} from "../imports/campaign/campaignPick";
import { teamCostBook } from "./costBookSheet";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { runSteps, type StepCount, type StepProgress } from "./runSteps";

export interface CampaignQuestion {
  readonly marketplace: Marketplace;
  readonly shopId: number;
  readonly region: string;
  readonly skus: readonly CampaignSku[];
  /** The shop's top products instead of `skus`. */
  readonly pick?: CampaignPick | null;
  readonly campaign: Campaign;
  /** 0.2 = 20 % unless said. */
  readonly targetMargin?: number;
}

export interface CampaignFigures {
  readonly state: CampaignState;
  readonly rows: readonly CampaignRow[];
  readonly count: StepCount;
}

/** The sentence for a campaign the API cannot price; null when it is fine. */
export function campaignProblem(c: Campaign): string | null {
  if (c.kind === "discount" && !(c.percent > 0 && c.percent < 1))
    return "Discount: a share of the list price between 0 and 100 % (15 % or 0.15)";
  // The API's money bound (contract-notes): above it each SKU would be refused as if it could
  // not join, when the amount typed is what is wrong.
  const most = MAX_NUMBER_MAGNITUDE.toLocaleString("en-US");
  if (c.kind === "voucher" && !(c.amount > 0 && c.amount <= MAX_NUMBER_MAGNITUDE))
    return `Voucher: an amount per unit above 0, at most ${most}`;
  if (c.kind === "price" && !(c.buyerPrice > 0 && c.buyerPrice <= MAX_NUMBER_MAGNITUDE))
    return `Buyer price: an amount above 0, at most ${most}`;
  return null;
}

/**
 * A SKU pasted twice, named: two rows with one key would each be read as the other's copy (the
 * attack run: 7 rows written under a stamp saying 6).
 */
function repeatedSku(skus: CampaignQuestion["skus"]): string | null {
  const first = new Map<string, number>();
  for (const [i, k] of skus.entries()) {
    const id = [k.itemId, k.variantId].filter((v) => v !== null && v !== undefined).join(" / ");
    const at = first.get(id);
    if (at !== undefined)
      return `SKUs: ${id} is listed twice (SKUs ${at + 1} and ${i + 1}); list each SKU once`;
    first.set(id, i);
  }
  return null;
}

/** The question checked (each argument named), the basis and cost book read: the first state. */
export function* campaignStart(p: SidebarPorts, q: CampaignQuestion): Op<CampaignState> {
  const problem = campaignProblem(q.campaign);
  if (problem) throw new Error(problem);
  const picked = q.pick ? pickProblem(q.marketplace, q.pick) : null;
  if (picked) throw new Error(picked);
  if (!q.pick && q.skus.length === 0) throw new Error("Choose the SKUs that join the campaign");
  if (q.skus.length > MAX_CAMPAIGN_SKUS) throw new Error("SKUs: at most 5,000 a campaign");
  const twice = repeatedSku(q.skus);
  if (twice) throw new Error(twice);
  const target = q.targetMargin ?? 0.2;
  if (!(target > -1 && target < 1)) throw new Error("Target margin: a fraction such as 0.2 (20 %)");
  const basis = yield* io(() => p.basis());
  const book = yield* teamCostBook(p);
  return firstCampaignState({
    marketplace: q.marketplace,
    shopId: q.shopId,
    region: q.region,
    skus: q.pick ? [] : q.skus,
    ...(q.pick ? { pick: { by: q.pick.by, top: q.pick.top } } : {}),
    campaign: q.campaign,
    targetMargin: target,
    includeVat: basis.countVat,
    book,
  });
}

/** The figures of a campaign on `q.skus`; `after` hears each step (progress, checkpoint). */
export function* campaignFigures(
  p: SidebarPorts,
  q: CampaignQuestion,
  after?: (s: CampaignState, at: StepProgress) => Op<void>,
): Op<CampaignFigures> {
  const first = yield* campaignStart(p, q);
  const run = yield* runSteps(p, campaignStages, first, after);
  return { state: run.state, rows: campaignRows(run.state), count: run.count };
}
