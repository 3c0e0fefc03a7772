/**
 * The issue's 100-cell fill-down with the built add-on on the simulator, as a new seller tries
 * it: without the background filler (never installed) the cells wait and say where to start
 * it; once the seller opens the sidebar it is installed, and the next edit fills them.
 */
import { createGoogleScriptBridge } from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import type { QueueView } from "../../../src/ui/bridge";
import { queueText } from "../../../src/ui/queueSection";
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
    expect(t).toMatch(/^Waiting for quota: \d+ cells? queued, about \d+ min \(by \d\d:\d\d\)$/);
});

test("with no filler installed, waiting cells say where to start it, and it fills them", async () => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  const out = await fillDown(sim, { level: "item", count: 100, maxMs: 5 * 60_000 });
  expect(out.answered).toBeLessThan(100);
  for (const t of out.texts)
    expect(t).toMatch(
      /^Waiting for quota: .*; the spreadsheet's owner opens Extensions > Marketplace Profit > Settings to fill them$/,
    );
  // The seller opens the sidebar: its status tick (the real bridge) fills the waiting cells.
  const bridge = createGoogleScriptBridge(
    <T>(name: string, ...args: unknown[]) => sim.call(OWNER, name, args) as Promise<T>,
  );
  const allNumbers = (): boolean =>
    sim
      .values("C2:C101")
      .flat()
      .every((v) => typeof v === "number");
  const before = (await sim.call(OWNER, "getScheduler")) as { queue: QueueView };
  expect(queueText(before.queue)).toBe(
    `${100 - out.answered} cells queued, done in about ${before.queue.secondsToDone} s.`,
  );
  for (let tick = 0; tick < 200 && !allNumbers(); tick++) {
    await bridge.getQuota();
    await sim.run({ maxMs: 2000 });
  }
  expect(allNumbers()).toBe(true);
  expect(queueText((await bridge.getQuota()).queue as QueueView)).toBe("No cells waiting.");
  expect(sim.maxInWindow(60_000)).toBeLessThanOrEqual(60);
});

test("the function-help dialog lists every function with its help (written by the build)", async () => {
  sim = await SheetsSim.start();
  await sim.call(OWNER, "showFunctionHelp");
  const dialog = sim.state.ui.find((u) => u.what === "showModalDialog");
  expect(dialog?.detail).toEqual(["Marketplace Profit functions", expect.any(Number)]);
  expect((dialog?.detail as [string, number])[1]).toBeGreaterThan(5000);
});

test("an edit that starts no formula cell ends the fill trigger within seconds (its run time is rationed)", async () => {
  sim = await SheetsSim.start();
  await sim.call(OWNER, "getSettings");
  sim.edit(OWNER, "B2", [["a note"]]);
  await sim.runUntilIdle();
  const runs = sim.coordinator.executions.filter((e) => e.fn === "fillWaitingCellsOnEdit");
  expect(runs).toHaveLength(1);
  expect((runs[0]?.end ?? 0) - (runs[0]?.start ?? 0)).toBeLessThan(10_000);
});
