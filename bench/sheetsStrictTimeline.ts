/**
 * Where a strict-simulator fill's minutes go (issue 21): every trigger run (function, start,
 * end, requests it caused), the idle gap between one run's end and the next run's start, and
 * the quota minutes the fill left unused. Printed by sheetsStrictModes.ts with MKT_TIMELINE=1.
 */
import type { SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";

const min = (ms: number): string => (ms / 60_000).toFixed(2);

export function timeline(sim: SheetsSim, start: number, end: number): string[] {
  const ex = sim.coordinator.executions;
  const byExec = new Map(ex.map((e) => [e.id, e]));
  const requests = sim.requests().filter((r) => r.at >= start && r.at <= end);
  const runs = ex
    .filter((e) => e.kind === "trigger" && e.end >= start)
    .sort((a, b) => a.start - b.start);
  const lines = ["trigger runs (minutes from the fill):"];
  let lastEnd = start;
  let idle = 0;
  for (const r of runs) {
    const gap = Math.max(0, r.start - lastEnd);
    idle += gap;
    const during = requests.filter((q) => q.at >= r.start && q.at <= r.end).length;
    lines.push(
      `  ${r.fn.padEnd(24)} ${min(r.start - start)} -> ${min(r.end - start)}` +
        ` (${min(r.end - r.start)} min, gap before ${min(gap)}, ${during} requests in it${r.ok ? "" : `, ${r.message}`})`,
    );
    lastEnd = Math.max(lastEnd, r.end);
  }
  // Requests by who sent them, and the minutes that sent fewer than the quota's 60.
  const bySender = new Map<string, number>();
  for (const q of requests) {
    const kind = byExec.get(q.exec)?.kind ?? "running";
    bySender.set(kind, (bySender.get(kind) ?? 0) + 1);
  }
  const minutes = Math.ceil((end - start) / 60_000);
  const perMinute = Array.from({ length: minutes }, (_, m) =>
    requests.filter((q) => Math.floor((q.at - start) / 60_000) === m),
  ).map((qs) => qs.length);
  const unused = perMinute.reduce((n, c) => n + Math.max(0, 60 - c), 0) / 60;
  lines.push(
    `idle between trigger runs: ${min(idle)} min over ${runs.length} runs`,
    `requests by sender: ${[...bySender].map(([k, n]) => `${k} ${n}`).join(", ")}`,
    `requests per minute: ${perMinute.join(" ")}`,
    `quota minutes unused (60 - requests, summed / 60): ${unused.toFixed(1)} of ${minutes}`,
  );
  return lines;
}
