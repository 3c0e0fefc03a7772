/**
 * Issue 32 on the STRICT simulator, sidebar closed, a bound script's clock: three columns
 * filled down 10 s apart (MKTA_BREAKDOWN, REQUIRED_PRICE with a unit cost per row, PROFIT_ROAS).
 * Before, the clock runs re-ran every `#ERROR!` cell every 3 s, the cells' own errors included
 * (PROFIT_ROAS of a product with no ad spend): 78 runs a cell in 8 minutes, 29,240 executions
 * and 29,745 Properties calls for the 1,002-cell fill, trigger time used up. The full-size rows
 * are bench rows (bench/sheetsStrictModes.ts staggered1002*); this one is small (34 rows, just
 * past the 30 executions Sheets runs at once).
 */
import { brokenPromises } from "./sim/textPromises";
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { isAnswer, staggeredCells } from "./sim/staggeredRun";
import { TOO_MANY_CELLS } from "./sim/strict";

jest.setTimeout(600_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

test("34 rows x 3 staggered columns: every cell answers, no cell runs in a loop, under 3 Properties calls a cell", async () => {
  sim = await SheetsSim.start({ strict: true });
  await sim.call(OWNER, "getSettings"); // the sidebar opened once, then closed
  const start = sim.now();
  const out = await staggeredCells(sim, 34, 30 * 60_000);
  expect(out.answered).toBe(out.cells);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 10);
  const ex = sim.coordinator.executions.filter((e) => e.start >= start);
  // Apps Script refused some cells (three fill-downs of 34 at once, 10 s apart)...
  expect(ex.some((e) => e.message === TOO_MANY_CELLS)).toBe(true);
  // ...and no cell ran more than a few times: the own errors (no ad spend) are left as answers.
  const runs = [...sim.runsByCell().values()];
  expect(Math.max(...runs)).toBeLessThanOrEqual(5);
  const noAds = [...sim.histories()].filter(([, h]) =>
    String(h[h.length - 1]?.shown).includes("No ad spend"),
  );
  expect(noAds.length).toBeGreaterThan(0);
  for (const [cell] of noAds) expect(sim.runsByCell().get(cell) ?? 0).toBeLessThanOrEqual(3);
  const users = [...sim.state.users.values()];
  const properties = users.reduce((n, u) => n + u.propertiesCalls, 0);
  expect(properties / out.cells).toBeLessThan(3);
  const triggerMs = ex.filter((e) => e.kind === "trigger").reduce((n, e) => n + e.end - e.start, 0);
  expect(triggerMs).toBeLessThan(30 * 60_000);
  // Every time a waiting text named came true within 5 minutes.
  expect(brokenPromises(sim, start, isAnswer)).toEqual([]);
  for (const t of out.texts) expect(t).not.toMatch(/recalculat|is not a function/i);
});
