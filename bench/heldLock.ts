/**
 * `npx tsx bench/heldLock.ts [--duration SECONDS] [--connections N (default 1: one seller)]`: latency of other requests
 * while another process holds keys.json.lock (issue 22 item 5). The reference server runs
 * in-process with last-used dates flushed every 50 ms, so many flush attempts meet the held
 * lock during the run; A2 (one product breakdown) is measured with the lock free, then held.
 * The old flush slept on the event loop for up to 5 s per attempt.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { P_A } from "../src/api/endpoints";
import { buildServer } from "../src/server/app";
import { generateDemoData } from "../src/server/data/generate";
import { ALL_HANDLERS } from "../src/server/endpoints";
import { integerFlag, parseFlags } from "../src/server/keys/flags";
import { KeyStore } from "../src/server/keys/store";
import { BENCH_SHOP, demoModelCells } from "./demoCells";
import { loadTest, type LoadResult } from "./load";

const TODAY = "2025-06-30";

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), { duration: "value", connections: "value" });
  const duration = integerFlag(flags, "duration", 5, 1, 600);
  const connections = integerFlag(flags, "connections", 1, 1, 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-bench-lock-"));
  const keyStore = new KeyStore(dataDir, { flushIntervalMs: 50 });
  const token = keyStore.create({ label: "bench", account: "demo" }).token;
  const app = buildServer({
    handlers: ALL_HANDLERS,
    data: generateDemoData({ seed: 1, scale: 1, today: TODAY }),
    keyStore,
    today: TODAY,
    rateLimitPerMinute: 100_000_000,
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  const itemId = demoModelCells(1, 1)[0]?.itemId;
  const run = (): Promise<LoadResult> =>
    loadTest({
      url: `${baseUrl}${P_A}/product`,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: { ...BENCH_SHOP, itemId },
      connections,
      durationSeconds: duration,
    });
  const lock = `${keyStore.file}.lock`;
  const line = (what: string, r: LoadResult): string =>
    `  ${what.padEnd(12)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50Ms} ms  ` +
    `p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;
  try {
    console.log(
      `A2 with ${connections} connections, ${duration} s each, last-used flush every 50 ms, ` +
        `${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log(line("lock free", await run()));
    fs.writeFileSync(lock, "held by the benchmark");
    const onDisk = readLastUsed(keyStore.file);
    // A lock older than 10 s counts as a crashed holder's: keep this one fresh.
    const fresh = setInterval(() => fs.utimesSync(lock, new Date(), new Date()), 1000);
    const held = await run().finally(() => clearInterval(fresh));
    const waiting =
      readLastUsed(keyStore.file) === onDisk && keyStore.list()[0]?.lastUsed !== onDisk;
    console.log(line("lock held", held));
    console.log(
      `  while held, the newest last-used date waited in memory: ${waiting ? "yes" : "no"}`,
    );
  } finally {
    fs.rmSync(lock, { force: true });
    await app.close();
    keyStore.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function readLastUsed(file: string): unknown {
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { keys: { lastUsed: unknown }[] }).keys[0]
    ?.lastUsed;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
