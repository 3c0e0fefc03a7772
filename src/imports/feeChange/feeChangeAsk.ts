/**
 * What a fee-change impact sheet is asked for (issue 34 item 2), and the state its steps build:
 * host-free, plain JSON (a job's checkpoint). The stages of each marketplace fill it
 * (stagesA.ts, stagesBC.ts); rows.ts turns it into the sheet.
 */
import type { Marketplace } from "../../api/types";
import { currencyDecimals } from "../../core/figure";
import type { StepState } from "../sheetSteps";
import type { PricePoint } from "./keepMarginPrice";
import type { UnitFigures } from "./unitFigures";

/** The shop, the date and the seller's basis. */
export interface FeeChangeAsk {
  readonly marketplace: Marketplace;
  /** The A or C shop, the B seller. */
  readonly shopId: number;
  readonly region: string;
  /** The day the new fees apply (YYYY-MM-DD, after today). */
  readonly date: string;
  /** The seller's basis: output VAT counted as a cost. */
  readonly includeVat: boolean;
  /** Marketplace A's sales window in days (B's and C's units are the 30-day window's). */
  readonly salesWindowDays: number;
  /** Marketplace C: the products to compare (the API lists no C products). */
  readonly productIds?: readonly string[];
  /** Digits of the shop's currency's unit (2 for SGD, 0 for VND), once a list told it. */
  readonly decimals?: number;
}

/** A product of a shop list (A7, B7) as the sheet keeps it. */
export interface ListedProduct {
  readonly itemId: number | string;
  readonly name: string;
  /** Its own figures (A7): a single-variant product's are its model's. */
  readonly figures: UnitFigures | null;
}

/** A cursor or page walk of a list: what came so far and where it goes on. */
export interface Walk {
  readonly products: readonly ListedProduct[];
  /** The next cursor or page; null at the end. */
  readonly next: number | null;
  readonly started: boolean;
  /** Products the list holds, where it says (offset pages). */
  readonly total?: number;
}

/** What the previews answered per row id, or why not (the API's words, and its typed reason). */
export type PointAnswer = PricePoint | { readonly reason: string; readonly code?: string };

/** Everything the steps gathered. */
export interface FeeChangeState extends StepState {
  readonly ask: FeeChangeAsk;
  readonly currency: string | null;
  readonly dataFreshAt: string | null;
  /** Product lists today and at the date (A7; B7 for names). */
  readonly today: Walk;
  readonly later: Walk;
  /** Each product's variants (A: A12's modelDetails; B: B8; C: C7's per-SKU detail), by id. */
  readonly variantsOf: Readonly<Record<string, readonly (number | string | null)[]>>;
  /** The walk that finds the variants (A12's pages; B8 and C7 answer them with the figures). */
  readonly variantWalk: Walk;
  /** Figures per row id, today and at the date. */
  readonly figuresToday: Readonly<Record<string, UnitFigures>>;
  readonly figuresLater: Readonly<Record<string, UnitFigures>>;
  /** Today's list price sale, the same at the date, and 10 % and half under it at the date. */
  readonly listToday: Readonly<Record<string, PointAnswer>>;
  readonly listLater: Readonly<Record<string, PointAnswer>>;
  readonly lowerLater: Readonly<Record<string, PointAnswer>>;
  readonly halfLater: Readonly<Record<string, PointAnswer>>;
  /** Marketplace A: a sale above the list price at the date (A21, for a margin at least the row's). */
  readonly aboveLater: Readonly<Record<string, PointAnswer>>;
  /** Rows priced alone (A21 at the row's own margin) where the batches could not. */
  readonly alone: Readonly<Record<string, PointAnswer>>;
  /** A19's totals for the date (A), or why they are missing. */
  readonly impact: ImpactTotals | { readonly error: string } | null;
  /** Ids the API did not know (C7 omits them). */
  readonly missing: readonly string[];
  /** What failed, for the Refresh log. */
  readonly errors: readonly string[];
}

/** A19's monthly totals (old rates, new rates, difference). */
export interface ImpactTotals {
  readonly current: number;
  readonly future: number;
  readonly delta: number;
  readonly affectedProducts: number;
}

/** The state a new sheet starts from. */
export function firstFeeChangeState(ask: FeeChangeAsk): FeeChangeState {
  const walk: Walk = { products: [], next: null, started: false };
  return {
    ask,
    answered: {},
    currency: null,
    dataFreshAt: null,
    today: walk,
    later: walk,
    variantsOf: {},
    variantWalk: walk,
    figuresToday: {},
    figuresLater: {},
    listToday: {},
    listLater: {},
    lowerLater: {},
    halfLater: {},
    aboveLater: {},
    alone: {},
    impact: null,
    missing: [],
    errors: [],
  };
}

/** Digits of the shop's currency unit: the ask's, else the currency's once a list named it. */
export const decimalsOf = (s: FeeChangeState): number =>
  s.ask.decimals ?? currencyDecimals(s.currency);
