/**
 * Formula cells on the STRICT Sheets simulator (issue 21): executions past 30 fail with exec
 * qps, trigger and Properties quotas, log-normal latencies with slow tails, early cache eviction,
 * other sellers on the shared script lock and cache, after() with jitter. The seller opens the
 * sidebar once (installing the filler), closes it, and fills one formula down. Reported: cells
 * answered, minutes to the last number against ceil(requests / 60), requests and 429s, trigger
 * minutes and Properties calls; and from them a seller's daily quota use for 5,000 cells.
 */
import { fillDown, type FillDownOutcome } from "../test/hosts/sheets/sim/fillDownRun";
import { OWNER, SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";
import { TOO_MANY_CELLS, type Strictness } from "../test/hosts/sheets/sim/strict";
import { estimateLateness, menuRefresh, mixedCells, twoTabs } from "./sheetsStrictScenarios";

export const WAIT_MS = 60 * 60_000;
const EDITOR = "editor@example.com";

export interface StrictRow {
  readonly name: string;
  readonly out: FillDownOutcome;
  readonly triggerMinutes: number;
  readonly properties: number;
  readonly cellRuns: number;
  /** Cell executions Apps Script refused for concurrency ("exec qps"). */
  readonly execQps: number;
  readonly urlFetches: number;
  readonly late: ReturnType<typeof estimateLateness>;
}

export type Scenario = (sim: SheetsSim) => Promise<FillDownOutcome>;

/**
 * The day's trigger budget (60 of the 90 minutes, src/hosts/sheets/stores/triggerDay.ts)
 * already spent by the add-on's earlier fills: the quota's count and the add-on's own, as
 * those runs would have left them. The row then measures the short runs past the budget.
 */
export function budgetSpent(sim: SheetsSim): void {
  const used = 60 * 60_000;
  const dayEnd = (Math.floor(sim.now() / 86_400_000) + 1) * 86_400_000;
  sim.state.today(OWNER).triggerMsToday = used;
  sim.state.user(OWNER).properties.setProperty("mkt.triggerDay", `${dayEnd}|${used}`);
}

/** One row: STRICT, with `switches` turned the other way (sheetsStrictModes.ts). */
export async function row(
  name: string,
  scenario: Scenario,
  collaborator: boolean,
  bundleDir: string,
  switches: Partial<Strictness> = {},
  prepare: (sim: SheetsSim) => void = () => undefined,
): Promise<StrictRow> {
  const sim = await SheetsSim.start({ bundleDir, strict: { ...switches } });
  try {
    sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
    if (collaborator) {
      sim.share(EDITOR);
      sim.saveKey(EDITOR, sim.server.keyFor("demo"));
      await sim.call(EDITOR, "getSettings"); // the editor's trigger is made first
    }
    await sim.call(OWNER, "getSettings");
    prepare(sim);
    const start = sim.now();
    const out = await scenario(sim);
    const ex = sim.coordinator.executions;
    const users = [...sim.state.users.values()];
    return {
      name,
      out,
      triggerMinutes:
        ex.filter((e) => e.kind === "trigger").reduce((n, e) => n + e.end - e.start, 0) / 60_000,
      properties: users.reduce((n, u) => n + u.propertiesCalls, 0),
      cellRuns: ex.filter((e) => e.kind === "custom").length,
      execQps: ex.filter((e) => e.kind === "custom" && e.message === TOO_MANY_CELLS).length,
      urlFetches: users.reduce((n, u) => n + u.urlFetchesToday, 0),
      late: estimateLateness(sim, start),
    } satisfies StrictRow;
  } finally {
    await sim.close();
  }
}

export const items =
  (count: number, by?: string): Scenario =>
  (sim) =>
    fillDown(sim, { level: "item", count, maxMs: WAIT_MS, ...(by ? { by } : {}) });

const f1 = (n: number): string => n.toFixed(1);

/** The strict rows and the daily quota table, as markdown lines for bench/results.md. */
export async function measureStrictSheets(
  bundleDir: string,
  table: (header: string[], rows: string[][]) => string,
): Promise<string[]> {
  const rows: StrictRow[] = [
    await row("600 item cells, lists off", items(600), false, bundleDir),
    await row(
      "1,002 mixed cells (334 x MKTA_BREAKDOWN item, REQUIRED_PRICE, PROFIT_ROAS)",
      (sim) => mixedCells(sim, 334, WAIT_MS),
      false,
      bundleDir,
    ),
    await row(
      "Two 300-cell fill-downs in two tabs",
      (sim) => twoTabs(sim, 300, WAIT_MS),
      false,
      bundleDir,
    ),
    await row(
      'Menu "Refresh all sheets", 300 item cells answered before',
      (sim) => menuRefresh(sim, 300, WAIT_MS),
      false,
      bundleDir,
    ),
    await row(
      "300 item cells filled by an editor (another key, trigger made first)",
      items(300, EDITOR),
      true,
      bundleDir,
    ),
    await row(
      "600 item cells, lists off, the day's 60 trigger minutes spent before",
      items(600),
      false,
      bundleDir,
      {},
      budgetSpent,
    ),
  ];
  const main = table(
    [
      "Sidebar closed",
      "Cells answered",
      "Minutes to last number",
      "ceil(requests/60)",
      "Requests",
      "429s",
      "Trigger minutes",
      "Properties calls",
      "Properties per cell run",
      "Waiting estimates late, median / p90 (min)",
    ],
    rows.map((r) => [
      r.name,
      `${r.out.answered}/${r.out.cells}`,
      r.out.answered === r.out.cells ? f1(r.out.minutes) : `not all in ${WAIT_MS / 60_000}`,
      String(Math.ceil(r.out.requests / 60)),
      String(r.out.requests),
      String(r.out.refused),
      f1(r.triggerMinutes),
      String(r.properties),
      (r.properties / Math.max(1, r.cellRuns)).toFixed(2),
      r.late ? `${f1(r.late.median)} / ${f1(r.late.p90)}` : "none waited",
    ]),
  );
  // 5,000 cells a day: at the first row's rates until its trigger minutes reach the day's
  // budget (60), the rest at the rates of the row past the budget (the last row).
  const base = rows[0] as StrictRow;
  const spent = rows[rows.length - 1] as StrictRow;
  const under = Math.min(5000, (60 / base.triggerMinutes) * base.out.cells);
  const per = (v: (r: StrictRow) => number): number =>
    (v(base) / base.out.cells) * under + (v(spent) / spent.out.cells) * (5000 - under);
  const quota = table(
    [
      "5,000 cells refreshed daily (from the first and last rows)",
      "Per 1,000 cells under / past the budget",
      "Per day",
      "Consumer quota",
      "Inside",
    ],
    (
      [
        ["Properties calls", (r: StrictRow) => r.properties, 50_000],
        ["URL fetches", (r: StrictRow) => r.urlFetches, 20_000],
        ["Trigger minutes", (r: StrictRow) => r.triggerMinutes, 90],
      ] as const
    ).map(([what, v, limit]) => [
      what,
      `${f1((v(base) / base.out.cells) * 1000)} / ${f1((v(spent) / spent.out.cells) * 1000)}`,
      f1(per(v)),
      limit.toLocaleString("en-US"),
      per(v) <= limit ? "yes" : "no",
    ]),
  );
  return [
    "## Formula cells on the strict Sheets simulator (issue 21)",
    "",
    main,
    "",
    quota,
    "",
    "- The strict simulator (`test/hosts/sheets/sim/strict.ts`, assumptions in its README): the",
    "  built bundle, 30 executions per user at once (the rest fail with exec qps), 90 trigger",
    "  minutes and 50,000 Properties calls a day, latencies log-normal (sigma 0.5) with 1 call in 50",
    "  8x slower, the server's compute time on the clock, Google's cache eviction and early drops,",
    "  other sellers on the shared script lock/cache, `after(60 s)` firing up to 3 min late.",
    "- Item cells with the shop lists off (one request per product). The daily table takes the",
    `  first row's rates for ${Math.round(under)} cells (60 trigger minutes) and the last row's for the`,
    "  rest; trigger minutes are this seller's (all users' triggers summed).",
  ];
}
