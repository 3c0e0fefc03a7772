/**
 * Issue 21 on the STRICT Sheets simulator (sim/strict.ts), the sidebar closed: executions past
 * 30 fail with exec qps, quotas count, latencies have slow tails, caches drop entries, other
 * sellers share the script lock and cache. The add-on must recover the cells Apps Script failed,
 * spend at most one Properties call per cell execution, and never draw a 429.
 * (The 600- and 1,002-cell runs are bench rows: minutes of wall time each.)
 */
import { demoItems } from "./sim/demoItems";
import { fillDown } from "./sim/fillDownRun";
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { TOO_MANY_CELLS } from "./sim/strict";
import { longTest } from "../../helpers/long";

jest.setTimeout(300_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

test("45 item cells, lists off, sidebar closed: the cells refused for concurrency get their numbers", async () => {
  sim = await SheetsSim.start({ strict: true });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings"); // the sidebar opened once, then closed
  const out = await fillDown(sim, { level: "item", count: 45, maxMs: 15 * 60_000 });
  const cells = sim.coordinator.executions.filter((e) => e.kind === "custom");
  // Sheets refused some cells (the fill-down started 45 at once): the filler re-ran them.
  expect(cells.some((e) => e.message === TOO_MANY_CELLS)).toBe(true);
  expect(out.answered).toBe(45);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 10);
  // The daily Properties quota: at most one call per cell execution.
  const ran = cells.filter((e) => e.message !== TOO_MANY_CELLS);
  for (const e of ran) expect(e.properties).toBeLessThanOrEqual(1);
  for (const t of out.texts) expect(t).not.toMatch(/recalculat/i);
});

// Under load (CI's parallel workers) the owner's clock trigger and edit trigger re-ran the same
// cells at once: one cleared a cell between the other's two formula reads, which then wrote an
// empty formula back (rerunCells now skips such a cell; the simulator stores "" as a clear).
test("an editor with another key whose trigger was made first fills down: the owner's trigger fills", async () => {
  const editor = "editor@example.com";
  sim = await SheetsSim.start({ strict: true });
  sim.share(editor);
  sim.saveKey(editor, sim.server.keyFor("demo"));
  await sim.call(editor, "getSettings"); // the editor's sidebar: the editor's trigger, first
  await sim.call(OWNER, "getSettings"); // then the owner's
  const out = await fillDown(sim, { level: "item", count: 45, maxMs: 15 * 60_000, by: editor });
  expect(out.answered).toBe(45);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 10);
  // Every text a cell showed names what someone can do: none asks the editor to fix the key.
  for (const t of out.texts) expect(t).not.toMatch(/recalculat|open Extensions/i);
});

