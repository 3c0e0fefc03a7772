/**
 * Google does not say whether `getUserTriggers(spreadsheet)` lists an add-on's time-driven
 * triggers (test/hosts/FAKES.md S-U18). The add-on lists both getProjectTriggers() and
 * getUserTriggers() and keeps each trigger once: with the simulator listing clock triggers in
 * both (`userTriggersListClock`), the daily refresh keeps one trigger (no delete-and-make-again
 * of a trigger seen twice) and the fill's clock trigger hands over as usual.
 */
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { demoItems } from "./sim/demoItems";

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

test("getUserTriggers lists clock triggers: cells the edit trigger's run cannot fill go on in its clock trigger", async () => {
  sim = await SheetsSim.start({ strict: { userTriggersListClock: true } });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const { shop, items } = demoItems(3);
  sim.edit(
    OWNER,
    "A2:A4",
    items.map((id) => [id]),
  );
  // Another app keeps the key's minute full for 7 minutes: past the edit trigger's run.
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
  for (let s = 0; s < 7 * 3; s++) {
    await sim.run({ maxMs: 20_000 });
    await spend();
  }
  const numbers = (): number =>
    sim
      .values("C2:C4")
      .flat()
      .filter((v) => typeof v === "number").length;
  await sim.run({
    until: () => numbers() === 3 && sim.coordinator.busy() === 0,
    maxMs: 20 * 60_000,
  });
  expect(numbers()).toBe(3);
  expect(sim.coordinator.executions.some((e) => e.fn === "fillWaitingCellsLater")).toBe(true);
  // One edit trigger for the document, however its triggers were listed.
  expect(sim.state.triggers.filter((t) => t.type === "ON_EDIT")).toHaveLength(1);
});
