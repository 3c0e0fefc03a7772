/**
 * One key's burst of costly requests (each within its 60 a minute) does not hold up another
 * key: once a key has computed more than HEAVY_MS in the last second, its requests take turns,
 * one per turn of the event loop, and another key's request sent after the burst runs before
 * most of it. Counted, not timed: the order in which the handlers ran.
 */
import { ALL_HANDLERS } from "../../../src/server/endpoints";
import { HEAVY_MS, LoopFairness } from "../../../src/server/fairness";
import { startTestServer, type TestServer } from "../../helpers/server";
import { get, post } from "./fixtures";

const SHOPS = "/api/mkt-a/fetch-all-user-shops";
const A2 = "/api/mkt-a/financial-breakdown/product";
const ITEM = { shopId: 100001, region: "SG", itemId: 10000001 };
const WORK_MS = HEAVY_MS;

let server: TestServer;
const ran: string[] = [];
beforeAll(async () => {
  server = await startTestServer({
    requestBudgetMs: 10_000,
    handlers: {
      ...ALL_HANDLERS,
      A2: () => {
        ran.push("costly");
        const end = performance.now() + WORK_MS;
        while (performance.now() < end);
        return { ok: true };
      },
      SHOPS_A: (ctx) => {
        ran.push("cheap");
        return ALL_HANDLERS.SHOPS_A?.(ctx);
      },
    },
  });
});
afterAll(() => server.close());

test("20 costly requests of one key at once, then another key's cheap one: it runs before most of the burst, and all are answered", async () => {
  const burst = server.keyFor("demo");
  const other = server.keyFor("rival");
  const answers = Array.from({ length: 20 }, () => post(server.baseUrl + A2, burst, ITEM));
  // Sent last, with the burst (this test shares the server's event loop, so a request sent
  // later would wait for the test's own turn to run, not the server's).
  const cheap = await get(server.baseUrl + SHOPS, other);
  expect(cheap.status).toBe(200);
  expect((await Promise.all(answers)).map((a) => a.status)).toEqual(Array(20).fill(200));
  // Without turns the cheap request ran 21st (arrival order); with them, after a few.
  expect(ran.indexOf("cheap")).toBeLessThanOrEqual(5);
  expect(ran).toHaveLength(21);
});

test("a key that computed little never waits; a busy one takes its turn, and the window forgets", async () => {
  let now = 0;
  const fairness = new LoopFairness(() => now);
  let waited = false;
  await fairness.turn("light");
  fairness.measure("busy", () => (now += HEAVY_MS));
  const turn = fairness.turn("busy").then(() => (waited = true));
  expect(waited).toBe(false);
  await turn;
  expect(waited).toBe(true);
  now += 1000;
  expect(fairness.usedRecently("busy")).toBe(0);
});