test("cells that wait longer than two trigger runs: each clock trigger hands over to the next", async () => {
  sim = await SheetsSim.start({ strict: true });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  // Another app keeps the key's minute full for 18 minutes (the add-on cannot know). The edit
  // trigger's run ends by 5.75 min; the first clock trigger starts 1 to 4 min later and runs at
  // most 5.25 min, so it ends by 15 min: whatever the jitter, the three cells wait past the edit
  // trigger's run and the first clock trigger's. (With 12 minutes, as before, a first clock
  // trigger that started late enough answered them: after a merge changed the seeded draws the
  // test saw one hand-over and was relaxed to 1; 18 minutes makes two hand-overs arithmetic.)
  const spend = async (): Promise<void> => {
    for (let status = 200; status !== 429;)
      status = (
        await fetch(`${sim.server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
          headers: { authorization: `Bearer ${sim.ownerKey}` },
        })
      ).status;
  };
  const { shop, items } = demoItems(3);
  sim.edit(
    OWNER,
    "A2:A4",
    items.map((id) => [id]),
  );
  await spend();
  sim.fillDown(
    OWNER,
    "C2:C4",
    `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`,
  );
  for (let s = 0; s < 18 * 3; s++) {
    await sim.run({ maxMs: 20_000 });
    await spend();
  }
  const numbers = (): number =>
    sim
      .values("C2:C4")
      .flat()
      .filter((v) => typeof v === "number").length;
  expect(numbers()).toBe(0);
  // The server's compute time runs on the simulated clock: a loaded machine stretches it.
  await sim.run({
    until: () => numbers() === 3 && sim.coordinator.busy() === 0,
    maxMs: 40 * 60_000,
  });
  expect(numbers()).toBe(3);
  const later = sim.coordinator.executions.filter((e) => e.fn === "fillWaitingCellsLater");
  expect(later.length).toBeGreaterThanOrEqual(2);
});

/**
 * Google does not document that clear + flush + set back runs a custom function again. With
 * the simulator keeping a cleared cell's result (`rerunOnClearFlushSet: false`), rerunCells sees
 * no Loading... after its clear and set and detours through the formula with one more space;
 * the seller's formula text must read exactly as typed at the end.
 */
test("clear + flush + set runs nothing: the detour fills every cell and each formula reads as typed", async () => {
  sim = await SheetsSim.start({ strict: { rerunOnClearFlushSet: false } });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const out = await fillDown(sim, { level: "item", count: 45, maxMs: 15 * 60_000 });
  expect(out.answered).toBe(45);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 10);
  // Without the detour no waiting cell would run again in this mode (the old code left them).
  const { shop } = demoItems(45);
  const tab = sim.doc.book.sheet("Sheet1");
  for (let row = 2; row <= 46; row++)
    expect(tab.cell(row, 3)?.formula).toBe(
      `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A${row}, , "netProfit")`,
    );
  const ran = sim.coordinator.executions.filter(
    (e) => e.kind === "custom" && e.message !== TOO_MANY_CELLS,
  );
  for (const e of ran) expect(e.properties).toBeLessThanOrEqual(1);
});

/**
 * Custom functions of an add-on may get no document cache or properties (not documented for
 * add-ons): a cell short of quota cannot register as waiting, so it fails with a text that
 * says what to do, and the filler re-runs every such cell of ours as quota allows.
 */
test("no document cache in custom functions: every cell still gets its number", async () => {
  sim = await SheetsSim.start({ strict: { docStoresInCustomFunctions: false } });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const out = await fillDown(sim, { level: "item", count: 90, maxMs: 20 * 60_000 });
  expect(out.answered).toBe(90);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 10);
  for (const t of out.texts) expect(t).not.toMatch(/recalculat/i);
  const ran = sim.coordinator.executions.filter(
    (e) => e.kind === "custom" && e.message !== TOO_MANY_CELLS,
  );
  for (const e of ran) expect(e.properties).toBeLessThanOrEqual(1);
});

/**
 * Only documented trigger behaviour (`clockFromClock: false`): an edit gets its edit trigger's
 * run and one clock run. Cells still waiting after those must not promise a time nobody keeps:
 * they say the next edit (or the owner's open sidebar) goes on, and an edit does.
 */
// Long tier: the test keeps the key spent by asking the server until it refuses, on the server's
// real-time minute, while the cells run on simulated time; under CI's load (twice in two fresh-clone
// runs on 30 Nov) the cells' 429 waits ran out first and they showed the rate-limit error (with
// its menu action) instead of the waiting text. Passes alone and in four parallel runs.
longTest(
  "no continuation from a clock run: the cells left say an edit goes on, and one does",
  async () => {
    sim = await SheetsSim.start({ strict: { clockFromClock: false } });
    sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
    await sim.call(OWNER, "getSettings");
    const spend = async (): Promise<void> => {
      for (let status = 200; status !== 429;)
        status = (
          await fetch(`${sim.server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
            headers: { authorization: `Bearer ${sim.ownerKey}` },
          })
        ).status;
    };
    const { shop, items } = demoItems(3);
    sim.edit(
      OWNER,
      "A2:A4",
      items.map((id) => [id]),
    );
    await spend();
    sim.fillDown(
      OWNER,
      "C2:C4",
      `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`,
    );
    for (let s = 0; s < 18 * 3; s++) {
      await sim.run({ maxMs: 20_000 });
      await spend();
    }
    await sim.run({ until: () => sim.coordinator.busy() === 0, maxMs: 5 * 60_000 });
    const shown = sim.values("C2:C4").flat();
    expect(shown.filter((v) => typeof v === "number")).toHaveLength(0);
    // As shown ("#ERROR! <message>" for an error, so a failure says which).
    for (const a1 of ["C2", "C3", "C4"])
      expect(String(sim.shown(a1))).toMatch(
        /may stop before them: they go on at anyone's next edit/,
      );
    // Nothing runs them by itself any more (no clock trigger is left)...
    await sim.run({ maxMs: 10 * 60_000 });
    expect(
      sim
        .values("C2:C4")
        .flat()
        .filter((v) => typeof v === "number"),
    ).toHaveLength(0);
    // ...until someone edits the spreadsheet: the edit trigger fills them.
    sim.edit(OWNER, "H1", [["note"]]);
    const numbers = (): number =>
      sim
        .values("C2:C4")
        .flat()
        .filter((v) => typeof v === "number").length;
    await sim.run({ until: () => numbers() === 3, maxMs: 6 * 60_000 });
    expect(numbers()).toBe(3);
  },
);

