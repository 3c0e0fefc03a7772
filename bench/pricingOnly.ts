/**
 * The pricing-sheet rows alone (`npx tsx bench/pricingOnly.ts [runs]`): A's 500-product sheet
 * and its refresh (bench/pricingRun.ts, `runs` times, median), then one timed build each of
 * B seller 500001 MY and C shop 700001 TH (150 product ids), through the web demo's sidebar
 * against the bench server (scale 5). Needs dist/web (`npm run build`) and Chromium.
 */
import { startBenchServer } from "./benchServer";
import { openWebHost } from "./importRun";
import { measurePricing, measurePricingShop, type PricingMeasure } from "./pricingRun";

const C_IDS = Array.from({ length: 150 }, (_, i) => `17700001${String(i + 1).padStart(6, "0")}`);

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const server = await startBenchServer(5);
  const web = await openWebHost();
  try {
    const a: PricingMeasure[] = [];
    for (let i = 0; i < runs; i++) {
      a.push(await measurePricing(web.browser, web.url, server));
      console.log("A", JSON.stringify(a[a.length - 1]));
    }
    const b = await measurePricingShop(web.browser, web.url, server, "B:500001");
    console.log("B", JSON.stringify(b));
    const c = await measurePricingShop(web.browser, web.url, server, "C:700001", C_IDS);
    console.log("C", JSON.stringify(c));
  } finally {
    await web.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
