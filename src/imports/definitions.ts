/**
 * Import definitions: what a seller asks to be brought into a sheet, as plain data (no key,
 * no secret), so they can be saved in the document and refreshed later.
 */
import type { Marketplace } from "../api/types";

/** The kinds of import the sidebar offers, each backed by one listing or overview endpoint. */
export type ImportKind =
  | "productsByProfit"
  | "productsByRoas"
  | "allProducts"
  | "allSkus"
  | "productList"
  | "shopOverview";

/** How an endpoint hands over its rows. */
export type Paging = "offset" | "cursor" | "single";

/** Options a seller may set on an import (spec names; omitted means the API's default). */
export interface ImportOptions {
  readonly lookbackDays?: number;
  /** includeVat (A) or hasVat (B, C): the runner sends the field the endpoint takes. */
  readonly vat?: boolean;
  readonly from?: string;
  readonly to?: string;
  readonly topN?: number;
  /** Marketplace B seller programme. */
  readonly sellerType?: string;
  readonly effectiveDate?: string;
  /** Keep only the first N rows of a ranked list. */
  readonly limit?: number;
  /** A saved refresh (daily, menu) keeps a snapshot of the table in History afterwards. */
  readonly snapshot?: boolean;
}

/** One saved import. `shopId` is the A/C shop or the B seller. */
export interface ImportDefinition {
  /** Stable id (saved definitions are replaced by id). */
  readonly id: string;
  readonly kind: ImportKind;
  readonly marketplace: Marketplace;
  readonly shopId: string;
  /** Region code; marketplace C's product list needs none. */
  readonly region?: string;
  /** Marketplace C product ids (productList only). */
  readonly productIds?: readonly string[];
  /** The sheet (tab) the table replaces. */
  readonly sheetName: string;
  readonly options?: ImportOptions;
}

/** What one kind means for one marketplace: the endpoints and how they page. */
export interface ImportRoute {
  /** Endpoint ids; overviews may call several and stack their sections. */
  readonly endpoints: readonly string[];
  readonly paging: Paging;
  /** Path parameter naming the shop: shopId (A, C) or sellerId (B). */
  readonly shopField: "shopId" | "sellerId";
  /** Body field that carries the VAT switch. */
  readonly vatField: "includeVat" | "hasVat";
}

/** The label a seller reads in the picker. */
export const IMPORT_KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  productsByProfit: "Products sorted by profit",
  productsByRoas: "Products sorted by profit-adjusted ROAS",
  allProducts: "All products (breakdowns)",
  allSkus: "All SKUs (breakdowns)",
  productList: "Chosen products (breakdowns)",
  shopOverview: "Shop overview",
};

const ROUTES: Readonly<Record<ImportKind, Partial<Record<Marketplace, ImportRoute>>>> = {
  productsByProfit: {
    A: { endpoints: ["A11"], paging: "offset", shopField: "shopId", vatField: "includeVat" },
    B: { endpoints: ["B12"], paging: "offset", shopField: "sellerId", vatField: "hasVat" },
  },
  productsByRoas: {
    A: { endpoints: ["A12"], paging: "offset", shopField: "shopId", vatField: "includeVat" },
    B: { endpoints: ["B13"], paging: "offset", shopField: "sellerId", vatField: "hasVat" },
  },
  allProducts: {
    A: { endpoints: ["A7"], paging: "cursor", shopField: "shopId", vatField: "includeVat" },
    B: { endpoints: ["B7"], paging: "cursor", shopField: "sellerId", vatField: "hasVat" },
  },
  allSkus: {
    // B8's entries name the SKU ("Black"), not its product: B7's pages name the products first.
    B: { endpoints: ["B7", "B8"], paging: "single", shopField: "sellerId", vatField: "hasVat" },
  },
  productList: {
    C: { endpoints: ["C7"], paging: "single", shopField: "shopId", vatField: "hasVat" },
  },
  shopOverview: {
    // A13 in one payload is what A14..A18 split; the sections are preferred (spec A13).
    A: {
      endpoints: ["A14", "A15", "A16", "A17", "A18"],
      paging: "single",
      shopField: "shopId",
      vatField: "includeVat",
    },
    B: { endpoints: ["B16"], paging: "single", shopField: "sellerId", vatField: "includeVat" },
    C: { endpoints: ["C10"], paging: "single", shopField: "shopId", vatField: "includeVat" },
  },
};

