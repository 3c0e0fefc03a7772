/** Plain-JSON shapes the service answers with (they cross google.script.run: no Date). */
import type { Marketplace } from "../api/types";

/** One shop (A, C) or seller (B) the app can offer in pickers. */
export interface ShopRef {
  readonly marketplace: Marketplace;
  /** Shop id (A, C) or seller id (B), as text. */
  readonly id: string;
  readonly region: string;
  readonly name: string;
  /** True when the seller typed it in (the shop list is not available). */
  readonly typed: boolean;
}

/** Shops per marketplace, and which lists the API does not serve (then ids are typed in). */
export interface ShopsView {
  readonly shops: readonly ShopRef[];
  /** Marketplaces whose shop list answered 404: the app offers typed-in ids. */
  readonly typedInOnly: readonly Marketplace[];
}

/** One marketplace's shop list: its shops, "the API has no such list", or why not. */
export type ShopListResult =
  | { readonly marketplace: Marketplace; readonly shops: ShopRef[] }
  | { readonly marketplace: Marketplace; readonly missing: true }
  | { readonly marketplace: Marketplace; readonly error: string };

/** What an import wrote. */
export interface ImportResult {
  readonly sheetName: string;
  readonly rows: number;
  readonly dataFreshAt: string | null;
  readonly importedAt: string;
}

/** A cell value the sidebar can receive. */
export type PlainCell = string | number | boolean;

/** One bulk row's answer. */
export interface BulkAnswer {
  readonly cells: PlainCell[];
  /** The row failed: `cells` holds its error text. */
  readonly failed: boolean;
  /** The rate limit stopped it: ask it again rather than show the error. */
  readonly rateLimited?: boolean;
  /** Column names, when the answer is a one-record table or a breakdown. */
  readonly header?: string[];
}
