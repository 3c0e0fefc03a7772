/**
 * `npm run bench:model [-- --runs N --seed S --hosts sheets,excel,web]`: issue 33's larger run of
 * the seller-data model: N random sequences per host (10,000 unless set), each run to its first
 * violation with no shrinking, counted by kind (test/model/run.ts census). Prints a Markdown
 * table for bench/results.md and the first sequence of each kind found; exits 1 on any.
 */
import { census } from "../test/model/run";
import { excelHost } from "../test/model/excelHost";
import type { HostName, ModelHost } from "../test/model/host";
import type { ScriptedApi } from "../test/model/scriptedApi";
import { sheetsHost } from "../test/model/sheetsHost";
import { installVirtualTime } from "../test/model/virtualTime";
import { webHost } from "../test/model/web/webHost";
import { integerFlag, parseFlags } from "../src/server/keys/flags";
import os from "node:os";

const MAKERS: Record<HostName, (api: ScriptedApi) => ModelHost> = {
  sheets: (api) => sheetsHost(api),
  excel: (api) => excelHost(api),
  web: (api) => webHost(api),
};

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), { runs: "value", seed: "value", hosts: "value" });
  const runs = integerFlag(flags, "runs", 10_000, 1, 1_000_000);
  const seed = integerFlag(flags, "seed", 33, 0, 2 ** 31 - 1);
  const hosts = (flags.values.hosts ?? "sheets,excel,web").split(",") as HostName[];
  const unknown = hosts.filter((h) => !(h in MAKERS));
  if (unknown.length > 0) throw new Error(`--hosts: ${unknown.join(", ")} (sheets, excel, web)`);
  const lines = [
    `Seller-data model, ${new Date().toISOString().slice(0, 10)}, seed ${seed}, load average ${os.loadavg()[0]?.toFixed(1)} at start`,
    "",
    "| Host | Sequences | Failed | By kind | Time | CPU | Sequences/s of CPU |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
  ];
  let failed = 0;
  for (const host of hosts) {
    // Excel's and the web's debounces and retries run on virtual time (as in their tests).
    const restore = host === "sheets" ? () => undefined : installVirtualTime();
    try {
      // CPU time as well as wall time: on a shared machine the wall time is mostly the queue.
      const cpu = process.cpuUsage();
      const c = await census(MAKERS[host], { daily: host === "sheets", runs, seed });
      failed += c.failed;
      const kinds = Object.entries(c.byKind).map(([k, n]) => `${k}: ${n}`);
      const used = process.cpuUsage(cpu);
      const cpuSec = (used.user + used.system) / 1e6;
      lines.push(
        `| ${host} | ${c.runs} | ${c.failed} | ${kinds.join("; ") || "none"} | ${(c.ms / 1000).toFixed(0)} s | ${cpuSec.toFixed(1)} s | ${(c.runs / cpuSec).toFixed(0)} |`,
      );
      for (const [kind, first] of Object.entries(c.firstOf))
        console.error(`\n== ${host}: ${kind}\n${first}`);
    } finally {
      restore();
    }
  }
  console.log(lines.join("\n"));
  process.exit(failed > 0 ? 1 : 0);
}

void main();
