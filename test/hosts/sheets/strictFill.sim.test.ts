/**
 * Issue 21 on the STRICT Sheets simulator (sim/strict.ts), the sidebar closed: executions past
 * 30 fail with exec qps, quotas count, latencies have slow tails, after() has jitter. Every
 * cell must end with its number within ceil(requests / 60) + 10 minutes, with no 429.
 */
import { fillDown } from "./sim/fillDownRun";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(900_000);

let sim: SheetsSim;

afterEach(async () => {
  await sim?.close();
});

function report(label: string): void {
  const cells = [...sim.histories()].filter(([, h]) => typeof h.at(-1)?.shown !== "number");
  const props = sim.coordinator.executions.filter((e) => e.kind === "custom");
  console.log(
    label,
    cells.length,
    cells.slice(0, 3).map(([k, h]) => `${k} ${JSON.stringify(h.slice(-3))}`),
    sim.coordinator.executions
      .filter((e) => e.kind !== "custom")
      .map((e) => `${e.fn} ${((e.start - 0) / 60000).toFixed(1)}-${(e.end / 60000).toFixed(1)} ${e.ok} ${e.message ?? ""}`)
      .slice(-15),
    "props/cell",
    props.reduce((n, e) => n + e.properties, 0) / Math.max(1, props.length),
  );
}

test("600 item cells, lists off, sidebar closed: every cell a number in time", async () => {
  sim = await SheetsSim.start({ strict: true });
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings"); // the sidebar opened once, then closed
  const out = await fillDown(sim, { level: "item", count: 600, maxMs: 40 * 60_000 });
  report("600");
  console.log(out);
  expect(out.answered).toBe(600);
  expect(out.refused).toBe(0);
  expect(out.minutes).toBeLessThanOrEqual(Math.ceil(out.requests / 60) + 10);
});
