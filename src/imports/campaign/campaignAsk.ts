/**
 * A campaign planned on chosen SKUs (issue 34 item 3, a mode of the pricing sheet), host-free:
 * one campaign (a discount off the list price, a voucher per unit, or a buyer price), the team's
 * target margin, and the state the requests fill (plain JSON, a job's checkpoint).
 */
import type { Marketplace } from "../../api/types";
import type { BatchState } from "../batchStage";
import { costOn, type BookCost, type CostBook } from "../../core/costBook";
import type { PointAnswer } from "../feeChange/feeChangeAsk";
import type { CampaignPick, PickState } from "./campaignPick";

/** The campaign: a share off the list price, a voucher per unit, or what the buyer pays. */
export type Campaign =
  | { readonly kind: "discount"; readonly percent: number }
  | { readonly kind: "voucher"; readonly amount: number }
  | { readonly kind: "price"; readonly buyerPrice: number };

/** A chosen SKU (A model, B or C SKU; null: a product without variants). */
export interface CampaignSku {
  readonly itemId: number | string;
  readonly variantId: number | string | null;
  readonly name?: string;
}

export interface CampaignAsk {
  readonly marketplace: Marketplace;
  /** The A or C shop, the B seller. */
  readonly shopId: number;
  readonly region: string;
  readonly skus: readonly CampaignSku[];
  /** The shop's top products instead of `skus` (the job lists them first). */
  readonly pick?: CampaignPick | null;
  readonly campaign: Campaign;
  /** The team's target margin (0.2 = 20 %): the deepest discount that keeps it. */
  readonly targetMargin: number;
  /** The seller's basis: output VAT counted as a cost. */
  readonly includeVat: boolean;
  /** The team's cost book (plain entries), or null: the API's costs. */
  readonly book: CostBook | null;
}

export interface CampaignState extends BatchState {
  readonly ask: CampaignAsk;
  readonly currency: string | null;
  /** The API's today (its answers' effectiveDate): the day the cost book is read at. */
  readonly day: string | null;
  /** The sale at today's list price (what the list price is, and its margin). */
  readonly list: Readonly<Record<string, PointAnswer>>;
  /** The sale in the campaign. */
  readonly sale: Readonly<Record<string, PointAnswer>>;
  /** The lowest buyer price that keeps the target margin (the deepest discount). */
  readonly deepest: Readonly<Record<string, PointAnswer>>;
  /** The walk of the ranked lists, where the SKUs are the shop's top products. */
  readonly pick?: PickState;
}

export const firstCampaignState = (ask: CampaignAsk): CampaignState => ({
  ask,
  answered: {},
  errors: [],
  currency: null,
  day: null,
  list: {},
  sale: {},
  deepest: {},
});

/** The cost book's cost of a SKU on the API's today, where the book has one. */
export function teamCost(s: CampaignState, k: CampaignSku): BookCost | null {
  const { book, marketplace } = s.ask;
  return book && s.day ? costOn(book, marketplace, k.itemId, k.variantId, s.day) : null;
}
