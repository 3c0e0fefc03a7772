/** Plain-JSON shapes the service answers with (they cross google.script.run: no Date). */
import type { Marketplace } from "../api/types";
import type { LeftOutRows } from "../imports/plan";

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
  /**
   * False when a refresh wrote nothing yet because owned cells were changed by hand: `edited`
   * names them and the client commits again with the seller's choice. Absent: written.
   */
  readonly written?: boolean;
  /** Cells the seller changed by hand (kept unless they chose to overwrite them). */
  readonly edited?: readonly EditedCellView[];
  /** Rows the API sent with a value the spec does not allow: not written, named. */
  readonly leftOut?: LeftOutRows;
  /** A refresh of a managed table: rows updated by id, appended, and marked as gone. */
  readonly changes?: {
    readonly updated: number;
    readonly appended: number;
    readonly vanished: number;
  };
  /** What else the refresh says (a copied row named, a column left alone, a rebuilt record). */
  readonly notes?: readonly string[];
  /** Chosen product ids the API did not find (left out of its answer), as typed. */
  readonly notFound?: readonly string[];
  /** The import kept its first N rows and filled them: missing rows are below them, not gone. */
  readonly topRows?: number;
}

/** An owned cell the seller changed by hand, as the sidebar names it. */
export interface EditedCellView {
  readonly cell: string;
  readonly header: string;
  readonly id: string;
  readonly yours: PlainCell;
  readonly api: PlainCell;
}

/** Where an import is about to write, told before any page is fetched. */
export interface ImportTarget {
  readonly sheetName: string;
  /**
   * The target's data ("Names!A1:D40") when no import wrote it: replacing it needs the
   * seller's yes. Null when the sheet is missing, empty or an import's own.
   */
  readonly othersData: string | null;
  /** A free sheet name for the import when the seller keeps that data. */
  readonly newSheetName: string;
}

/** How an import's commit writes: over the seller's data only when asked, and shown or not. */
export interface CommitChoice {
  /** The seller said yes to replacing data no import wrote. */
  readonly replace?: boolean;
  /** Make the import's sheet the active one (the seller is looking; a trigger is not). */
  readonly show?: boolean;
  /**
   * A saved import's refresh (menu, daily trigger): the sheet it names is its own. A trigger
   * cannot read document properties, so no list of import sheets is read or kept then.
   */
  readonly saved?: boolean;
  /** Owned cells changed by hand: keep the seller's values, or write the API's over them. */
  readonly edits?: "keep" | "overwrite";
}

/** A cell value the sidebar can receive. */
export type PlainCell = string | number | boolean;

/** One bulk row's answer. */
export interface BulkAnswer {
  readonly cells: PlainCell[];
  /** Each cell's number format (money in its currency's decimals, margins as %); "" for none. */
  readonly formats?: string[];
  /** The row failed: `cells` holds its error text. */
  readonly failed: boolean;
  /** The rate limit stopped it: ask it again rather than show the error. */
  readonly rateLimited?: boolean;
  /** It failed for a passing reason (a short outage): worth asking again after a wait. */
  readonly passing?: boolean;
  /** Column names, when the answer is a one-record table or a breakdown. */
  readonly header?: string[];
}
