/**
 * Requests of the sheets that decide before the date (issue 34), `npx tsx bench/decisionsRun.ts`:
 * the fee-change sheet of A 100001 SG (the demo's scheduled change), B 500001 MY (the commission
 * change at day 30 and the free-shipping change at day 60) and C 700001 TH (150 products); the
 * campaign planner (200 SKUs at 15 % on each marketplace); new listings (5 candidates on three
 * marketplaces); 50 FEE_CHANGE cells filled down. Host-neutral (the sidebar's operations over
 * in-memory ports, real HTTP), against the reference server at demo scale 1 with requests counted
 * there by endpoint. Prints Markdown rows for bench/results.md.
 */
import * as os from "node:os";
import { runAsync } from "../src/core/asyncDriver";
import { functionByName } from "../src/functions";
import type { Candidate } from "../src/imports/newListing/newListingAsk";
import { campaignFigures } from "../src/sidebar/campaign";
import { feeChangeFigures, type FeeChangeQuestion } from "../src/sidebar/feeChange";
import { newListingFigures } from "../src/sidebar/newListing";
import { countedServer, perEndpoint, type Counted } from "../test/helpers/countedServer";
import { functionEnv } from "../test/helpers/functionEnv";
import { memoryPorts } from "../test/helpers/memoryPorts";
import { distinct, rawPost } from "../test/helpers/pricingScenario";
import { C_PRODUCTS } from "../test/helpers/pricingScenarioBC";

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const rows: string[] = [];
const line = (what: string, how: string, counts: Record<string, number>, note: string) => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const by = Object.entries(counts)
    .map(([e, n]) => `${e} ${n}`)
    .join(", ");
  rows.push(`| ${what} | ${how} | ${total} | ${Math.ceil(total / 60)} min | ${by}; ${note} |`);
};

async function main(): Promise<void> {
  const { server, seen } = await countedServer();
  const key = server.keyFor("demo");
  const { ports, run } = memoryPorts(server);
  const since = (from: number): Counted[] => distinct(seen.slice(from));
  try {
    for (const q of [
      { marketplace: "A", shopId: 100001, region: "SG" },
      { marketplace: "B", shopId: 500001, region: "MY", date: "2025-07-30" },
      { marketplace: "B", shopId: 500001, region: "MY", date: "2025-08-29" },
      {
        marketplace: "C",
        shopId: 700001,
        region: "TH",
        date: "2025-07-30",
        productIds: C_PRODUCTS,
      },
    ] satisfies FeeChangeQuestion[]) {
      const from = seen.length;
      const t0 = Date.now();
      const f = await run(feeChangeFigures(ports, q));
      line(
        `Fee-change sheet ${q.marketplace} ${q.shopId} ${q.region}, ${f.state.ask.date}`,
        `${f.rows.length} variant rows; ${f.count.batches} batches + ${f.count.singles} single`,
        perEndpoint(since(from)),
        `${Date.now() - t0} ms; totals vs A19 ${f.summary.difference === null ? "n/a" : `${(f.summary.difference * 100).toFixed(3)} %`}`,
      );
    }
    const a12 = await rawPost(
      server,
      key,
      "/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit-adjusted-roas",
      { pageSize: 120 },
    );
    const skusA = list(a12.entries)
      .flatMap((e) =>
        list(e.modelDetails).map((d) => ({
          itemId: e.itemId as number,
          variantId: d.modelId as number | null,
        })),
      )
      .slice(0, 200);
    const skusB = list(
      await rawPost(
        server,
        key,
        "/api/mkt-b/financial-breakdown/partner/sku-breakdowns/all/500001/MY",
        {},
      ),
    )
      .slice(0, 200)
      .map((e) => ({ itemId: e.itemId as number, variantId: e.skuId as number }));
    const skusC = list(
      await rawPost(server, key, "/api/mkt-c/finance/breakdown/products", {
        shopId: 700001,
        productIds: C_PRODUCTS.slice(0, 100),
      }),
    )
      .flatMap((p) =>
        list(p.skuBreakdowns).map((s) => ({
          itemId: p.productId as string,
          variantId: s.skuId as string,
        })),
      )
      .slice(0, 200);
    for (const [m, skus, where] of [
      ["A", skusA, { shopId: 100001, region: "SG" }],
      ["B", skusB, { shopId: 500001, region: "MY" }],
      ["C", skusC, { shopId: 700001, region: "TH" }],
    ] as const) {
      const from = seen.length;
      const t0 = Date.now();
      const c = await run(
        campaignFigures(ports, {
          marketplace: m,
          ...where,
          skus,
          campaign: { kind: "discount", percent: 0.15 },
        }),
      );
      line(
        `Campaign ${m}, ${c.rows.length} SKUs at 15 %`,
        "3 batches",
        perEndpoint(since(from)),
        `${Date.now() - t0} ms`,
      );
    }
    const candidates: Candidate[] = [
      {
        name: "Bamboo cutting board",
        cogs: 6,
        price: 24.9,
        categoryA: 100003,
        categoryB: 200003,
        categoryC: "Home Supplies > Kitchen > Cookware",
      },
      {
        name: "Vitamin C serum",
        cogs: 9.5,
        price: 39,
        categoryA: 100002,
        categoryB: 200002,
        categoryC: "Beauty & Personal Care > Skincare > Serums",
      },
      {
        name: "Phone case",
        cogs: 2.2,
        price: 15,
        categoryA: 100001,
        categoryB: 200001,
        categoryC: "Phones & Electronics > Accessories > Phone Cases",
      },
      {
        name: "Yoga mat",
        cogs: 14,
        price: 59,
        categoryA: 100009,
        categoryB: 200007,
        categoryC: "Sports & Outdoor > Fitness > Yoga Mats",
      },
      {
        name: "Potato chips 12-pack",
        cogs: 11,
        price: 29.5,
        categoryA: 100007,
        categoryB: 200005,
        categoryC: "Food & Beverages > Snacks > Chips",
      },
    ];
    let from = seen.length;
    let t0 = Date.now();
    await run(
      newListingFigures(ports, {
        candidates,
        shops: { A: { shopId: 100001, region: "SG" }, B: { region: "MY" }, C: { shopId: 700001 } },
        targetMargin: 0.25,
      }),
    );
    line(
      "New listing, 5 candidates on A, B and C",
      "single endpoints (no batch form)",
      perEndpoint(since(from)),
      `${Date.now() - t0} ms`,
    );
    const env = functionEnv(server, { perMinute: 100_000 });
    const page = await rawPost(server, key, "/api/mkt-a/financial-breakdown/products/100001/SG", {
      pageSize: 50,
    });
    const fn = functionByName("FEE_CHANGE");
    from = seen.length;
    t0 = Date.now();
    await Promise.all(
      list(page.data).map((e) =>
        runAsync(
          fn!.program([100001, "SG", Number(e.itemId), "2025-07-30", "monthlyProfitDelta"]),
          env,
        ),
      ),
    );
    line(
      "50 FEE_CHANGE cells filled down",
      "async driver, coalesced",
      perEndpoint(since(from)),
      `${Date.now() - t0} ms; 100 A2 asked alone otherwise`,
    );
  } finally {
    await server.close();
  }
  console.log(
    `Measured ${new Date().toISOString().slice(0, 16)} UTC, load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
  );
  for (const r of rows) console.log(r);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
