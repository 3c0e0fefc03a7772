/**
 * Issue 10 on the Sheets simulator, where the limits bite: a 429 with Retry-After from a key
 * another app spends, a server that is down, and a shared spreadsheet whose cells use the
 * owner's key while an editor's sidebar is open.
 */
import { fillDown } from "./sim/fillDownRun";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

const EDITOR = "editor@example.com";
let sim: SheetsSim;

beforeEach(async () => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
});

afterEach(async () => {
  await sim?.close();
});

test("a 429's Retry-After pauses the key: cells say so, nothing is sent meanwhile, then they fill", async () => {
  await sim.call(OWNER, "getSettings");
  // Another app spends the same key's whole minute (the add-on cannot know).
  for (let i = 0; i < 60; i++)
    await fetch(`${sim.server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
      headers: { authorization: `Bearer ${sim.ownerKey}` },
    });
  const out = await fillDown(sim, { level: "item", count: 20, maxMs: 10 * 60_000 });
  expect(out.answered).toBe(20);
  expect(
    out.texts.some((t) =>
      /^Waiting: the API asked for a pause of \d+ s; \d+ cells? queued/.test(t),
    ),
  ).toBe(true);
  // The first group went out before anyone knew (the other app is invisible); it was refused
  // as one, and after it nothing went until Retry-After had passed.
  const refused = sim.requests().filter((r) => r.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(new Set(refused.map((r) => r.at)).size).toBe(1);
  const first = refused[0]?.at ?? 0;
  const next = sim.requests().find((r) => r.at > first);
  expect((next?.at ?? 0) - first).toBeGreaterThanOrEqual(50_000);
  for (const t of out.texts) expect(t).not.toMatch(/recalculat/i);
});

test("server down: every cell says it could not reach the API within 10 s; the breaker stops requests", async () => {
  await sim.call(OWNER, "getSettings");
  sim.coordinator.apiDown = true;
  const start = sim.now();
  const out = await fillDown(sim, { level: "item", count: 40, maxMs: 60_000 });
  expect(out.answered).toBe(0);
  for (const [, history] of sim.histories()) {
    const last = history.at(-1);
    expect(String(last?.shown)).toMatch(
      /^#ERROR! Could not reach the API at http:\/\/127\.0\.0\.1:\d+/,
    );
    // Said within 10 s; a cell that failed for a passing reason is asked again later by the
    // add-in's own run (fill/rerunCells.ts) and says it again while the API stays down.
    const said = history.find((h) => /^#ERROR! Could not reach the API/.test(String(h.shown)));
    expect((said?.at ?? Infinity) - start).toBeLessThanOrEqual(10_000);
  }
  for (const t of out.texts) expect(t).not.toMatch(/rate limit/i);
  // The first group (the fill-down's prefetch) failed as one and opened the breaker; after it
  // at most a lone probe now and then.
  const tried = sim.coordinator.httpLog.filter((r) => r.status === "error");
  const [first, ...later] = [...new Set(tried.map((r) => r.at))];
  expect(tried.filter((r) => r.at === first).length).toBeGreaterThan(1);
  for (const at of later) expect(tried.filter((r) => r.at === at)).toHaveLength(1);
  expect(later.length).toBeLessThanOrEqual(3);
});

test("Google's daily UrlFetch quota used up: every cell says so and when to refresh, nothing is retried", async () => {
  await sim.call(OWNER, "getSettings");
  // FAKES.md S-U4: consumer accounts get 20,000 URL fetches a day; this seller used them.
  sim.state.user(OWNER).urlFetchesToday = 20_000;
  const out = await fillDown(sim, { level: "item", count: 10, maxMs: 60_000 });
  expect(out.answered).toBe(0);
  for (const [, history] of sim.histories())
    expect(String(history.at(-1)?.shown)).toMatch(
      /^#ERROR! Google's daily limit of web requests for your Google account is used up .*tomorrow, use Extensions > Marketplace Profit > Refresh cells with errors/,
    );
  for (const t of out.texts) expect(t).not.toMatch(/Could not reach the API/);
  expect(sim.coordinator.httpLog).toHaveLength(0);
});

test("shared sheet: the cells use the owner's key; an editor's sidebar cannot fill them, the owner's can", async () => {
  sim.share(EDITOR);
  sim.saveKey(EDITOR, sim.server.keyFor("demo"));
  const out = await fillDown(sim, { level: "item", count: 80, maxMs: 2 * 60_000 });
  const waiting = 80 - out.answered;
  expect(waiting).toBeGreaterThan(0);
  const editorLoop = sim.openSidebar(EDITOR, "fillWaitingCells", 5000);
  await sim.run({ maxMs: 3 * 60_000 });
  editorLoop.close();
  expect(
    sim
      .values("C2:C81")
      .flat()
      .filter((v) => typeof v === "number"),
  ).toHaveLength(out.answered);
  expect(editorLoop.last).toMatchObject({ otherKeyCells: waiting, rerun: 0 });
  const ownerLoop = sim.openSidebar(OWNER, "fillWaitingCells", 5000);
  const done = await sim.run({
    until: () =>
      sim
        .values("C2:C81")
        .flat()
        .every((v) => typeof v === "number"),
    maxMs: 3 * 60_000,
  });
  ownerLoop.close();
  expect(done).toBe(true);
});
