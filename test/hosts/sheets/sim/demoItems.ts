/**
 * Cells for the simulator's fill-downs, from the same generated demo data the simulator's
 * reference server serves (seed 1, scale 1, today 2025-06-30): items and models of the first
 * marketplace A shop of the demo account. Read from the data, not over HTTP, so fixtures spend
 * no quota and no simulated time.
 */
import { generateDemoData } from "../../../../src/server/data/generate";

export interface DemoShop {
  readonly shopId: number;
  readonly region: string;
}

function firstShop() {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" });
  const shop = data.accounts.find((a) => a.id === "demo")?.shopsA[0];
  if (!shop) throw new Error("the demo data has no marketplace A shop");
  return shop;
}

/** The first A shop and `count` of its item ids. */
export function demoItems(count: number): { shop: DemoShop; items: number[] } {
  const shop = firstShop();
  const items = shop.products.slice(0, count).map((p) => p.itemId);
  if (items.length < count)
    throw new Error(`the demo shop has ${items.length} products, not ${count}`);
  return { shop: { shopId: shop.shopId, region: shop.region }, items };
}

/** The first A shop and `count` of its products: item id and category id. */
export function demoProducts(count: number): {
  shop: DemoShop;
  products: Array<{ itemId: number; categoryId: number }>;
} {
  const shop = firstShop();
  const products = shop.products
    .slice(0, count)
    .map((p) => ({ itemId: p.itemId, categoryId: p.categoryId }));
  if (products.length < count)
    throw new Error(`the demo shop has ${products.length} products, not ${count}`);
  return { shop: { shopId: shop.shopId, region: shop.region }, products };
}

/** The first A shop and `count` (itemId, modelId) pairs, model ids distinct. */
export function demoModels(count: number): {
  shop: DemoShop;
  cells: Array<{ itemId: number; modelId: number }>;
} {
  const shop = firstShop();
  const cells = shop.products.flatMap((p) =>
    p.models.flatMap((m) => (m.modelId === null ? [] : [{ itemId: p.itemId, modelId: m.modelId }])),
  );
  if (cells.length < count)
    throw new Error(`the demo shop has ${cells.length} models, not ${count}`);
  return { shop: { shopId: shop.shopId, region: shop.region }, cells: cells.slice(0, count) };
}
