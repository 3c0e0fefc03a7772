/**
 * The naive per-cell client (one UrlFetchApp.fetch per cell) on the simulator: the baseline of
 * the fill-down benchmark rows. Sheets never re-runs its refused cells.
 */
import { fillDown } from "./sim/fillDownRun";
import { naiveBundle } from "./sim/naiveBundle";
import { SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

test("300 filled-down naive cells: 60 answered in the first minute, the rest stay refused", async () => {
  const sim = await SheetsSim.start({ bundleDir: naiveBundle() });
  try {
    const out = await fillDown(sim, {
      level: "item",
      count: 300,
      fn: "NAIVE_NET_PROFIT",
      maxMs: 30 * 60_000,
    });
    expect(out.answered).toBe(60);
    expect(out.requests).toBe(300);
    expect(out.refused).toBe(240);
    expect(out.texts.every((t) => /recalculate in \d+ s$/.test(t))).toBe(true);
  } finally {
    await sim.close();
  }
});
