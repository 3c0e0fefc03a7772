/**
 * Issue 10 on the Sheets simulator: filled-down cells, each its own execution, against the
 * reference server at 60 requests a minute on the simulated clock.
 */
import { fillDown } from "./sim/fillDownRun";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(600_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

test("300 model-level cells filled down: at most 3 requests", async () => {
  sim = await SheetsSim.start();
  await sim.call(OWNER, "getSettings"); // the seller opened the sidebar once
  const out = await fillDown(sim, { level: "model", count: 300, maxMs: 10 * 60_000 });
  expect(out.answered).toBe(300);
  expect(out.requests).toBeLessThanOrEqual(3);
  expect(out.texts).toEqual([]);
  expect(out.longestCellMs).toBeLessThan(30_000);
});

test.each([
  ["answered from shop-wide lists", "on"],
  ["one request per product (lists off)", "off"],
])("300 item-level cells filled down, %s: all numbers, no user action", async (_label, lists) => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", lists);
  await sim.call(OWNER, "getSettings");
  const out = await fillDown(sim, { level: "item", count: 300, maxMs: 20 * 60_000 });
  if (out.answered !== 300)
    console.log(
      [...sim.histories()]
        .filter(([, h]) => typeof h.at(-1)?.shown !== "number")
        .map(([k, h]) => `${k} ${JSON.stringify(h)}`),
      sim.coordinator.executions.filter((e) => e.kind !== "custom"),
    );
  expect(out.answered).toBe(300);
  expect(out.maxPerMinute).toBeLessThanOrEqual(60);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 1);
  for (const t of out.texts) expect(t).not.toMatch(/recalculat/i);
  expect(out.longestCellMs).toBeLessThan(30_000);
});
