/**
 * What the demo schedules after today (issue 34 item 1, docs/contract-notes.md "Fee changes the
 * demo schedules"), over real HTTP: every marketplace has a commission rise 30 days ahead in two
 * categories of three, in every region, and marketplace B's free-shipping programme (a service
 * fee) rises in MY 60 days ahead. Asked at those dates, the breakdowns change where they should
 * and nowhere else.
 */
import { addDays } from "../../src/server/analytics/periods";
import { rawPost } from "../helpers/pricingScenario";
import { C_PRODUCTS } from "../helpers/pricingScenarioBC";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(60_000);
const TODAY = "2025-06-30";
const IN_30 = addDays(TODAY, 30);
const IN_60 = addDays(TODAY, 60);
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ today: TODAY, hostileNames: false });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

interface Entry {
  readonly skuId: number;
  readonly breakdown: Readonly<Record<string, { readonly rate: number }>>;
  readonly metadata: { readonly commissionRate: number };
}
interface Category {
  readonly currentRate: number;
  readonly scheduledChange: { readonly effectiveFrom: string; readonly rate: number } | null;
}

test("A: A20 names the commission rise 30 days ahead, A19 prices it", async () => {
  const overview = await rawPost(
    server,
    key,
    "/api/mkt-a/financial-breakdown/commission-overview/100001/SG",
    { topN: 100 },
  );
  const cats = overview.byCategory as Category[];
  const rising = cats.filter((c) => c.scheduledChange !== null);
  expect(rising.length).toBe(8);
  expect(cats.length).toBe(12);
  for (const c of rising) {
    expect(c.scheduledChange?.effectiveFrom).toBe(IN_30);
    expect(c.scheduledChange?.rate).toBeGreaterThan(c.currentRate);
  }
  const impact = await rawPost(
    server,
    key,
    "/api/mkt-a/financial-breakdown/commission-impact-summary/100001/SG",
    { effectiveDate: IN_30 },
  );
  expect(impact.totalMonthlyProfitDelta).toBeLessThan(0);
  expect(impact.affectedProductCount).toBeGreaterThan(0);
});

test("B: commission rises 30 days ahead, MY's free-shipping programme 60 days ahead", async () => {
  const at = async (effectiveDate?: string) =>
    (await rawPost(
      server,
      key,
      "/api/mkt-b/financial-breakdown/partner/sku-breakdowns/all/500001/MY",
      effectiveDate ? { effectiveDate } : {},
    )) as unknown as Entry[];
  const [now, in30, in60] = [await at(), await at(IN_30), await at(IN_60)];
  expect(in30.length).toBe(now.length);
  const rate = (e: Entry, name: string): number => e.breakdown[name]?.rate ?? NaN;
  const commissionUp = now.filter(
    (e, i) => rate(in30[i]!, "commissionFee") > rate(e, "commissionFee"),
  );
  expect(commissionUp.length).toBeGreaterThan(now.length / 3);
  expect(commissionUp.length).toBeLessThan(now.length);
  // The free-shipping rate is 6 % until day 60, 7 % from then on, for SKUs in the programme.
  const inProgramme = now.filter((e) => rate(e, "freeShippingCommission") > 0);
  expect(inProgramme.length).toBeGreaterThan(0);
  for (const e of inProgramme) expect(rate(e, "freeShippingCommission")).toBe(0.06);
  const later = new Map(in60.map((e) => [e.skuId, e]));
  const in30By = new Map(in30.map((e) => [e.skuId, e]));
  for (const e of inProgramme) {
    expect(rate(in30By.get(e.skuId)!, "freeShippingCommission")).toBe(0.06);
    expect(rate(later.get(e.skuId)!, "freeShippingCommission")).toBe(0.07);
  }
  // Between the two dates only the programme moves: commission stays at its day-30 rate.
  for (const e of in30)
    expect(rate(later.get(e.skuId)!, "commissionFee")).toBe(rate(e, "commissionFee"));
});

test("C: commission rises 30 days ahead in two categories of three", async () => {
  const ids = C_PRODUCTS.slice(0, 60);
  const at = async (effectiveDate?: string) =>
    (await rawPost(server, key, "/api/mkt-c/finance/breakdown/products", {
      shopId: 700001,
      productIds: ids,
      ...(effectiveDate ? { effectiveDate } : {}),
    })) as unknown as Entry[];
  const [now, in30] = [await at(), await at(IN_30)];
  expect(now.length).toBeGreaterThan(30);
  const rates = (list: Entry[]) => list.map((e) => e.metadata.commissionRate);
  const before = rates(now);
  const after = rates(in30);
  const rose = before.filter((r, i) => (after[i] ?? 0) > r).length;
  expect(rose).toBeGreaterThan(0);
  expect(rose).toBeLessThan(now.length);
  before.forEach((r, i) => expect(after[i]).toBeGreaterThanOrEqual(r));
});
