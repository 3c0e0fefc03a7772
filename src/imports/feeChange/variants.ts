/**
 * The rows of a fee-change sheet: every variant of every product the shop list gave (A model,
 * B and C SKU), in the list's order, each with its row id (pricingSheet.ts's, so a product and
 * variant name one row in every sheet), and the figures and prices the stages found for it.
 */
import { rowId } from "../pricingSheet";
import type { FeeChangeState, ListedProduct, PointAnswer } from "./feeChangeAsk";
import type { PricePoint } from "./keepMarginPrice";
import type { UnitFigures } from "./unitFigures";

/** One variant row. */
export interface VariantRow {
  readonly id: string;
  readonly itemId: number | string;
  readonly variantId: number | string | null;
  readonly product: ListedProduct;
}

/** Every variant row, product by product in the list's order. */
export function variantRows(s: FeeChangeState): VariantRow[] {
  return s.today.products.flatMap((product) =>
    (s.variantsOf[String(product.itemId)] ?? [null]).map((variantId) => ({
      id: rowId(product.itemId, variantId),
      itemId: product.itemId,
      variantId,
      product,
    })),
  );
}

/**
 * A row's figures today or at the date: its own (A1, B8, C7's SKU detail); a product listed
 * without variants, or with one variant that has no id, sells as its product (A7's figures).
 * Null where neither answered.
 */
export function figuresOf(
  s: FeeChangeState,
  row: VariantRow,
  when: "today" | "later",
): UnitFigures | null {
  const own = (when === "today" ? s.figuresToday : s.figuresLater)[row.id];
  if (own) return own;
  if (row.variantId !== null) return null;
  if (when === "today") return row.product.figures;
  return byId(s.later.products).get(String(row.product.itemId))?.figures ?? null;
}

const indexed = new WeakMap<readonly ListedProduct[], Map<string, ListedProduct>>();

/** A list's products by id (built once per list). */
function byId(list: readonly ListedProduct[]): Map<string, ListedProduct> {
  let map = indexed.get(list);
  if (!map) {
    map = new Map(list.map((p) => [String(p.itemId), p]));
    indexed.set(list, map);
  }
  return map;
}

/** A preview's point, or null where it answered why not (or nothing). */
export const pointOf = (a: PointAnswer | undefined): PricePoint | null =>
  a && "price" in a ? a : null;
