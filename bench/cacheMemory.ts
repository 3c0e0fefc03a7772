/**
 * `node --expose-gc --import tsx bench/cacheMemory.ts [--windows N] [--scale N]`: the reference
 * server's memory while one key asks for ever new sales windows (issue 22 item 3). Each request
 * is A7, A11 or A12 in turn (pageSize 50) on shop 100001 SG with a `lookbackDays` /
 * `effectiveDate` pair never asked before; the server runs in this process, requests go one
 * at a time. Prints RSS (and heap after a full GC, when --expose-gc is on) at the start and
 * every 60 windows, and the largest rise over the start.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as v8 from "v8";
import { P_A } from "../src/api/endpoints";
import { addDays } from "../src/server/analytics/periods";
import { buildServer } from "../src/server/app";
import { generateDemoData } from "../src/server/data/generate";
import { ALL_HANDLERS } from "../src/server/endpoints";
import { rememberedSize } from "../src/server/endpoints/remembered";
import { useServerHeapPolicy } from "../src/server/heap";
import { integerFlag, parseFlags } from "../src/server/keys/flags";
import { KeyStore } from "../src/server/keys/store";
import { BENCH_SHOP } from "./demoCells";

const TODAY = "2025-06-30";
const MB = 1024 * 1024;

const LISTS = [
  ["A7", ""],
  ["A11", "/sorted-by-profit"],
  ["A12", "/sorted-by-profit-adjusted-roas"],
] as const;

interface Memory {
  readonly rss: number;
  /** Live heap after a full GC (null without --expose-gc). */
  readonly heap: number | null;
  /** Heap V8 keeps committed: it grows for a burst of short-lived objects and stays. */
  readonly heapTotal: number;
  /** Memory outside the JS heap: C++ objects tied to JS ones, and Buffers / ArrayBuffers. */
  readonly external: number;
  readonly arrayBuffers: number;
  /** Committed size of each V8 heap space (new, old, large objects, code, ...). */
  readonly spaces: string;
}

function memory(): Memory {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
  const m = process.memoryUsage();
  const spaces = v8
    .getHeapSpaceStatistics()
    .filter((sp) => sp.space_size >= MB)
    .map((sp) => `${sp.space_name.replace(/_space$/, "")} ${(sp.space_size / MB).toFixed(0)}`)
    .join(", ");
  return {
    rss: m.rss / MB,
    heap: gc ? m.heapUsed / MB : null,
    heapTotal: m.heapTotal / MB,
    external: m.external / MB,
    arrayBuffers: m.arrayBuffers / MB,
    spaces,
  };
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    windows: "value",
    scale: "value",
    detail: "switch",
    "default-heap": "switch",
  });
  // --detail: each line also gives the committed MB of every V8 space and the memory outside it.
  const detail = flags.switches.has("detail");
  const windows = integerFlag(flags, "windows", 600, 1, 100_000);
  const scale = integerFlag(flags, "scale", 1, 1, 100);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-bench-memory-"));
  const keyStore = new KeyStore(dataDir);
  const token = keyStore.create({ label: "bench", account: "demo" }).token;
  // The server as npm start runs it, unless --default-heap: V8's own heap growth, to compare.
  if (!flags.switches.has("default-heap")) useServerHeapPolicy();
  const app = buildServer({
    handlers: ALL_HANDLERS,
    data: generateDemoData({ seed: 1, scale, today: TODAY }),
    keyStore,
    today: TODAY,
    rateLimitPerMinute: 100_000_000,
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const ask = async (i: number, body: Record<string, unknown>): Promise<void> => {
    const [id, list] = LISTS[i % LISTS.length] ?? LISTS[0];
    const res = await fetch(
      `${baseUrl}${P_A}/products/${BENCH_SHOP.shopId}/${BENCH_SHOP.region}${list}`,
      { method: "POST", headers, body: JSON.stringify({ pageSize: 50, ...body }) },
    );
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`window ${i}: ${id} answered ${res.status}`);
  };
  const fmt = (m: Memory): string =>
    `RSS ${m.rss.toFixed(1)} MB, heap committed ${m.heapTotal.toFixed(1)} MB` +
    (m.heap === null ? "" : `, live ${m.heap.toFixed(1)} MB`) +
    (detail
      ? ` [${m.spaces}; external ${m.external.toFixed(1)}, arrayBuffers ${m.arrayBuffers.toFixed(1)}]`
      : "");
  try {
    // The default window of each list once, so code and the JIT are loaded before the start.
    for (let i = 0; i < LISTS.length; i++) await ask(i, {});
    const start = memory();
    console.log(
      `${windows} distinct windows, demo scale ${scale}, ${os.cpus().length} CPUs, ` +
        `load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log(`start: ${fmt(start)}`);
    let highest = start.rss;
    // After the first minute's 60 windows: the cache is full and V8 has sized its heap.
    let settled: number | null = null;
    let highestSince = 0;
    const started = Date.now();
    for (let i = 0; i < windows; i++) {
      await ask(i, {
        lookbackDays: 1 + (i % 730),
        effectiveDate: addDays(TODAY, -Math.floor(i / 730) - (i % 7)),
      });
      const rss = process.memoryUsage.rss() / MB;
      highest = Math.max(highest, rss);
      if (settled !== null) highestSince = Math.max(highestSince, rss);
      if ((i + 1) % 60 === 0 || i + 1 === windows) {
        const now = memory();
        highest = Math.max(highest, now.rss);
        if (settled === null) settled = now.rss;
        else highestSince = Math.max(highestSince, now.rss);
        const kept = rememberedSize();
        console.log(
          `after ${String(i + 1).padStart(5)} windows (${((Date.now() - started) / 1000).toFixed(0)} s): ` +
            `${fmt(now)}; remembered ${kept.entries} entries, ${(kept.bytes / MB).toFixed(1)} MB`,
        );
      }
    }
    const end = memory();
    console.log(
      `largest RSS rise over the start: ${(highest - start.rss).toFixed(1)} MB; ` +
        `at the end: ${(end.rss - start.rss).toFixed(1)} MB`,
    );
    if (settled !== null)
      console.log(
        `largest RSS rise over the RSS after 60 windows (${settled.toFixed(1)} MB): ` +
          `${(highestSince - settled).toFixed(1)} MB`,
      );
  } finally {
    await app.close();
    keyStore.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
