/**
 * 50 PROFIT_ROAS cells filled down (issue 23, item 5): requests the column costs with the
 * shop-wide list answers on (A9 calls answered from A12's ROAS-ranked pages) and off (one A9
 * request per cell), through the async cell runtime the web demo and Excel share (one
 * scheduler, a fresh cache per pass) against the reference server over real HTTP, at the
 * API's 60 requests a minute. Also checks the column holds numbers and #N/A only, the same
 * cells both ways. Run alone: `npx tsx bench/roasCells.ts`.
 */
import { runAsync, type AsyncEnv } from "../src/core/asyncDriver";
import { createDriverStats } from "../src/core/driverEnv";
import { functionByName } from "../src/functions";
import { generateDemoData } from "../src/server/data/generate";
import { functionEnv } from "../test/helpers/functionEnv";
import { startTestServer } from "../test/helpers/server";

async function main(): Promise<void> {
  const server = await startTestServer({ hostileNames: false, rateLimitPerMinute: 60 });
  const demo = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" }).accounts.find(
    (a) => a.id === "demo",
  );
  const shop = demo?.shopsA[0];
  const fn = functionByName("PROFIT_ROAS");
  if (!shop || !fn) throw new Error("no demo A shop or no PROFIT_ROAS");
  // 50 products spread over the shop's 2,100, as a seller's sheet of them would be.
  const items = shop.products.filter((_, i) => i % 42 === 0).map((p) => p.itemId);
  const rows: string[] = [];
  const columns: string[][] = [];
  for (const substituteLists of [true, false]) {
    const stats = createDriverStats();
    const env: AsyncEnv = { ...functionEnv(server, { substituteLists }), stats };
    const started = Date.now();
    const settled = await Promise.allSettled(
      items.map((itemId) =>
        runAsync(fn.program(["A", shop.shopId, shop.region, itemId, "CLEANED", "roas"]), env),
      ),
    );
    const ms = Date.now() - started;
    const cells = settled.map((s) =>
      s.status === "fulfilled" ? String(s.value) : `#N/A ${(s.reason as Error).message}`,
    );
    const numbers = settled.filter((s) => s.status === "fulfilled" && typeof s.value === "number");
    const errors = settled.length - numbers.length;
    if (cells.some((c) => !/^#N\/A /.test(c) && Number.isNaN(Number(c))))
      throw new Error("a ROAS cell holds text");
    columns.push(cells);
    rows.push(
      `| 50 PROFIT_ROAS cells filled down (A, CLEANED, "roas") | ${
        substituteLists ? "add-in" : "add-in, list answers off"
      } | ${stats.requests} | ${ms.toLocaleString("en-US")} ms | ${Math.ceil(stats.requests / 60) - 1} min | ${numbers.length} numbers, ${errors} #N/A (no ad spend) |`,
    );
  }
  if (JSON.stringify(columns[0]) !== JSON.stringify(columns[1]))
    throw new Error("list answers changed a cell");
  await server.close();
  console.log(rows.join("\n"));
}

void main();
