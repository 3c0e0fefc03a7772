/**
 * Google does not say whether `getUserTriggers(spreadsheet)` lists an add-on's time-driven
 * triggers (test/hosts/FAKES.md S-U18). The add-on lists both getProjectTriggers() and
 * getUserTriggers() and keeps each trigger once: with the simulator listing clock triggers in
 * both (`userTriggersListClock`), the daily refresh keeps one trigger (no delete-and-make-again
 * of a trigger seen twice) and the fill's clock trigger hands over as usual.
 */
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { fillDown } from "./sim/fillDownRun";

jest.setTimeout(300_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

const clockTriggers = (fn: string): string[] =>
  sim.state.triggers.filter((t) => t.type === "CLOCK" && t.fn === fn).map((t) => t.uid);

test.each([false, true])(
  "getUserTriggers lists clock triggers: %s — the daily refresh keeps one trigger",
  async (listed) => {
    sim = await SheetsSim.start({ strict: { userTriggersListClock: listed } });
    await sim.call(OWNER, "sidebarSetAutoRefresh", [true]);
    const made = clockTriggers("sidebarRefreshAllImports");
    expect(made).toHaveLength(1);
    // The sidebar reads the state each time it opens: the same trigger stays.
    for (let i = 0; i < 3; i++)
      expect(await sim.call(OWNER, "sidebarGetAutoRefresh")).toMatchObject({ enabled: true });
    expect(clockTriggers("sidebarRefreshAllImports")).toEqual(made);
    await sim.call(OWNER, "sidebarSetAutoRefresh", [false]);
    expect(clockTriggers("sidebarRefreshAllImports")).toEqual([]);
  },
);

test("getUserTriggers lists clock triggers: a fill the edit trigger's run cannot finish goes on", async () => {
  sim = await SheetsSim.start({ strict: { userTriggersListClock: true } });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  // 400 cells, one request each: more than an edit trigger's ~5 minutes of quota.
  const out = await fillDown(sim, { level: "item", count: 400, maxMs: 30 * 60_000 });
  expect(out.answered).toBe(400);
  expect(out.refused).toBe(0);
  expect(sim.coordinator.executions.some((e) => e.fn === "fillWaitingCellsLater")).toBe(true);
  // One edit trigger for the document, however its triggers were listed.
  expect(sim.state.triggers.filter((t) => t.type === "ON_EDIT")).toHaveLength(1);
});
