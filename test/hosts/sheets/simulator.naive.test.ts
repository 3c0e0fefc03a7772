/**
 * The "today" on the simulator, with a naive per-cell client (one UrlFetchApp.fetch per
 * cell, "recalculate" over the limit), which is what the add-on did before issue 10: Sheets
 * never re-runs the refused cells. Also the baseline of the fill-down benchmark rows.
 */
import { fillDown } from "./sim/fillDownRun";
import { naiveBundle } from "./sim/naiveBundle";
import { SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

test("100 filled-down naive cells: 60 numbers, 40 cells asking to recalculate, for good", async () => {
  const sim = await SheetsSim.start({ bundleDir: naiveBundle() });
  try {
    const out = await fillDown(sim, {
      level: "item",
      count: 100,
      fn: "NAIVE_NET_PROFIT",
      maxMs: 10 * 60_000,
    });
    expect(out.answered).toBe(60);
    expect(out.requests).toBe(100);
    expect(out.refused).toBe(40);
    expect(out.texts.length).toBeGreaterThan(0);
    for (const t of out.texts) expect(t).toMatch(/Rate limit reached .*: recalculate in \d+ s$/);
    // An hour later nothing re-ran them.
    const executions = sim.coordinator.executions.length;
    await sim.run({ maxMs: 3_600_000 });
    expect(
      sim
        .values("C2:C101")
        .flat()
        .filter((v) => typeof v === "number"),
    ).toHaveLength(60);
    expect(sim.coordinator.executions.length).toBe(executions);
  } finally {
    await sim.close();
  }
});