/**
 * Google documents an add-on's clock triggers "at most once an hour" and says nothing of how
 * that is enforced (sim README, item 3): `after(60 s)` firing an hour later ("hourly") or not
 * made at all ("refused"). With the sidebar closed, the cells the edit trigger's run leaves
 * waiting must not name minutes nobody keeps: each says who goes on (an edit, the owner's open
 * sidebar), and that is so. "hourly" here is the fallback of a deployment that says it is no
 * add-on (`getInstallationSource()` NONE) and still gets an add-on's clock: the late clock run
 * is noticed. (An add-on that knows it is one: addonClock.sim.test.ts.)
 */
describe.each(["hourly", "refused"] as const)("clock trigger %s, sidebar closed", (mode) => {
  test("the cells an edit trigger's run leaves say who goes on, and an edit (or the late clock run) does", async () => {
    sim = await SheetsSim.start({
      strict: { clockTrigger: mode, ...(mode === "hourly" ? { installationSource: "NONE" } : {}) },
    });
    sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
    await sim.call(OWNER, "getSettings");
    const { shop, items } = demoItems(3);
    sim.edit(
      OWNER,
      "A2:A4",
      items.map((id) => [id]),
    );
    // Another app keeps the key's minute full for 12 minutes (past the edit trigger's run).
    const spend = async (): Promise<void> => {
      for (let status = 200; status !== 429;)
        status = (
          await fetch(`${sim.server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
            headers: { authorization: `Bearer ${sim.ownerKey}` },
          })
        ).status;
    };
    await spend();
    sim.fillDown(
      OWNER,
      "C2:C4",
      `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`,
    );
    const start = sim.now();
    for (let s = 0; s < 12 * 3; s++) {
      await sim.run({ maxMs: 20_000 });
      await spend();
    }
    await sim.run({ until: () => sim.coordinator.busy() === 0, maxMs: 5 * 60_000 });
    const shown = sim.values("C2:C4").flat();
    expect(shown.filter((v) => typeof v === "number")).toHaveLength(0);
    // Before, each still said "Waiting ...: 3 cells queued, about 1 min" (for an hour, or for ever).
    for (const t of shown)
      expect(String(t)).toMatch(
        /may stop before them: they go on at anyone's next edit of this spreadsheet or while the owner has .* Settings open$/,
      );
    const numbers = (): number =>
      sim
        .values("C2:C4")
        .flat()
        .filter((v) => typeof v === "number").length;
    if (mode === "hourly") {
      // The clock trigger asked for at the run's end comes an hour later and fills them...
      await sim.run({
        until: () => numbers() === 3 && sim.coordinator.busy() === 0,
        maxMs: 70 * 60_000,
      });
      expect(numbers()).toBe(3);
      expect(sim.now() - start).toBeGreaterThan(60 * 60_000);
      // ...and, so late, it is not counted on again: the next fill's cells past a trigger run
      // say who goes on from their first text.
      expect(sim.state.user(OWNER).properties.getProperty("mkt.fillChain")).toBe("0");
      return;
    }
    expect(sim.state.triggers.filter((t) => t.type === "CLOCK")).toHaveLength(0);
    await sim.run({ maxMs: 10 * 60_000 });
    expect(numbers()).toBe(0);
    // What the texts say: anyone's edit runs the edit trigger, which fills them.
    sim.edit(OWNER, "H1", [["note"]]);
    await sim.run({ until: () => numbers() === 3, maxMs: 6 * 60_000 });
    expect(numbers()).toBe(3);
  });
});
