/**
 * The body every "*_BREAKDOWN" function shares: rows of (product, variant) ids where rows with
 * a variant go to the marketplace's batch endpoint (one request per 100 ids) and the rest get
 * one call per distinct row. Marketplaces differ only in names, endpoints and options.
 */
import type { ApiCall, Program } from "../core/effects";
import { ApiError } from "../core/errors";
import type { Cell, CellResult } from "./cells";
import type { IdArg } from "./params";
import { type Display, type Shape, present, readsOf } from "./answer";
import { fetchBatch, fetchEach, type RowOutcome } from "./requests";
import { anyRange, at, idCell, rangeResult, rowCount, single } from "./rows";
import { profitTable } from "./shape";

type Id = string | number;

export interface VariantPlan {
  readonly product: { readonly name: "itemId" | "productId"; readonly arg: IdArg<Id> | undefined };
  readonly variant: {
    readonly name: "modelId" | "skuId";
    readonly label: "model" | "SKU";
    readonly arg: IdArg<Id> | undefined;
  };
  /** The batch endpoint for variants; `usable` is false when an option it lacks was given. */
  readonly batch: {
    readonly endpoint: string;
    readonly params: Readonly<Record<string, unknown>>;
    readonly usable: boolean;
  };
  /** The call for a row the batch does not answer; null for a row without a product. */
  readonly callOf: (product: Id | undefined, variant: Id | undefined) => ApiCall | null;
  /** Where a missing variant was looked for, for the message: "in shop 1001". */
  readonly where: string;
  /** Where the seller finds the valid variants: "MKTB_ALL_SKUS(seller, region) lists them". */
  readonly listedBy: string;
}

/** Answer a breakdown over one id or a range of ids, one row per id (one id: `shape`d). */
export function* variantBreakdown(
  plan: VariantPlan,
  display: Display,
  shape: Shape = profitTable,
): Program<CellResult> {
  const { product, variant } = plan;
  const n = rowCount({ [product.name]: product.arg, [variant.name]: variant.arg });
  const productAt = (i: number) => at(product.arg, i);
  const variantAt = (i: number) => at(variant.arg, i);
  const batched = (i: number) => plan.batch.usable && variantAt(i) !== undefined;

  const batchIds = Array.from({ length: n }, (_, i) => (batched(i) ? variantAt(i) : undefined));
  const byVariant = batchIds.some((id) => id !== undefined)
    ? yield* fetchBatch(plan.batch.endpoint, plan.batch.params, batchIds)
    : new Map<string, Record<string, unknown>>();
  const reads = readsOf(display, anyRange(product.arg, variant.arg));
  const perRow = yield* fetchEach(
    Array.from({ length: n }, (_, i) => {
      const c = batched(i) ? null : plan.callOf(productAt(i), variantAt(i));
      return c && reads ? { ...c, reads } : c;
    }),
  );
  const outcomes = perRow.map((outcome, i): RowOutcome => {
    if (!batched(i)) return outcome;
    return batchEntryOutcome(plan, byVariant, variantAt(i) as Id, productAt(i));
  });

  if (!anyRange(product.arg, variant.arg)) {
    const sent = plan.callOf(productAt(0), variantAt(0))?.params ?? plan.batch.params;
    return single(outcomes[0] ?? null, (v) => present(v, display, shape, sent));
  }
  const ids = Array.from({ length: n }, (_, i): Array<[string, Cell]> => [
    [product.name, idCell(productAt(i))],
    [variant.name, idCell(variantAt(i))],
  ]);
  return rangeResult(ids, outcomes, { field: display.field, headers: display.headers ?? true });
}

/** A row's answer from the batch: its entry, not found, or a variant of another product. */
function batchEntryOutcome(
  plan: VariantPlan,
  byVariant: ReadonlyMap<string, Record<string, unknown>>,
  variantId: Id,
  productId: Id | undefined,
): RowOutcome {
  const { label } = plan.variant;
  const entry = byVariant.get(String(variantId));
  if (!entry) {
    return {
      ok: false,
      error: new ApiError(
        "NOT_FOUND",
        `Not found: ${label} ${variantId} ${plan.where} (your key's account cannot see it). ${plan.listedBy}`,
      ),
    };
  }
  const owner = entry[plan.product.name];
  if (productId !== undefined && owner !== undefined && String(owner) !== String(productId)) {
    const productLabel = plan.product.name === "itemId" ? "item" : "product";
    return {
      ok: false,
      error: new ApiError(
        "INVALID_ARGUMENT",
        `${label} ${variantId} belongs to ${productLabel} ${String(owner)}, not ${productId}`,
      ),
    };
  }
  return { ok: true, value: entry };
}
