/**
 * One realistic call per catalog function, with ids taken from the reference server's demo
 * data (seed 1, the "demo" account), so each call has real data behind it. A new catalog
 * function without a case here fails the Excel test that walks the whole catalog.
 */
import { generateDemoData } from "../../../../src/server/data/generate";

/** A call as the user would type it; `undefined` leaves an optional argument out. */
export interface CatalogCase {
  readonly name: string;
  readonly args: unknown[];
}

/** The demo ids the cases (and the batching tests) use. */
export interface DemoIds {
  readonly shopA: number;
  readonly regionA: string;
  readonly itemA: number;
  /** Every (itemId, modelId) of shop A with a real model id, in data order. */
  readonly modelsA: ReadonlyArray<{ itemId: number; modelId: number }>;
  /** A marketplace A product with one variant (its modelId is null). */
  readonly singleItemA: number;
  readonly categoryA: number;
  readonly sellerB: number;
  readonly regionB: string;
  readonly itemB: number;
  readonly skuB: number;
  /** A B product with recent ad spend (corrected ROAS needs ads). */
  readonly adItemB: number;
  readonly categoryB: number;
  readonly shopC: number;
  readonly regionC: string;
  readonly productC: string;
  readonly skuC: string;
  readonly categoryC: string;
}

/** Ids from the demo dataset the test server generates (same seed, scale and today). */
export function demoIds(today = "2025-06-30"): DemoIds {
  const data = generateDemoData({ seed: 1, scale: 1, today });
  const account = data.accounts.find((a) => a.id === "demo");
  if (!account) throw new Error("demo account missing from the demo data");
  const shopA = account.shopsA[0];
  const sellerB = account.sellersB[0];
  const shopC = account.shopsC[0];
  if (!shopA || !sellerB || !shopC) throw new Error("demo account lacks a shop on A, B or C");
  const modelsA = shopA.products.flatMap((p) =>
    p.models.flatMap((m) => (m.modelId === null ? [] : [{ itemId: p.itemId, modelId: m.modelId }])),
  );
  const productA = shopA.products.find((p) => p.models.length > 1) ?? shopA.products[0];
  const singleA = shopA.products.find(
    (p) => p.models.length === 1 && p.models[0]?.modelId === null,
  );
  const productB = sellerB.products.find((p) => p.skus.length > 1) ?? sellerB.products[0];
  const productC = shopC.products.find((p) => p.skus.length > 1) ?? shopC.products[0];
  if (!productA || !productB || !productC || !singleA)
    throw new Error("demo shops lack a product kind the cases need");
  return {
    shopA: shopA.shopId,
    regionA: shopA.region,
    itemA: productA.itemId,
    modelsA,
    singleItemA: singleA.itemId,
    categoryA: productA.categoryId,
    sellerB: sellerB.sellerId,
    regionB: sellerB.region,
    itemB: productB.itemId,
    skuB: productB.skus[0]?.skuId ?? 0,
    adItemB: mostAdvertised(sellerB.adSpend, today) ?? productB.itemId,
    categoryB: productB.categoryId,
    shopC: shopC.shopId,
    regionC: shopC.region,
    productC: productC.productId,
    skuC: productC.skus[0]?.skuId ?? "",
    categoryC: `${productC.categoryL1} > ${productC.categoryL2} > ${productC.categoryL3}`,
  };
}

