/**
 * An editor add-on (`getInstallationSource()` not NONE) gets Google's add-on clock: time-driven
 * triggers at most once an hour, one per user per document, made only where the document is
 * open (sim `clockTrigger: "hourly"`). With the sidebar closed and no one there, the edit
 * trigger's run fills what it can, makes the document's recurring hourly trigger, and every
 * cell it leaves says the hourly run goes on with it (no minute nobody keeps); each hourly run
 * fills for its whole run and the trigger stays until nothing is left, then goes. It holds
 * whether or not a clock run may make a trigger (`clockFromClock`): no clock run has to.
 * (A fill that needs several hourly runs, and their Properties and trigger minutes: the
 * 600-cell bench rows.)
 * (600 cells at the API's own pace: bench rows, bench/sheetsStrictModes.ts addon items600.)
 */
import { demoItems } from "./sim/demoItems";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

const HOURLY =
  /^Waiting for quota: \d+ cells? queued; the add-on's hourly run goes on with them \(Google runs it at most once an hour\), or now at anyone's edit of this spreadsheet or while the owner has Extensions > Marketplace Profit > Settings open$/;

describe.each([true, false])("clockFromClock %s", (clockFromClock) => {
  test("no one there: the hourly runs fill every cell, each cell left says the hourly run goes on", async () => {
    sim = await SheetsSim.start({ strict: { clockTrigger: "hourly", clockFromClock } });
    sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
    await sim.call(OWNER, "getSettings"); // the sidebar opened once, then closed
    // Another app keeps the key's minute full while the edit trigger's run goes on: the cells
    // must wait for the hourly run.
    const spend = async (): Promise<void> => {
      for (let status = 200; status !== 429;)
        status = (
          await fetch(`${sim.server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
            headers: { authorization: `Bearer ${sim.ownerKey}` },
          })
        ).status;
    };
    const { shop, items } = demoItems(5);
    sim.edit(
      OWNER,
      "A2:A6",
      items.map((id) => [id]),
    );
    await spend();
    const start = sim.now();
    sim.fillDown(
      OWNER,
      "C2:C6",
      `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`,
    );
    const numbers = (): number =>
      sim
        .values("C2:C6")
        .flat()
        .filter((v) => typeof v === "number").length;
    const spendUntil = async (at: number): Promise<void> => {
      while (sim.now() < at) {
        await sim.run({ maxMs: 20_000 });
        await spend();
      }
    };
    await spendUntil(start + 7 * 60_000);
    await sim.run({ until: () => sim.coordinator.busy() === 0, maxMs: 60_000 });
    expect(numbers()).toBe(0);
    // The edit trigger's run made the document's recurring hourly trigger; every cell says so.
    const clocks = sim.state.triggers.filter((t) => t.type === "CLOCK");
    expect(clocks).toHaveLength(1);
    expect(clocks[0]?.everyMs).toBe(3_600_000);
    for (const t of shown()) expect(t).toMatch(HOURLY);
    // Nothing runs them for the rest of the hour: they keep saying so (no minute is named).
    const due = clocks[0]?.nextAt ?? 0;
    await sim.run({ maxMs: due - 60_000 - sim.now() });
    expect(numbers()).toBe(0);
    for (const t of shown()) expect(t).toMatch(HOURLY);
    expect(hourlyRuns()).toBe(0);
    // The hourly run (an hour after it was made, up to 3 minutes late) fills them all, with
    // nobody there, and the trigger goes: nothing is left.
    await sim.run({
      until: () => numbers() === 5 && sim.coordinator.busy() === 0,
      maxMs: 15 * 60_000,
    });
    expect(numbers()).toBe(5);
    expect(hourlyRuns()).toBe(1);
    expect(sim.state.triggers.filter((t) => t.type === "CLOCK")).toHaveLength(0);
    expect(sim.state.user(OWNER).properties.getProperty("mkt.fillChain")).toBe("h");
  });
});

/** What C2:C6 show, errors with their message. */
function shown(): string[] {
  return [2, 3, 4, 5, 6].map((r) => String(sim.shown(`C${r}`)));
}

function hourlyRuns(): number {
  return sim.coordinator.executions.filter((e) => e.fn === "fillWaitingCellsLater").length;
}
