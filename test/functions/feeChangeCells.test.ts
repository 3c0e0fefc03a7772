/**
 * FEE_CHANGE cells (issue 34 item 6) over real HTTP: 50 cells of shop 100001 SG filled down at
 * once are coalesced like breakdown cells, answered from the shop-wide product lists (A7, today
 * and at the date) instead of 100 single breakdowns; each figure equals A2 asked alone, today
 * and at the date; a date that is not after the API's today is refused with a sentence.
 */
import { runAsync } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import { valueOf } from "../helpers/figureValues";
import { countedServer, perEndpoint, type Counted } from "../helpers/countedServer";
import { functionEnv } from "../helpers/functionEnv";
import { rawPost } from "../helpers/pricingScenario";
import type { TestServer } from "../helpers/server";

jest.setTimeout(120_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

const P_A = "/api/mkt-a/financial-breakdown";
const DATE = "2025-07-30";
type Json = Record<string, unknown>;

test("50 filled-down cells cost the shop's lists, and equal A2 asked alone", async () => {
  const env = functionEnv(server, { perMinute: 100_000 });
  const key = server.keyFor("demo");
  const page = await rawPost(server, key, `${P_A}/products/100001/SG`, { pageSize: 50 });
  const items = (page.data as Json[]).map((e) => Number(e.itemId));
  const fn = functionByName("FEE_CHANGE");
  if (!fn) throw new Error("FEE_CHANGE is missing");
  const from = seen.length;
  const cells = await Promise.all(
    items.flatMap((itemId) =>
      ["netProfit", "netProfitToday", "monthlyProfitDelta"].map((field) =>
        runAsync(fn.program([100001, "SG", itemId, DATE, field]), env),
      ),
    ),
  );
  const asked = perEndpoint(seen.slice(from));
  // Today's list and the date's list, walked while cells wait: far fewer than 100 singles.
  expect((asked.A7 ?? 0) + (asked.A2 ?? 0)).toBeLessThanOrEqual(12);
  for (const [i, itemId] of items.entries()) {
    const [later, today, monthly] = cells.slice(3 * i, 3 * i + 3).map(valueOf);
    const alone = async (effectiveDate?: string) =>
      (await rawPost(server, key, `${P_A}/product`, {
        shopId: 100001,
        region: "SG",
        itemId,
        lookbackDays: 180,
        includeVat: true,
        ...(effectiveDate ? { effectiveDate } : {}),
      })) as Json;
    const [t, l] = [await alone(), await alone(DATE)];
    const meta = (x: Json) => x.metadata as Json;
    expect(later).toBe(meta(l).netProfit);
    expect(today).toBe(meta(t).netProfit);
    const units = Number(meta(t).unitsSold);
    const perMonth = (p: unknown) => Math.round(((Number(p) * units * 30) / 180) * 100) / 100;
    // Each month rounded to the cent, as A19 rounds.
    expect(
      Math.abs(Number(monthly) - (perMonth(meta(l).netProfit) - perMonth(meta(t).netProfit))),
    ).toBeLessThanOrEqual(0.01 + 1e-9);
  }
});

test("a date that is not after the API's today says so", async () => {
  const env = functionEnv(server, { perMinute: 100_000 });
  const fn = functionByName("FEE_CHANGE");
  if (!fn) throw new Error("FEE_CHANGE is missing");
  // The host shows the body's error as the cell's (#VALUE! with this sentence).
  const said = await runAsync(
    fn.program([100001, "SG", 10001691, "2025-06-30", "netProfit"]),
    env,
  ).then(
    () => "answered",
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  expect(said).toMatch(/not after the API's today \(2025-06-30\)/);
});