/** The product with the most ad spend in the 30 days before `today`. */
function mostAdvertised(
  spend: ReadonlyArray<{ date: string; product: number; spend: number }>,
  today: string,
): number | undefined {
  const from = new Date(Date.parse(today) - 30 * 86_400_000).toISOString().slice(0, 10);
  const totals = new Map<number, number>();
  for (const day of spend)
    if (day.date >= from) totals.set(day.product, (totals.get(day.product) ?? 0) + day.spend);
  return [...totals.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** At least one call per catalog function. */
export function catalogCases(ids: DemoIds): CatalogCase[] {
  const model = ids.modelsA[0];
  if (!model) throw new Error("shop A has no model ids");
  const A = [ids.shopA, ids.regionA] as const;
  const B = [ids.sellerB, ids.regionB] as const;
  const C = [ids.shopC, ids.regionC] as const;
  return [
    { name: "MKTA_BREAKDOWN", args: [...A, ids.itemA] },
    { name: "MKTA_PRODUCT_CARD", args: [...A, ids.itemA] },
    { name: "MKTA_BREAKDOWN", args: [...A, model.itemId, model.modelId, "netProfit"] },
    { name: "MKTA_BREAKDOWN", args: [...A, [[model.itemId], [ids.itemA]], undefined, "margin"] },
    { name: "MKTA_ITEM", args: [...A, ids.itemA] },
    { name: "MKTA_NEW_PRODUCT", args: [...A, 25.9, ids.categoryA, undefined, undefined, 8.5] },
    { name: "MKTA_SIMULATE", args: [...A, model.itemId, model.modelId, undefined, undefined, 1] },
    { name: "MKTA_PRODUCTS", args: [...A, 20] },
    { name: "MKTA_TOP_PRODUCTS", args: [...A, "PROFIT", 5] },
    { name: "MKTA_CORRECTED_ROAS", args: [...A, ids.itemA] },
    { name: "MKTA_OVERVIEW", args: [...A, "SUMMARY"] },
    { name: "MKTA_COMMISSION_IMPACT", args: [...A, 45900] }, // 2025-09-01 as an Excel serial
    { name: "MKTA_COMMISSION_OVERVIEW", args: [...A] },
    { name: "MKTA_CATEGORIES", args: [...A] },
    // 2030-01-01 as an Excel serial: a date after the API's today.
    { name: "FEE_CHANGE", args: [...A, ids.itemA, 47119, "netProfit"] },
    { name: "MKTB_BREAKDOWN", args: [...B, ids.itemB, ids.skuB] },
    { name: "MKTB_PRODUCT_CARD", args: [...B, ids.itemB, ids.skuB] },
    { name: "MKTB_ITEM", args: [...B, ids.itemB] },
    { name: "MKTB_NEW_PRODUCT", args: [ids.regionB, 19.9, ids.categoryB] },
    { name: "MKTB_SIMULATE", args: [...B, ids.itemB, ids.skuB] },
    { name: "MKTB_PRODUCTS", args: [...B, 20] },
    { name: "MKTB_ALL_SKUS", args: [...B, 20] },
    { name: "MKTB_TOP_PRODUCTS", args: [...B, "ROAS", 5] },
    { name: "MKTB_CORRECTED_ROAS", args: [...B, ids.adItemB] },
    { name: "MKTB_OVERVIEW", args: [...B] },
    { name: "MKTC_BREAKDOWN", args: [ids.shopC, ids.productC, ids.skuC] },
    { name: "MKTC_PRODUCT_CARD", args: [ids.shopC, ids.productC] },
    { name: "MKTC_PRODUCTS", args: [ids.shopC, ids.productC] },
    { name: "MKTC_NEW_PRODUCT", args: [ids.shopC, 15, ids.categoryC] },
    { name: "MKTC_SIMULATE", args: [ids.shopC, ids.productC] },
    { name: "MKTC_OVERVIEW", args: [...C] },
    // Marketplace A with a profit amount: targetMargin empty, targetProfit last.
    { name: "REQUIRED_PRICE", args: ["A", ...A, ids.categoryA, 5, ...Array<undefined>(10), 2] },
    { name: "PROFIT_ROAS", args: ["A", ...A, ids.itemA] },
    {
      name: "SET_MARGIN_PREVIEW",
      args: ["A", ...A, model.itemId, 20, model.modelId, undefined, 30],
    },
    { name: "SET_BUYER_PRICE_PREVIEW", args: ["A", ...A, ids.itemA, 30] },
    { name: "SHOPS", args: [] },
    { name: "PRODUCT_SEARCH", args: ["a", 5] },
  ];
}

/**
 * Calls that read every line shape and send every nullable field: B/C breakdowns without a SKU
 * (B2, C1/C2), `field` by line key and by the label a table shows, the B/C side of
 * REQUIRED_PRICE, and A previews of a single-variant product (models[].modelId null).
 * Each answers one figure or a table without a failed row.
 */
export function lineShapeCases(ids: DemoIds): CatalogCase[] {
  const B = [ids.sellerB, ids.regionB] as const;
  const A = [ids.shopA, ids.regionA] as const;
  return [
    { name: "MKTB_BREAKDOWN", args: [...B, ids.itemB] },
    { name: "MKTB_BREAKDOWN", args: [...B, ids.itemB, undefined, "commissionFee"] },
    { name: "MKTB_BREAKDOWN", args: [...B, ids.itemB, ids.skuB, "Commission fee"] },
    { name: "MKTB_ITEM", args: [...B, ids.itemB, "netProfit"] },
    { name: "MKTB_NEW_PRODUCT", args: [ids.regionB, 19.9, ids.categoryB, "Original price"] },
    { name: "MKTB_SIMULATE", args: [...B, ids.itemB, undefined, "Net profit", undefined, 25] },
    { name: "MKTC_BREAKDOWN", args: [ids.shopC, ids.productC] },
    { name: "MKTC_BREAKDOWN", args: [ids.shopC, ids.productC, ids.skuC, "platformFee"] },
    { name: "MKTC_PRODUCTS", args: [ids.shopC, ids.productC, "Net profit"] },
    { name: "MKTC_NEW_PRODUCT", args: [ids.shopC, 15, ids.categoryC, "Commission fee"] },
    { name: "MKTC_SIMULATE", args: [ids.shopC, ids.productC, undefined, "netProfit"] },
    { name: "REQUIRED_PRICE", args: ["B", undefined, ids.regionB, ids.categoryB, 5, 0.25] },
    { name: "REQUIRED_PRICE", args: ["C", ids.shopC, undefined, ids.categoryC, 5, 0.25] },
    {
      name: "REQUIRED_PRICE",
      args: ["C", ids.shopC, undefined, ids.categoryC, 5, 0.25, "requiredListingPrice"],
    },
    { name: "SET_BUYER_PRICE_PREVIEW", args: ["A", ...A, ids.singleItemA, 30] },
    { name: "SET_MARGIN_PREVIEW", args: ["A", ...A, ids.singleItemA, 1, undefined, undefined, 30] },
  ];
}
