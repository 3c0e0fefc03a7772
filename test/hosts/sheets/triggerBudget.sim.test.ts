/**
 * Trigger minutes are a daily quota (90 a day on consumer accounts; the strict simulator stops
 * a trigger run when they are used up, and starts none after). A filler that sleeps through
 * each minute for the next minute's quota spends as many trigger minutes as the fill lasts.
 * Past the day's budget (stores/triggerDay.ts: 60 of the 90 minutes) a run spends the quota it
 * has and hands over to a clock trigger instead: the fill is slower and the day stays inside
 * the quota.
 */
import { fillDown } from "./sim/fillDownRun";
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { TRIGGER_TIME_USED } from "./sim/strict";

jest.setTimeout(300_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

const QUOTA_MS = 90 * 60_000;

test("past the day's trigger budget a fill still ends with every number and the day inside the quota", async () => {
  sim = await SheetsSim.start({ strict: true });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  // The add-on's earlier fills today used 88.5 trigger minutes (the quota's count and the
  // add-on's own, as its runs would have left them): 1.5 are left.
  const used = 88.5 * 60_000;
  const dayEnd = (Math.floor(sim.now() / 86_400_000) + 1) * 86_400_000;
  sim.state.today(OWNER).triggerMsToday = used;
  sim.state.user(OWNER).properties.setProperty("mkt.triggerDay", `${dayEnd}|${used}`);
  const before = sim.coordinator.executions.length;
  // Three minutes of quota: a trigger run that slept for each minute's quota would need 2 of
  // them and be stopped after 1.5, its cells left waiting (as the add-on did before the budget).
  const out = await fillDown(sim, { level: "item", count: 180, maxMs: 30 * 60_000 });
  const runs = sim.coordinator.executions.slice(before).filter((e) => e.kind === "trigger");
  const ms = sim.state.today(OWNER).triggerMsToday;
  expect(out.answered).toBe(180);
  expect(out.refused).toBe(0);
  expect(runs.filter((r) => r.message === TRIGGER_TIME_USED)).toHaveLength(0);
  expect(ms).toBeLessThan(QUOTA_MS);
  // Short runs: each clock run spent one minute's quota and handed over.
  expect(runs.filter((r) => r.fn === "fillWaitingCellsLater").length).toBeGreaterThanOrEqual(2);
  // The add-on's own count kept up with the quota's.
  const [, counted] = String(sim.state.user(OWNER).properties.getProperty("mkt.triggerDay")).split(
    "|",
  );
  expect(Math.abs(Number(counted) - ms)).toBeLessThan(60_000);
});
