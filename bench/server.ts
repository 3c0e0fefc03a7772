/**
 * `npm run bench:server`: throughput and latency of the reference server (its own process), at
 * demo scale 1 and 10, for a single-product breakdown (A2) and a full profit-sorted page
 * (A11, pageSize 500). The rate limit is raised so it measures the server, not the limiter.
 * Flags: --duration SECONDS (default 5), --connections N (default 10), --scale N (one scale
 * instead of 1 and 10; `npm run bench` serves scale 5).
 */
import * as os from "os";
import { P_A } from "../src/api/endpoints";
import { generateDemoData } from "../src/server/data/generate";
import { integerFlag, parseFlags } from "../src/server/keys/flags";
import { startBenchServer } from "./benchServer";
import { loadTest } from "./load";

const TODAY = "2025-06-30";

interface Case {
  readonly name: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
}

async function benchScale(scale: number, duration: number, connections: number): Promise<string[]> {
  const data = generateDemoData({ seed: 1, scale, today: TODAY });
  const shop = data.accounts.find((a) => a.id === "demo")?.shopsA[0];
  const product = shop?.products[0];
  if (!shop || !product)
    throw new Error("the demo account has no marketplace A shop with products");
  // The server in its own process (as `npm run bench` runs it): the load generator's work
  // does not count in the server's latency.
  const server = await startBenchServer(scale);
  const headers = { Authorization: `Bearer ${server.key}`, "Content-Type": "application/json" };
  const cases: Case[] = [
    {
      name: "A2 single product",
      path: `${P_A}/product`,
      body: { shopId: shop.shopId, region: shop.region, itemId: product.itemId },
    },
    {
      name: "A11 page of 500",
      path: `${P_A}/products/${shop.shopId}/${shop.region}/sorted-by-profit`,
      body: { pageSize: 500 },
    },
  ];
  const lines = [
    `scale ${scale}: ${shop.products.length} products, ${shop.orders.length} orders in shop ${shop.shopId}`,
  ];
  try {
    for (const c of cases) {
      // One checked request first: a benchmark of error responses would measure nothing.
      const check = await fetch(server.baseUrl + c.path, {
        method: "POST",
        headers,
        body: JSON.stringify(c.body),
      });
      const bytes = (await check.arrayBuffer()).byteLength;
      if (check.status !== 200) throw new Error(`${c.name} answered ${check.status}`);
      const result = await loadTest({
        url: server.baseUrl + c.path,
        headers,
        body: c.body,
        connections,
        durationSeconds: duration,
      });
      lines.push(
        `  ${c.name.padEnd(20)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  ` +
          `p50 ${String(result.p50Ms).padStart(4)} ms  p99 ${String(result.p99Ms).padStart(4)} ms  ` +
          `${(bytes / 1024).toFixed(1)} KB/response  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
  } finally {
    await server.stop();
  }
  return lines;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    duration: "value",
    connections: "value",
    scale: "value",
  });
  const duration = integerFlag(flags, "duration", 5, 1, 600);
  const connections = integerFlag(flags, "connections", 10, 1, 1000);
  console.log(
    `Reference server benchmark: ${connections} connections, ${duration} s per case, ` +
      `${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const scales =
    flags.values.scale === undefined ? [1, 10] : [integerFlag(flags, "scale", 1, 1, 100)];
  for (const scale of scales) {
    for (const line of await benchScale(scale, duration, connections)) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
