/** Shop lists (A, plus the B and C extensions) and free-text product search across marketplaces. */
import { toMajor, currencyOf } from "../analytics/money";
import type { Marketplace } from "../../api/types";
import type { DemoAccount } from "../data/model";
import type { EndpointHandler } from "../handler";

/** A shop list row: the shop's ids as its marketplace names them, then what every list shows. */
function shopRow(
  ids: Record<string, unknown>,
  s: { readonly region: string; readonly name: string; readonly currency: string },
  extra: Record<string, unknown>,
): Record<string, unknown> {
  return { ...ids, region: s.region, shopName: s.name, currency: s.currency, ...extra };
}

/** SHOPS_A: the caller's marketplace A shops. */
const shopsA: EndpointHandler = (ctx) =>
  ctx.account.shopsA.map((s) =>
    shopRow({ shopId: s.shopId }, s, {
      productCount: s.products.length,
      vatRegistered: s.vatRegistered,
    }),
  );

/** SHOPS_B: the caller's marketplace B sellers (reference-server extension). */
const shopsB: EndpointHandler = (ctx) =>
  ctx.account.sellersB.map((s) =>
    shopRow({ sellerId: s.sellerId }, s, {
      sellerType: s.sellerType,
      productCount: s.products.length,
    }),
  );

/** SHOPS_C: the caller's marketplace C shops; shopId as an opaque string (spec 2.4). */
const shopsC: EndpointHandler = (ctx) =>
  ctx.account.shopsC.map((s) =>
    shopRow({ shopId: String(s.shopId) }, s, { productCount: s.products.length }),
  );

/** Most results one search returns. */
const SEARCH_LIMIT = 100;

/**
 * One search result: the product's ids in its marketplace's words, and its lowest list price
 * (named so: a breakdown's original price is what buyers paid over a sales window).
 */
function hitOf(
  marketplace: Marketplace,
  shop: { readonly region: string; readonly currency: string },
  shopIds: Record<string, unknown>,
  productIds: Record<string, unknown>,
  title: string,
  variants: readonly { readonly listPrice: number }[],
): Record<string, unknown> {
  const lowest = Math.min(...variants.map((v) => v.listPrice));
  return {
    marketplace,
    ...shopIds,
    region: shop.region,
    ...productIds,
    title,
    lowestListPrice: toMajor(lowest, currencyOf(shop.region).decimals),
    currency: shop.currency,
    variantCount: variants.length,
  };
}

interface Searchable {
  readonly id: string;
  readonly name: string;
  readonly hit: () => Record<string, unknown>;
}

/** What a search reads of a shop of any marketplace. */
interface SearchedShop<P> {
  readonly region: string;
  readonly currency: string;
  readonly products: readonly P[];
}

/**
 * The products of one marketplace's shops, in shop order, with their ids as that marketplace
 * names them (`productIds` leads with the string `productId` every search matches on).
 */
function* searchablesOf<S extends SearchedShop<{ readonly name: string }>>(
  marketplace: Marketplace,
  shops: readonly S[],
  shopIds: (s: S) => Record<string, unknown>,
  productIds: (p: S["products"][number]) => { productId: string } & Record<string, unknown>,
  variants: (p: S["products"][number]) => readonly { readonly listPrice: number }[],
): Generator<Searchable> {
  for (const s of shops)
    for (const p of s.products) {
      const ids = productIds(p);
      yield {
        id: ids.productId,
        name: p.name,
        hit: () => hitOf(marketplace, s, shopIds(s), ids, p.name, variants(p)),
      };
    }
}

/** Every product of the caller's shops, marketplace by marketplace, in shop order. */
function* searchables(account: DemoAccount): Generator<Searchable> {
  yield* searchablesOf(
    "A",
    account.shopsA,
    (s) => ({ shopId: String(s.shopId) }),
    (p) => ({ productId: String(p.itemId), itemId: p.itemId }),
    (p) => p.models,
  );
  yield* searchablesOf(
    "B",
    account.sellersB,
    (s) => ({ shopId: String(s.sellerId), sellerId: s.sellerId }),
    (p) => ({ productId: String(p.itemId), itemId: p.itemId }),
    (p) => p.skus,
  );
  yield* searchablesOf(
    "C",
    account.shopsC,
    (s) => ({ shopId: String(s.shopId) }),
    (p) => ({ productId: p.productId }),
    (p) => p.skus,
  );
}

/**
 * SEARCH: case-insensitive match of every word of the query against product names (and the
 * exact item / product id), over the caller's shops in all marketplaces. Ids come back as
 * strings; `price` is the lowest current list price of the product's variants.
 */
const search: EndpointHandler = (ctx) => {
  const query = typeof ctx.body.query === "string" ? ctx.body.query.trim().toLowerCase() : "";
  const words = query.split(/\s+/).filter((w) => w.length > 0);
  const out: Record<string, unknown>[] = [];
  if (words.length === 0) return out;
  for (const p of searchables(ctx.account)) {
    const name = p.name.toLowerCase();
    if (p.id !== query && !words.every((w) => name.includes(w))) continue;
    if (out.length >= SEARCH_LIMIT) break;
    out.push(p.hit());
  }
  return out;
};

export const handlersCommon: Record<string, EndpointHandler> = {
  SHOPS_A: shopsA,
  SHOPS_B: shopsB,
  SHOPS_C: shopsC,
  SEARCH: search,
};
