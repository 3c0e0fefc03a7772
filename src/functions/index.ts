/**
 * The formula catalog: every spreadsheet function of the add-in, once. Hosts generate their
 * stubs, metadata and docs from `CATALOG`; `functionByName` finds one at call time.
 */
import type { SheetFunction } from "./define";
import { MKTA_BREAKDOWN } from "./catalog/mktaBreakdown";
import { MKTA_ITEM } from "./catalog/mktaItem";
import { MKTA_NEW_PRODUCT } from "./catalog/mktaNewProduct";
import { MKTA_SIMULATE } from "./catalog/mktaSimulate";
import { MKTA_PRODUCTS } from "./catalog/mktaProducts";
import { MKTA_TOP_PRODUCTS } from "./catalog/mktaTopProducts";
import { MKTA_CORRECTED_ROAS } from "./catalog/mktaCorrectedRoas";
import { MKTA_OVERVIEW } from "./catalog/mktaOverview";
import { MKTA_COMMISSION_IMPACT } from "./catalog/mktaCommissionImpact";
import { MKTA_COMMISSION_OVERVIEW } from "./catalog/mktaCommissionOverview";
import { MKTA_CATEGORIES } from "./catalog/mktaCategories";
import { FEE_CHANGE } from "./catalog/feeChange";
import { MKTB_BREAKDOWN } from "./catalog/mktbBreakdown";
import { MKTB_ITEM } from "./catalog/mktbItem";
import { MKTB_NEW_PRODUCT } from "./catalog/mktbNewProduct";
import { MKTB_SIMULATE } from "./catalog/mktbSimulate";
import { MKTB_PRODUCTS } from "./catalog/mktbProducts";
import { MKTB_ALL_SKUS } from "./catalog/mktbAllSkus";
import { MKTB_TOP_PRODUCTS } from "./catalog/mktbTopProducts";
import { MKTB_CORRECTED_ROAS } from "./catalog/mktbCorrectedRoas";
import { MKTB_OVERVIEW } from "./catalog/mktbOverview";
import { MKTC_BREAKDOWN } from "./catalog/mktcBreakdown";
import { MKTC_PRODUCTS } from "./catalog/mktcProducts";
import { MKTC_NEW_PRODUCT } from "./catalog/mktcNewProduct";
import { MKTC_SIMULATE } from "./catalog/mktcSimulate";
import { MKTC_OVERVIEW } from "./catalog/mktcOverview";
import { REQUIRED_PRICE } from "./catalog/requiredPrice";
import { PROFIT_ROAS } from "./catalog/profitRoas";
import { SET_MARGIN_PREVIEW } from "./catalog/setMarginPreview";
import { SET_BUYER_PRICE_PREVIEW } from "./catalog/setBuyerPricePreview";
import { SHOPS } from "./catalog/shops";
import { PRODUCT_SEARCH } from "./catalog/productSearch";
import { MKTA_PRODUCT_CARD } from "./catalog/mktaProductCard";
import { MKTB_PRODUCT_CARD } from "./catalog/mktbProductCard";
import { MKTC_PRODUCT_CARD } from "./catalog/mktcProductCard";

/** Every function, in the order docs list them (one file each in ./catalog, named after it). */
export const CATALOG: readonly SheetFunction[] = [
  MKTA_BREAKDOWN,
  MKTA_ITEM,
  MKTA_NEW_PRODUCT,
  MKTA_SIMULATE,
  MKTA_PRODUCTS,
  MKTA_TOP_PRODUCTS,
  MKTA_CORRECTED_ROAS,
  MKTA_OVERVIEW,
  MKTA_COMMISSION_IMPACT,
  MKTA_COMMISSION_OVERVIEW,
  MKTA_CATEGORIES,
  FEE_CHANGE,
  MKTB_BREAKDOWN,
  MKTB_ITEM,
  MKTB_NEW_PRODUCT,
  MKTB_SIMULATE,
  MKTB_PRODUCTS,
  MKTB_ALL_SKUS,
  MKTB_TOP_PRODUCTS,
  MKTB_CORRECTED_ROAS,
  MKTB_OVERVIEW,
  MKTC_BREAKDOWN,
  MKTC_PRODUCTS,
  MKTC_NEW_PRODUCT,
  MKTC_SIMULATE,
  MKTC_OVERVIEW,
  REQUIRED_PRICE,
  PROFIT_ROAS,
  SET_MARGIN_PREVIEW,
  SET_BUYER_PRICE_PREVIEW,
  SHOPS,
  PRODUCT_SEARCH,
  MKTA_PRODUCT_CARD,
  MKTB_PRODUCT_CARD,
  MKTC_PRODUCT_CARD,
];

const BY_NAME: ReadonlyMap<string, SheetFunction> = new Map(CATALOG.map((f) => [f.name, f]));

/** The function with this name (case-insensitive), or undefined. */
export function functionByName(name: string): SheetFunction | undefined {
  return BY_NAME.get(name.toUpperCase());
}

/**
 * Endpoints no cell formula reaches, with the reason (the sidebar covers them). Empty today:
 * every endpoint of the spec has a function; kept so a new endpoint must be placed somewhere.
 */
export const SIDEBAR_ONLY: Readonly<Record<string, string>> = {};

export type { SheetFunction, ParamSpec, ParamType, ResultShape } from "./define";
export type { Cell, CellInput, CellResult, ResultCell, ResultTable, Table } from "./cells";
export { CellError, errorsAsText, resultText } from "./cells";
export { ArgumentError } from "./argumentError";
export { MAX_REQUESTS_PER_CELL, tooManyRequestsError } from "./requests";
