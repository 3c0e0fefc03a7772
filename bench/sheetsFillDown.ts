/**
 * Formula cells in Google Sheets at the API's limit (issue 10): the built dist/sheets bundle
 * on the Sheets simulator (test/hosts/sheets/sim: each cell its own execution in a fresh
 * global scope, about 30 at once, 30 s each, memoised recalculation, the add-on's triggers),
 * against the reference server enforcing 60 requests a minute on the simulated clock. A seller
 * fills one formula down 300 rows of ids, once after opening the sidebar (which installs the
 * background filler), and does nothing else. Beside it, the naive client: one UrlFetchApp
 * call per cell, "recalculate" over the limit (Sheets never re-runs those cells).
 */
import { fillDown, type FillDownOutcome } from "../test/hosts/sheets/sim/fillDownRun";
import { naiveBundle } from "../test/hosts/sheets/sim/naiveBundle";
import { OWNER, SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";
import type { LimitedPass, LimitedRow } from "./limitedCells";

const CELLS = 300;
const WAIT_MS = 20 * 60_000;

function pass(o: FillDownOutcome, settled = false): LimitedPass {
  return {
    cells: o.cells,
    answered: o.answered,
    requests: o.requests,
    refused: o.refused,
    minutes: settled ? o.settledMinutes : o.minutes,
  };
}

async function addin(level: "item" | "model", lists: "on" | "off", bundleDir: string) {
  const sim = await SheetsSim.start({ bundleDir });
  try {
    sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", lists);
    await sim.call(OWNER, "getSettings"); // the sidebar opened once: the filler is installed
    return pass(await fillDown(sim, { level, count: CELLS, maxMs: WAIT_MS }));
  } finally {
    await sim.close();
  }
}

async function naive(level: "item" | "model"): Promise<LimitedPass> {
  const sim = await SheetsSim.start({ bundleDir: naiveBundle() });
  try {
    const o = await fillDown(sim, { level, count: CELLS, fn: "NAIVE_NET_PROFIT", maxMs: WAIT_MS });
    return pass(o, true);
  } finally {
    await sim.close();
  }
}

/** The two Sheets rows: item-level cells (lists on and off) and model-level cells. */
export async function measureSheetsFillDown(bundleDir: string): Promise<LimitedRow[]> {
  return [
    {
      name: "300 item-level cells filled down, Sheets",
      addin: await addin("item", "on", bundleDir),
      addinListsOff: await addin("item", "off", bundleDir),
      naive: await naive("item"),
    },
    {
      name: "300 model-level cells filled down, Sheets",
      addin: await addin("model", "on", bundleDir),
      naive: await naive("model"),
    },
  ];
}

/** How the Sheets rows were measured (for bench/results.md). */
export const SHEETS_FILL_DOWN_METHOD = [
  "- Sheets: the built `dist/sheets` bundle on the Sheets simulator (`test/hosts/sheets/sim`): each",
  "  cell its own execution in a fresh global scope, about 30 at once, 30 s each, memoised",
  "  recalculation, shared CacheService/LockService, the add-on's installable edit trigger; the",
  "  reference server enforces 60 requests a minute on the simulator's clock, so the minutes are",
  "  simulated minutes a seller would wait. The seller opened the sidebar once (which installs the",
  "  background filler), typed 300 ids in column A (and model ids in B) and filled one formula down",
  "  column C; nothing else. Lists off: the setting 'answer many product cells from shop-wide lists'",
  "  turned off, so each product cell needs its own request.",
  "- Sheets naive client: a custom function calling `UrlFetchApp.fetch` once per cell; a refused cell",
  "  says to recalculate, which Sheets never does by itself. Minutes: until the last cell settled.",
];