/** The route of a kind on a marketplace, or undefined when that marketplace has none. */
export function importRoute(kind: ImportKind, marketplace: Marketplace): ImportRoute | undefined {
  return ROUTES[kind][marketplace];
}

/** Marketplaces that offer a kind, for the picker. */
export function marketplacesFor(kind: ImportKind): Marketplace[] {
  return (["A", "B", "C"] as const).filter((m) => ROUTES[kind][m] !== undefined);
}

/** Every kind, in picker order. */
export const IMPORT_KINDS: readonly ImportKind[] = Object.keys(IMPORT_KIND_LABELS) as ImportKind[];

/** Google Sheets' longest sheet name (Excel's is 31: its host shortens or refuses there). */
const MAX_SHEET_NAME_ANY_HOST = 100;

/**
 * Sheets the sidebar keeps itself (REFRESH_LOG_SHEET, HISTORY_SHEET, COST_BOOK_SHEET: the arrow
 * points from sidebar to imports, so the names are said again here; a test keeps them equal).
 */
export const ADDIN_SHEETS: readonly string[] = [
  "Refresh log",
  "Price history",
  "History",
  "Cost book",
];

/** Why a definition cannot run, or null. Messages say what to fix. */
export function definitionProblem(def: ImportDefinition): string | null {
  const route = importRoute(def.kind, def.marketplace);
  if (!route) {
    return `${IMPORT_KIND_LABELS[def.kind]} is not offered for marketplace ${def.marketplace}`;
  }
  if (!/^\d+$/.test(def.shopId.trim())) return "Pick a shop (its id is a whole number)";
  const needsRegion = !(def.kind === "productList");
  if (needsRegion && !/^[A-Z]{2}$/.test(def.region ?? "")) return "Pick a region such as SG";
  if (def.kind === "productList" && (def.productIds ?? []).length === 0) {
    return "Enter at least one product id";
  }
  if (def.sheetName.trim() === "" || /[[\]*?/\\:]/.test(def.sheetName)) {
    return "Name the target sheet (no [ ] * ? / \\ :)";
  }
  // Google Sheets refuses longer names; the web demo took a 10,000-character one (new user).
  if (def.sheetName.trim().length > MAX_SHEET_NAME_ANY_HOST) {
    return `Name the target sheet in at most ${MAX_SHEET_NAME_ANY_HOST} characters (got ${def.sheetName.trim().length})`;
  }
  // The add-in's own hidden sheets ("~mkt tables" in Sheets, Excel's "~mkt <name>" staging).
  if (/^~mkt\b/i.test(def.sheetName.trim())) {
    return 'Sheet names starting with "~mkt" are the add-in\'s own hidden sheets: pick another name';
  }
  // The add-in's own visible sheets: an import offered to replace the Refresh log (new user).
  const own = ADDIN_SHEETS.find((n) => n.toLowerCase() === def.sheetName.trim().toLowerCase());
  if (own) return `"${own}" is the add-in's own sheet: import into another sheet`;
  const o = def.options ?? {};
  if (o.lookbackDays !== undefined && !(o.lookbackDays >= 1 && o.lookbackDays <= 730)) {
    return "Lookback must be 1 to 730 days";
  }
  if (o.topN !== undefined && !(o.topN >= 1 && o.topN <= 100)) return "Top N must be 1 to 100";
  for (const d of [o.from, o.to, o.effectiveDate]) {
    if (d !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(d)) return "Dates are YYYY-MM-DD";
  }
  return null;
}

/** A short name for lists: "Products sorted by profit · A 100001 SG -> Profit". */
export function describeImport(def: ImportDefinition): string {
  const where = [def.marketplace, def.shopId, def.region ?? ""].filter(Boolean).join(" ");
  return `${IMPORT_KIND_LABELS[def.kind]} · ${where} → ${def.sheetName}`;
}
