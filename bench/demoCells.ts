/** The benchmark's cells: distinct model ids of the demo shop 100001 SG, from the server's own data. */
import { generateDemoData } from "../src/server/data/generate";

export const BENCH_SHOP = { shopId: 100001, region: "SG" } as const;

/** The first `count` (itemId, modelId) pairs of shop 100001 SG at this demo scale (seed 1). */
export function demoModelCells(
  count: number,
  scale: number,
  today = "2025-06-30",
): Array<{ itemId: number; modelId: number }> {
  const data = generateDemoData({ seed: 1, scale, today });
  const shop = data.accounts
    .find((a) => a.id === "demo")
    ?.shopsA.find((s) => s.shopId === BENCH_SHOP.shopId && s.region === BENCH_SHOP.region);
  if (!shop) throw new Error(`the demo data has no shop ${BENCH_SHOP.shopId} ${BENCH_SHOP.region}`);
  const cells = shop.products.flatMap((p) =>
    p.models.flatMap((m) => (m.modelId === null ? [] : [{ itemId: p.itemId, modelId: m.modelId }])),
  );
  if (cells.length < count)
    throw new Error(
      `shop ${BENCH_SHOP.shopId} has ${cells.length} models at scale ${scale}, not ${count}`,
    );
  return cells.slice(0, count);
}
