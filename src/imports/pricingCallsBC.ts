/**
 * A pricing sheet for marketplaces B and C (issue 20 item 2), host-free: rows from B8 (every SKU
 * of the seller, names from B7) and C7 (chosen products with their per-SKU detail), and the
 * previews that answer them: B14/C8 (the largest discount that still meets a target margin, so
 * the lowest buyer price at or under today's list price that meets it) and B15/C9 (profit and
 * margin at a planned buyer price). Margins are fractions on B and C, as in the sheet.
 */
import { isRecord } from "../core/shape";
import {
  batch,
  byPlanned,
  byTarget,
  type Asked,
  type PricingRow,
  costingOf,
  type PricingWhere,
} from "./pricingSheet";

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** An entry's figures of today: buyer price (revenue), units, profit and margin per unit. */
function todayOf(e: Record<string, unknown>) {
  const meta = isRecord(e.metadata) ? e.metadata : {};
  return {
    priceToday: num(meta.revenue) ?? num(e.originalPrice) ?? 0,
    unitsSold: num(e.unitsSold) ?? num(meta.unitsSold) ?? 0,
    netProfit: num(meta.netProfit) ?? 0,
    margin: num(meta.margin),
    ...costingOf(e),
  };
}

/** B product names by item id, from B7 pages (B8's entries name the SKU, not the product). */
export function namesOf(entries: readonly unknown[], into: Map<number, string>): void {
  for (const e of entries)
    if (isRecord(e) && typeof e.itemId === "number" && typeof e.name === "string")
      into.set(e.itemId, e.name);
}

/** Rows of B8's SKUs for the first `limit` products (B8 lists SKUs product by product). */
export function rowsOfB8(
  skus: readonly unknown[],
  names: ReadonlyMap<number, string>,
  limit: number,
): PricingRow[] {
  const products = new Set<number>();
  const rows: PricingRow[] = [];
  for (const e of skus) {
    if (!isRecord(e) || typeof e.itemId !== "number" || typeof e.skuId !== "number") continue;
    if (!products.has(e.itemId) && products.size >= limit) continue;
    products.add(e.itemId);
    const sku = typeof e.name === "string" ? e.name : "";
    const name = names.get(e.itemId);
    rows.push({
      itemId: e.itemId,
      modelId: e.skuId,
      name: name === undefined ? sku : sku === "" ? name : `${name} · ${sku}`,
      ...todayOf(e),
    });
  }
  return rows;
}

/** Rows of C7's products, one per SKU of its per-SKU detail, with the SKU's unit cost. */
export function rowsOfC7(products: readonly unknown[]): PricingRow[] {
  const rows: PricingRow[] = [];
  for (const p of products) {
    if (!isRecord(p) || typeof p.productId !== "string") continue;
    const title = typeof p.title === "string" ? p.title : "";
    for (const e of Array.isArray(p.skuBreakdowns) ? p.skuBreakdowns : []) {
      if (!isRecord(e) || typeof e.skuId !== "string") continue;
      const b = isRecord(e.breakdown) ? e.breakdown : {};
      const cogs = -(num(isRecord(b.cogs) ? b.cogs.amount : null) ?? 0);
      const sku = typeof e.name === "string" ? e.name : "";
      rows.push({
        itemId: p.productId,
        modelId: e.skuId,
        name: sku === "" ? title : `${title} · ${sku}`,
        ...todayOf(e),
        cogs: cogs === 0 ? 0 : cogs,
      });
    }
  }
  return rows;
}

/** The seller (B) or shop (C) fields every preview body carries, with the VAT switch. */
function whereFields(where: PricingWhere): Record<string, unknown> {
  return where.marketplace === "B"
    ? { sellerId: where.shopId, region: where.region, hasVat: where.includeVat }
    : { shopId: where.shopId, hasVat: where.includeVat };
}

/**
 * One preview element naming a row's SKU, with its unit cost where the row has one (C's own, or
 * the team's cost book's: every B and C preview takes it, and C8 requires it).
 */
function skuOf(where: PricingWhere, r: Asked, required: boolean): Record<string, unknown> {
  const cogs = r.cogs ?? (required ? 0 : undefined);
  const withCogs = cogs === undefined ? {} : { cogs };
  if (where.marketplace === "B")
    return { itemId: Number(r.itemId), skuId: Number(r.modelId), ...withCogs };
  return { productId: String(r.itemId), skuId: String(r.modelId), ...withCogs };
}

/** B14/C8 requests for rows whose target changed: one per target value, 500 SKUs each. */
export const targetCallsBC = (where: PricingWhere, rows: readonly Asked[]) =>
  byTarget(rows).map(([target, part]) =>
    batch(where.marketplace === "B" ? "B14" : "C8", part, {
      ...whereFields(where),
      // B and C read a fraction, as the sheet holds it (despite the field's name).
      targetMarginPercent: target,
      skus: part.map((r) => skuOf(where, r, where.marketplace === "C")),
    }),
  );

/** B15/C9 requests for rows whose planned price changed, 500 SKUs each. */
export const plannedCallsBC = (where: PricingWhere, rows: readonly Asked[]) =>
  byPlanned(rows).map((part) =>
    batch(where.marketplace === "B" ? "B15" : "C9", part, {
      ...whereFields(where),
      skus: part.map((r) => ({ ...skuOf(where, r, false), targetBuyerPrice: r.inputs.planned })),
    }),
  );
