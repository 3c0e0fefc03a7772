/**
 * The built add-on on the Sheets simulator, as a new seller tries it (issue 10, "Why"): 100
 * item-level cells filled down, each its own execution, caches shared, against the reference
 * server at its real 60 requests a minute on the simulated clock.
 */
import { demoItems } from "./sim/demoItems";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

let sim: SheetsSim;

beforeAll(async () => {
  sim = await SheetsSim.start();
});

afterAll(async () => {
  await sim?.close();
});

test("today: 100 filled-down cells end with ~60 numbers and ~40 cells asking to recalculate, for good", async () => {
  const { shop, items } = demoItems(100);
  sim.edit(
    OWNER,
    "A2:A101",
    items.map((id) => [id]),
  );
  sim.fillDown(
    OWNER,
    "C2:C101",
    `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`,
  );
  await sim.runUntilIdle();
  const shown = sim.values("C2:C101").flat();
  const numbers = shown.filter((v) => typeof v === "number").length;
  expect(numbers).toBeGreaterThanOrEqual(50);
  expect(numbers).toBeLessThanOrEqual(60);
  const stuck = [...sim.histories().values()]
    .map((h) => h.at(-1)?.shown)
    .filter((v) => typeof v !== "number");
  expect(stuck).toHaveLength(100 - numbers);
  for (const text of stuck)
    expect(text).toMatch(
      /Rate limit reached \(60 requests\/minute per key\): recalculate in \d+ s/,
    );
  expect(sim.maxInWindow(60_000)).toBeLessThanOrEqual(60);

  // Sheets re-runs none of them: an hour later they still say so, and no execution ran.
  const executions = sim.coordinator.executions.length;
  await sim.run({ maxMs: 3_600_000 });
  expect(
    sim
      .values("C2:C101")
      .flat()
      .filter((v) => typeof v === "number"),
  ).toHaveLength(numbers);
  expect(sim.coordinator.executions.length).toBe(executions);
});
