/**
 * The team workbook's Sheets places: the STRICT simulator (6-minute calls, 30-second cells,
 * quotas, latency tails, other sellers; test/hosts/sheets/sim/README.md) on its simulated clock,
 * its reference server serving the large catalogue at the API's 60 a minute with each request
 * counted by endpoint. The sidebar's real bridge (sidebarBridge.ts) calls the add-on as
 * google.script.run does, one job step a call. "open": the sidebar stays open. "bound" and
 * "addon": the seller starts each job in the sidebar and closes it after the job's first step;
 * the job goes on by the add-on's clock (a bound script's within minutes, an editor add-on's at
 * most hourly) until it leaves the document, then the seller opens the sidebar for the next.
 */
import { createGoogleScriptBridge } from "../src/hosts/sheets/sidebar/sidebarBridge";
import { JOBS_SHEET } from "../src/hosts/sheets/sheet/sheetJobs";
import { columnLetters } from "../src/imports/managedTable";
import { generateDemoData } from "../src/server/data/generate";
import { ApiProblem } from "../src/server/problem";
import type { JobView } from "../src/sidebar/jobs/jobRecord";
import { countingHandlers, perEndpoint, type Counted } from "../test/helpers/countedServer";
import { OWNER, SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";
import type { Place } from "./teamWorkbook";

export type SidebarMode = "open" | "bound" | "addon";

/** Longest a closed sidebar's job may take to leave the document (simulated). */
const JOB_HOURS = 24;

/**
 * The server's handlers, counted; past `refuseOver` rows a request's list (a preview's SKUs, a
 * batch's models) is answered 503 as a server out of time for it is: every try of it, on any
 * machine (a budget in real time refuses by the machine's load, bench/results.md).
 */
function servedHandlers(seen: Counted[], refuseOver: number | null) {
  const counted = countingHandlers(seen);
  if (refuseOver === null) return counted;
  const rows = (body: Record<string, unknown>): number =>
    Math.max(
      0,
      ...Object.values(body).map((v) => (Array.isArray(v) && v.length > 1 ? v.length : 0)),
    );
  return Object.fromEntries(
    Object.entries(counted).map(([id, handler]) => [
      id,
      (ctx: Parameters<typeof handler>[0]) => {
        if (rows(ctx.body) <= refuseOver) return handler(ctx);
        seen.push({ endpoint: id, models: 0, body: ctx.body });
        throw new ApiProblem(503, `The bench's server answers at most ${refuseOver} rows`);
      },
    ]),
  );
}

export async function sheetsPlace(
  mode: SidebarMode,
  budgetMs: number | null,
  refuseOver: number | null = null,
): Promise<Place> {
  const seen: Counted[] = [];
  const sim = await SheetsSim.start({
    strict: mode === "addon" ? { clockTrigger: "hourly" } : true,
    seed: 32,
    server: {
      data: generateDemoData({ seed: 1, scale: 1, today: "2025-06-30", catalogue: "large" }),
      handlers: servedHandlers(seen, refuseOver),
      ...(budgetMs ? { requestBudgetMs: budgetMs } : {}),
    },
  });
  await sim.call(OWNER, "getSettings"); // the sidebar opened: the key is there
  const inDocument = (id: string): boolean => {
    const tab = sim.doc.book.findSheet(JOBS_SHEET);
    if (!tab) return false;
    for (const [, c, cell] of tab.unordered()) if (c <= 1 && cell.value === id) return true;
    return false;
  };
  const lastView = new Map<string, JobView>();
  const stepsBySidebar = new Map<string, number>();
  const call = async (name: string, ...args: unknown[]): Promise<unknown> => {
    if (mode !== "open" && name === "sidebarJobStep") {
      const id = String(args[0]);
      const n = stepsBySidebar.get(id) ?? 0;
      stepsBySidebar.set(id, n + 1);
      if (n >= 1) {
        // The sidebar was closed after the job's first step: its clock goes on with it.
        await sim.run({ until: () => !inDocument(id), maxMs: JOB_HOURS * 3_600_000 });
        if (inDocument(id)) throw new Error(`job ${id} still in the document after ${JOB_HOURS} h`);
        return { ...lastView.get(id), phase: "done", result: null, waitMs: 0 };
      }
    }
    const v = await sim.call(OWNER, name, args);
    const view = v as JobView | null;
    if (view && typeof view === "object" && typeof view.id === "string")
      lastView.set(view.id, view);
    return v;
  };
  const bridge = createGoogleScriptBridge(call, async (ms) => void (await sim.run({ maxMs: ms })));
  const how = {
    open: "STRICT simulator, sidebar open (its bridge calls a job step each server call; steps that ask nothing join the next; a step's batches in fetchAll groups)",
    bound:
      "STRICT simulator, bound script: sidebar closed after each job's first step, the clock continues it",
    addon:
      "STRICT simulator, editor add-on (hourly clock): sidebar closed after each job's first step",
  }[mode];
  const t0 = sim.now();
  return {
    name: {
      open: "Sheets, sidebar open",
      bound: "Sheets, sidebar closed, bound script",
      addon: "Sheets, sidebar closed, editor add-on",
    }[mode],
    how,
    bridge,
    counter: {
      requests: async () => seen.length,
      byEndpoint: async () => ({
        endpoints: perEndpoint(seen),
        refused: sim.requests().filter((r) => r.status === 429).length,
      }),
      reset: async () => void seen.splice(0),
    },
    table: async (sheet) => {
      const tab = sim.doc.book.findSheet(sheet);
      if (!tab) throw new Error(`no sheet ${sheet}`);
      const rows = tab.lastRow() + 1;
      const cols = tab.lastColumn() + 1;
      const grid = sim.values(`'${sheet}'!A1:${columnLetters(cols - 1)}${rows}`) as unknown[][];
      while (grid.length > 0 && (grid[grid.length - 1] ?? []).every((v) => v === "")) grid.pop();
      return grid;
    },
    type: async (sheet, row, col, value) => {
      sim.edit(OWNER, `'${sheet}'!${columnLetters(col)}${row + 1}`, [[value]]);
      await sim.run({ maxMs: 2_000 });
    },
    minutes: () => (sim.now() - t0) / 60_000,
    close: async () => {
      // Each kind of execution against its limit (6 min a call, 30 s a custom function).
      const by = new Map<string, { n: number; ms: number; longest: number; failed: number }>();
      for (const e of sim.coordinator.executions) {
        const k = `${e.kind} ${e.fn}`;
        const b = by.get(k) ?? { n: 0, ms: 0, longest: 0, failed: 0 };
        by.set(k, {
          n: b.n + 1,
          ms: b.ms + (e.end - e.start),
          longest: Math.max(b.longest, e.end - e.start),
          failed: b.failed + (e.ok ? 0 : 1),
        });
      }
      for (const [k, b] of [...by].sort((x, y) => y[1].ms - x[1].ms))
        console.log(
          `  executions ${k}: ${b.n}, ${(b.ms / 60_000).toFixed(1)} min in all, longest ${(b.longest / 1000).toFixed(1)} s, failed ${b.failed}`,
        );
      const failures = sim.coordinator.executions.filter((e) => !e.ok).slice(0, 5);
      for (const e of failures) console.log(`  failed ${e.kind} ${e.fn}: ${e.message ?? ""}`);
      // Requests per simulated minute: how near the API's 60 each minute came.
      const perMinute = new Map<number, number>();
      for (const r of sim.requests()) {
        const m = Math.floor((r.at - t0) / 60_000);
        perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
      }
      const last = Math.max(0, ...perMinute.keys());
      console.log(
        `  requests per simulated minute: ${Array.from({ length: last + 1 }, (_, m) => perMinute.get(m) ?? 0).join(" ")}`,
      );
      console.log(
        `  the server's wall time put on the simulated clock: ${(sim.coordinator.serverMsOnClock / 60_000).toFixed(1)} min`,
      );
      const calls = [...sim.coordinator.hostCallTime]
        .filter(([k]) => k.startsWith("sidebar "))
        .sort((x, y) => y[1].ms - x[1].ms);
      console.log(
        `  the sidebar's host calls' simulated time: ${calls
          .slice(0, 14)
          .map(([k, v]) => `${k} ${v.n} × = ${(v.ms / 60_000).toFixed(2)} min`)
          .join("; ")}`,
      );
      if (sim.doc.lostWrites > 0)
        console.log(`  lost writes (a sheet deleted by another execution): ${sim.doc.lostWrites}`);
      await sim.close();
    },
  };
}
