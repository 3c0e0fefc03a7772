/**
 * One strict-simulator row in a mode where an undocumented Sheets behaviour is switched off
 * (issue 21): `npx tsx bench/sheetsStrictModes.ts <mode> <scenario>` after `npm run build`.
 * Modes: strict (every assumption on), noClearSet (clear + flush + set does not re-run a cell),
 * noDocStores (no document cache/properties inside custom functions), noClockFromClock (a clock
 * trigger's run cannot make the next one), documented (all three off). Scenarios: items600,
 * items600spent (the day's trigger budget spent before the fill), mixed1002, editor300, twoTabs,
 * menu300. Prints the row as JSON (for bench/results.md); MKT_TIMELINE=1 first prints where
 * its minutes went (sheetsStrictTimeline.ts).
 */
import * as path from "node:path";
import { budgetSpent, row, WAIT_MS as HOUR_MS, type Scenario } from "./sheetsStrict";
import { fillDown } from "../test/hosts/sheets/sim/fillDownRun";
import { menuRefresh, mixedCells, twoTabs } from "./sheetsStrictScenarios";
import { isAnswer, staggeredCells } from "../test/hosts/sheets/sim/staggeredRun";
import { brokenPromises } from "../test/hosts/sheets/sim/textPromises";
import type { Strictness } from "../test/hosts/sheets/sim/strict";
import { OWNER, type SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";
import { timeline } from "./sheetsStrictTimeline";

const MODES: Record<string, Partial<Strictness>> = {
  strict: {},
  noClearSet: { rerunOnClearFlushSet: false },
  noDocStores: { docStoresInCustomFunctions: false },
  noClockFromClock: { clockFromClock: false },
  /** An editor add-on: its clock triggers run at most hourly (bound scripts: "jitter"). */
  addon: { clockTrigger: "hourly" },
  addonNoChain: { clockTrigger: "hourly", clockFromClock: false },
  documented: {
    rerunOnClearFlushSet: false,
    docStoresInCustomFunctions: false,
    clockFromClock: false,
  },
};

/** Simulated minutes to wait for the last number (MKT_WAIT_MIN; default 60). */
const WAIT_MS = Number(process.env.MKT_WAIT_MIN ?? 0) * 60_000 || HOUR_MS;
const items =
  (count: number, by?: string): Scenario =>
  (sim) =>
    fillDown(sim, { level: "item", count, maxMs: WAIT_MS, ...(by ? { by } : {}) });

const SCENARIOS: Record<string, [Scenario, boolean, ((sim: SheetsSim) => void)?]> = {
  items600: [items(600), false],
  items600spent: [items(600), false, budgetSpent],
  mixed1002: [(sim) => mixedCells(sim, 334, WAIT_MS), false],
  editor300: [items(300, "editor@example.com"), true],
  twoTabs: [(sim) => twoTabs(sim, 300, WAIT_MS), false],
  menu300: [(sim) => menuRefresh(sim, 300, WAIT_MS), false],
  // Issue 32: three columns filled down 10 s apart, the shop lists on (the seller's default).
  staggered1002: [(sim) => staggeredCells(sim, 334, WAIT_MS), false, listsOn],
  staggered1002equal: [(sim) => staggeredCells(sim, 334, WAIT_MS, "equalCosts"), false, listsOn],
  staggered1002margins: [(sim) => staggeredCells(sim, 334, WAIT_MS, "margins"), false, listsOn],
};

/** row() turns the shop lists off (one request a product); the staggered rows keep the default. */
function listsOn(sim: SheetsSim): void {
  sim.state.user(OWNER).properties.deleteProperty("mkt.listAnswers");
}

async function main(): Promise<void> {
  const [mode = "strict", scenario = "items600"] = process.argv.slice(2);
  const switches = MODES[mode];
  const picked = SCENARIOS[scenario];
  if (!switches || !picked) throw new Error(`mode ${mode} or scenario ${scenario} unknown`);
  const bundleDir = path.join(__dirname, "..", "dist", "sheets");
  const [scenarioFn, collaborator, prepare] = picked;
  let seen: { sim: SheetsSim; start: number } | null = null;
  const r = await row(
    `${scenario} (${mode})`,
    scenarioFn,
    collaborator,
    bundleDir,
    switches,
    (sim) => {
      prepare?.(sim);
      seen = { sim, start: sim.now() };
    },
  );
  const { texts, ...out } = r.out;
  const at = seen as { sim: SheetsSim; start: number } | null;
  if (process.env.MKT_TIMELINE && at)
    console.log(timeline(at.sim, at.start, at.start + out.minutes * 60_000).join("\n"));
  console.log(
    JSON.stringify({
      name: r.name,
      ...out,
      ceil: Math.ceil(out.requests / 60),
      withinCeilPlus10:
        out.answered === out.cells && out.minutes <= Math.ceil(out.requests / 60) + 10,
      triggerMinutes: Number(r.triggerMinutes.toFixed(1)),
      properties: r.properties,
      cellRuns: r.cellRuns,
      propertiesPerCellRun: Number((r.properties / Math.max(1, r.cellRuns)).toFixed(2)),
      propertiesPerCell: Number((r.properties / Math.max(1, out.cells)).toFixed(2)),
      execQps: r.execQps,
      urlFetches: r.urlFetches,
      late: r.late,
      // Waiting texts whose named time did not come true within 5 minutes, or that named no one.
      brokenPromises: at ? brokenPromises(at.sim, at.start, isAnswer).length : null,
      texts: texts.slice(0, 8),
    }),
  );
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
