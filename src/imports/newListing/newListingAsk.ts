/**
 * New listings compared on every marketplace (issue 34 item 4), host-free: candidate products
 * (name, unit cost, planned price, a category on each marketplace) and the shops they would be
 * listed in; the state keeps each candidate's answers per marketplace (plain JSON).
 */
import type { Marketplace } from "../../api/types";
import type { CellAnswer, StepState } from "../sheetSteps";

export interface Candidate {
  readonly name: string;
  /** Unit cost (COGS). */
  readonly cogs: number;
  /** The listing price planned on every marketplace. */
  readonly price: number;
  /** A and B: category ids; C: a path "L1 > L2 > L3". Empty: not listed there. */
  readonly categoryA?: number | null;
  readonly categoryB?: number | null;
  readonly categoryC?: string | null;
}

/** Where the candidates would be listed: A's shop and region, B's region, C's shop. */
export interface ListingShops {
  readonly A?: { readonly shopId: number; readonly region: string };
  readonly B?: { readonly region: string };
  readonly C?: { readonly shopId: number };
}

export interface NewListingAsk {
  readonly candidates: readonly Candidate[];
  readonly shops: ListingShops;
  /** The team's target margin (0.25 = 25 %): the price that reaches it. */
  readonly targetMargin: number;
}

/** Profit and margin at the planned price, and the price for the target margin. */
export interface ListingAnswers {
  readonly profit: CellAnswer;
  readonly margin: CellAnswer;
  readonly price: CellAnswer;
}

export interface NewListingState extends StepState {
  readonly ask: NewListingAsk;
  readonly errors: readonly string[];
  /** By candidate index, then marketplace. */
  readonly answers: Readonly<Record<string, Partial<Record<Marketplace, ListingAnswers>>>>;
}

export const firstNewListingState = (ask: NewListingAsk): NewListingState => ({
  ask,
  answered: {},
  errors: [],
  answers: {},
});
