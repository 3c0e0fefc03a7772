/**
 * A refresh of formula cells from the Sheets sidebar writes its Refresh log row with the
 * requests the refreshed cells made as Sheets re-ran them (issue 20 item 3's leftover: Excel
 * and the web demo count them through their scheduler). The sidebar's queue code over the
 * simulator (cells run in their own executions, on simulated time), requests counted at the
 * server the simulator talks to.
 */
import { serverProxy } from "../../../src/hosts/sheets/sidebar/serverProxy";
import { sheetsQueue } from "../../../src/hosts/sheets/sidebar/sidebarQueue";
import { demoItems } from "./sim/demoItems";
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { KIND, type Strictness } from "./sim/strict";

jest.setTimeout(300_000);
let sim: SheetsSim;
afterEach(async () => {
  await sim?.close();
});

/** A simulator whose sheet holds 5 item cells (lists off) that have answered once. */
async function fiveAnsweredCells(strict: Strictness = KIND): Promise<void> {
  sim = await SheetsSim.start({ strict });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const { shop, items } = demoItems(5);
  sim.edit(
    OWNER,
    "A2:A6",
    items.map((id) => [id]),
  );
  sim.fillDown(
    OWNER,
    "C2:C6",
    `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`,
  );
  await sim.runUntilIdle();
}

test("the sidebar's refresh of this sheet logs the requests its cells made", async () => {
  await fiveAnsweredCells();
  const queue = sheetsQueue(
    serverProxy((name, ...args) => sim.call(OWNER, name, args)),
    { pollMs: 2000, still: 3, polls: 45, wait: (ms) => sim.run({ maxMs: ms }) },
  );
  const before = sim.requests().length;
  const done = await queue.refresh("sheet");
  await queue.logged();
  const made = sim.requests().length - before;
  // The 5 cells asked again (fresh answers): at least one request, counted as the server saw.
  expect(done.cells).toBe(5);
  expect(made).toBeGreaterThan(0);
  const log = sim.values("Refresh log!A1:F3");
  expect(log[1]?.slice(2, 5)).toEqual(["Formula cells: this sheet", made, 5]);
  // One row: the server wrote none of its own for this refresh.
  expect(
    sim
      .values("Refresh log!A3:F3")
      .flat()
      .filter((c) => c !== "" && c !== null),
  ).toEqual([]);
});

test("the menu's refresh of this sheet logs the requests its cells made too", async () => {
  await fiveAnsweredCells();
  const before = sim.requests().length;
  const menu = sim.startCall(OWNER, "refreshSheet", [], "menu");
  await sim.run({ until: () => menu.done, maxMs: 600_000 });
  expect(menu.ok).toBe(true);
  await sim.runUntilIdle();
  const made = sim.requests().length - before;
  expect((menu.value as { refreshed: number }).refreshed).toBe(5);
  expect(made).toBeGreaterThan(0);
  const log = sim.values("Refresh log!A1:F3");
  expect(log[1]?.slice(2, 5)).toEqual(["Formula cells: this sheet", made, 5]);
  expect(
    sim
      .values("Refresh log!A3:F3")
      .flat()
      .filter((c) => c !== "" && c !== null),
  ).toEqual([]);
});

// Google does not say that Sheets runs custom functions while a menu script goes on after a
// flush (sim/strict.ts recalcDuringMenu): when it runs them only after the script ends, the
// menu's count stands still, and its row must not claim "0 requests"; the cells still ask.
test("the menu's refresh when Sheets runs the cells only after the menu's script: no count, cells answered", async () => {
  await fiveAnsweredCells({ ...KIND, recalcDuringMenu: false });
  const before = sim.requests().length;
  const menu = sim.startCall(OWNER, "refreshSheet", [], "menu");
  await sim.run({ until: () => menu.done, maxMs: 600_000 });
  expect(menu.ok).toBe(true);
  // While the menu ran no cell asked (the simulator ran none).
  expect(sim.requests().length).toBe(before);
  const log = sim.values("Refresh log!A1:F2");
  expect(log[1]?.slice(2, 5)).toEqual([
    "Formula cells: this sheet (each asks the API as it recalculates)",
    "",
    5,
  ]);
  await sim.runUntilIdle();
  expect(sim.requests().length).toBeGreaterThan(before);
  expect(
    sim
      .values("C2:C6")
      .flat()
      .every((v) => typeof v === "number"),
  ).toBe(true);
});
