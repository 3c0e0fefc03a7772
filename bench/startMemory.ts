/**
 * `npx tsx bench/startMemory.ts [--windows N]` (Linux; needs dist/, run `npm run build` first):
 * the memory of the reference server as `npm start` runs it (issue 22 item 3). Starts
 * build/start.ts in its own process on spare ports with a fresh data folder (no build), then
 * asks A7, A11 and A12 in turn (pageSize 50, shop 100001 SG) for `lookbackDays` /
 * `effectiveDate` windows never asked before, one at a time at npm start's rate limit (60 a
 * minute: 600 windows take 10 minutes, issue 22 item 3's case), and reads that process's RSS
 * (/proc/PID/status) after every answer. Start = after the default window of each list once.
 * No forced GC: what the process holds, as it runs.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { P_A } from "../src/api/endpoints";
import { addDays } from "../src/server/analytics/periods";
import { integerFlag, parseFlags } from "../src/server/keys/flags";
import { BENCH_SHOP } from "./demoCells";

const ROOT = path.resolve(__dirname, "..");
const LISTS = ["", "/sorted-by-profit", "/sorted-by-profit-adjusted-roas"] as const;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), { windows: "value" });
  const windows = integerFlag(flags, "windows", 600, 1, 100_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-bench-start-"));
  const apiPort = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "build", "start.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      MKT_START_SKIP_BUILD: "1",
      MKT_DATA_DIR: dataDir,
      MKT_API_PORT: String(apiPort),
      MKT_WEB_PORT: String(apiPort + 1),
      MKT_EXCEL_PORT: String(apiPort + 2),
    },
  });
  child.stdout?.resume();
  const pid = child.pid;
  if (pid === undefined) throw new Error("npm start did not start");
  try {
    const baseUrl = `http://127.0.0.1:${apiPort}`;
    const keyFile = path.join(dataDir, "demo-key");
    for (let waited = 0; ; waited += 500) {
      if (waited > 120_000) throw new Error("the server did not answer within 120 s");
      await new Promise((r) => setTimeout(r, 500));
      if (!fs.existsSync(keyFile)) continue;
      const up = await fetch(`${baseUrl}/`).then(
        () => true,
        () => false,
      );
      if (up) break;
    }
    const headers = {
      Authorization: `Bearer ${fs.readFileSync(keyFile, "utf8").trim()}`,
      "Content-Type": "application/json",
    };
    const today = new Date().toISOString().slice(0, 10);
    const ask = async (i: number, body: Record<string, unknown>): Promise<void> => {
      const list = LISTS[i % LISTS.length] ?? "";
      const res = await fetch(
        `${baseUrl}${P_A}/products/${BENCH_SHOP.shopId}/${BENCH_SHOP.region}${list}`,
        { method: "POST", headers, body: JSON.stringify({ pageSize: 50, ...body }) },
      );
      await res.arrayBuffer();
      if (res.status === 429) {
        // The key's minute is used up: wait and ask again (the same window).
        await new Promise((r) => setTimeout(r, 2000));
        return ask(i, body);
      }
      if (res.status !== 200) throw new Error(`window ${i}: answered ${res.status}`);
    };
    for (let i = 0; i < LISTS.length; i++) await ask(i, {});
    const start = rssMb(pid);
    console.log(
      `npm start's process (pid ${pid}), ${windows} distinct windows, ${os.cpus().length} CPUs, ` +
        `load average ${os.loadavg()[0]?.toFixed(1)}; start: RSS ${start.toFixed(1)} MB`,
    );
    let highest = start;
    const started = Date.now();
    for (let i = 0; i < windows; i++) {
      // One a second: npm start's limit is 60 requests a minute per key.
      const next = started + (i + LISTS.length) * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      await ask(i, {
        lookbackDays: 1 + (i % 730),
        effectiveDate: addDays(today, -Math.floor(i / 730) - (i % 7)),
      });
      const rss = rssMb(pid);
      highest = Math.max(highest, rss);
      if ((i + 1) % 60 === 0 || i + 1 === windows)
        console.log(
          `after ${String(i + 1).padStart(5)} windows (${((Date.now() - started) / 1000).toFixed(0)} s): ` +
            `RSS ${rss.toFixed(1)} MB, highest so far ${highest.toFixed(1)} MB`,
        );
    }
    const end = rssMb(pid);
    console.log(
      `largest RSS rise over the start: ${(highest - start).toFixed(1)} MB; ` +
        `at the end: ${(end - start).toFixed(1)} MB`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
