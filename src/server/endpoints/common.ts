/** Shop lists (A, plus the B and C extensions) and free-text product search across marketplaces. */
import { toMajor, currencyOf } from "../analytics/money";
import type { EndpointHandler } from "../handler";

/** SHOPS_A: the caller's marketplace A shops. */
const shopsA: EndpointHandler = (ctx) =>
  ctx.account.shopsA.map((s) => ({
    shopId: s.shopId,
    region: s.region,
    shopName: s.name,
    currency: s.currency,
    productCount: s.products.length,
    vatRegistered: s.vatRegistered,
  }));

/** SHOPS_B: the caller's marketplace B sellers (reference-server extension). */
const shopsB: EndpointHandler = (ctx) =>
  ctx.account.sellersB.map((s) => ({
    sellerId: s.sellerId,
    region: s.region,
    shopName: s.name,
    currency: s.currency,
    sellerType: s.sellerType,
    productCount: s.products.length,
  }));

/** SHOPS_C: the caller's marketplace C shops; shopId as an opaque string (spec 2.4). */
const shopsC: EndpointHandler = (ctx) =>
  ctx.account.shopsC.map((s) => ({
    shopId: String(s.shopId),
    region: s.region,
    shopName: s.name,
    currency: s.currency,
    productCount: s.products.length,
  }));

/** Most results one search returns. */
const SEARCH_LIMIT = 100;

/**
 * SEARCH: case-insensitive match of every word of the query against product names (and the
 * exact item / product id), over the caller's shops in all marketplaces. Ids come back as
 * strings; `price` is the lowest current list price of the product's variants.
 */
const search: EndpointHandler = (ctx) => {
  const query = typeof ctx.body.query === "string" ? ctx.body.query.trim().toLowerCase() : "";
  const words = query.split(/\s+/).filter((w) => w.length > 0);
  const matches = (name: string, id: string): boolean => {
    if (words.length === 0) return false;
    if (id === query) return true;
    const n = name.toLowerCase();
    return words.every((w) => n.includes(w));
  };
  const out: Record<string, unknown>[] = [];
  const push = (r: Record<string, unknown>): boolean => {
    if (out.length >= SEARCH_LIMIT) return false;
    out.push(r);
    return true;
  };
  const minPrice = (prices: number[]): number => Math.min(...prices);
  for (const s of ctx.account.shopsA) {
    const d = currencyOf(s.region).decimals;
    for (const p of s.products)
      if (
        matches(p.name, String(p.itemId)) &&
        !push({
          marketplace: "A",
          shopId: String(s.shopId),
          region: s.region,
          productId: String(p.itemId),
          itemId: p.itemId,
          title: p.name,
          price: toMajor(minPrice(p.models.map((m) => m.listPrice)), d),
          currency: s.currency,
          variantCount: p.models.length,
        })
      )
        return out;
  }
  for (const s of ctx.account.sellersB) {
    const d = currencyOf(s.region).decimals;
    for (const p of s.products)
      if (
        matches(p.name, String(p.itemId)) &&
        !push({
          marketplace: "B",
          shopId: String(s.sellerId),
          sellerId: s.sellerId,
          region: s.region,
          productId: String(p.itemId),
          itemId: p.itemId,
          title: p.name,
          price: toMajor(minPrice(p.skus.map((m) => m.listPrice)), d),
          currency: s.currency,
          variantCount: p.skus.length,
        })
      )
        return out;
  }
  for (const s of ctx.account.shopsC) {
    const d = currencyOf(s.region).decimals;
    for (const p of s.products)
      if (
        matches(p.name, p.productId) &&
        !push({
          marketplace: "C",
          shopId: String(s.shopId),
          region: s.region,
          productId: p.productId,
          title: p.name,
          price: toMajor(minPrice(p.skus.map((m) => m.listPrice)), d),
          currency: s.currency,
          variantCount: p.skus.length,
        })
      )
        return out;
  }
  return out;
};

export const handlersCommon: Record<string, EndpointHandler> = {
  SHOPS_A: shopsA,
  SHOPS_B: shopsB,
  SHOPS_C: shopsC,
  SEARCH: search,
};
