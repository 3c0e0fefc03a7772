/**
 * The 100-cell fill-down with the built add-on on the simulator, as a new seller tries
 * it: without the background filler (never installed) the cells wait and say where to start
 * it; once the seller opens the sidebar it is installed, and the next edit fills them.
 */
import { fillDown } from "./sim/fillDownRun";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

test("100 filled-down cells: all numbers, no cell ever asks to recalculate", async () => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const out = await fillDown(sim, { level: "item", count: 100, maxMs: 10 * 60_000 });
  expect(out.answered).toBe(100);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 1);
  for (const t of out.texts)
    expect(t).toMatch(/^Waiting for quota: \d+ cells? queued, about \d+ min$/);
});

test("with no filler installed, waiting cells say where to start it, and it fills them", async () => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  const out = await fillDown(sim, { level: "item", count: 100, maxMs: 5 * 60_000 });
  expect(out.answered).toBeLessThan(100);
  for (const t of out.texts)
    expect(t).toMatch(
      /^Waiting for quota: .*; open Extensions > Marketplace Profit > Settings to fill them$/,
    );
  // The seller opens the sidebar: its loop fills the waiting cells.
  const loop = sim.openSidebar(OWNER, "fillWaitingCells", 5000);
  const done = await sim.run({
    until: () =>
      sim
        .values("C2:C101")
        .flat()
        .every((v) => typeof v === "number"),
    maxMs: 5 * 60_000,
  });
  loop.close();
  expect(done).toBe(true);
  expect(sim.maxInWindow(60_000)).toBeLessThanOrEqual(60);
});
