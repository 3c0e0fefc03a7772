/**
 * New listing on every marketplace (issue 34 item 4, "Must show"), host-neutral, over real HTTP:
 * 5 candidates on A (100001 SG), B (MY) and C (700001 TH). Each profit and margin equals the
 * new-product preview asked alone (A3, B3, C4) at the planned price; each price for the target
 * margin equals B4 / C6 asked alone, and on A (whose A4 solves for a profit amount) it is A4's
 * answer whose own breakdown shows the target margin, A3 at that price agreeing within 0.1 pp.
 * A candidate without a category on a marketplace says so; a bad category says the API's words.
 */
import { countedServer, perEndpoint, type Counted } from "../helpers/countedServer";
import { memoryPorts } from "../helpers/memoryPorts";
import { distinct, rawPost } from "../helpers/pricingScenario";
import type { TestServer } from "../helpers/server";
import type { Candidate } from "../../src/imports/newListing/newListingAsk";
import { NEW_LISTING_HEADERS } from "../../src/imports/newListing/newListingRows";
import { newListingFigures } from "../../src/sidebar/newListing";

jest.setTimeout(120_000);
let server: TestServer;
let seen: Counted[];
let key: string;
beforeAll(async () => {
  ({ server, seen } = await countedServer());
  key = server.keyFor("demo");
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
const SHOPS = { A: { shopId: 100001, region: "SG" }, B: { region: "MY" }, C: { shopId: 700001 } };
const CANDIDATES: Candidate[] = [
  {
    name: "Bamboo cutting board",
    cogs: 6,
    price: 24.9,
    categoryA: 100003,
    categoryB: 200003,
    categoryC: "Home Supplies > Kitchen > Cookware",
  },
  {
    name: "Vitamin C serum",
    cogs: 9.5,
    price: 39,
    categoryA: 100002,
    categoryB: 200002,
    categoryC: "Beauty & Personal Care > Skincare > Serums",
  },
  {
    name: "Phone case",
    cogs: 2.2,
    price: 15,
    categoryA: 100001,
    categoryB: 200001,
    categoryC: "Phones & Electronics > Accessories > Phone Cases",
  },
  {
    name: "Yoga mat",
    cogs: 14,
    price: 59,
    categoryA: 100009,
    categoryB: 200007,
    categoryC: "Sports & Outdoor > Fitness > Yoga Mats",
  },
  {
    name: "Potato chips 12-pack",
    cogs: 11,
    price: 29.5,
    categoryA: 100007,
    categoryB: 200005,
    categoryC: "Food & Beverages > Snacks > Chips",
  },
];
const col = (h: (typeof NEW_LISTING_HEADERS)[number]) => NEW_LISTING_HEADERS.indexOf(h);

test("5 candidates on three marketplaces: each figure equals the endpoint asked alone", async () => {
  const { ports, run } = memoryPorts(server);
  const from = seen.length;
  const f = await run(
    newListingFigures(ports, { candidates: CANDIDATES, shops: SHOPS, targetMargin: 0.25 }),
  );
  const asked = perEndpoint(distinct(seen.slice(from)));
  // One new-product preview per candidate and marketplace (profit and margin share it), one
  // B4 and C6 each, at most three A4.
  expect(asked).toMatchObject({ A3: 5, B3: 5, C4: 5, B4: 5, C6: 5 });
  expect(asked.A4).toBeLessThanOrEqual(15);
  for (const [i, c] of CANDIDATES.entries()) {
    const row = f.rows[i] ?? [];
    expect(row[col("Answer")]).toBe("");
    const a3 = await rawPost(server, key, "/api/mkt-a/financial-breakdown/new-product", {
      shopId: 100001,
      region: "SG",
      listingPrice: c.price,
      categoryId: c.categoryA,
      manufacturingCogs: c.cogs,
      hasVat: true,
    });
    const b3 = await rawPost(server, key, "/api/mkt-b/financial-breakdown/partner/new-product", {
      region: "MY",
      listingPrice: c.price,
      categoryId: c.categoryB,
      manufacturingCogs: c.cogs,
      hasVat: true,
    });
    const [l1, l2, l3] = String(c.categoryC).split(" > ");
    const c4 = await rawPost(server, key, "/api/mkt-c/finance/breakdown/new-product", {
      shopId: 700001,
      listingPrice: c.price,
      categoryL1: l1,
      categoryL2: l2,
      categoryL3: l3,
      manufacturingCogs: c.cogs,
      hasVat: true,
    });
    const meta = (x: Json) => x.metadata as Json;
    expect(row[col("Profit on A")]).toBe(meta(a3).netProfit);
    expect(row[col("Margin on A")]).toBeCloseTo(Number(meta(a3).margin) / 100, 6);
    expect(row[col("Profit on B")]).toBe(meta(b3).netProfit);
    expect(row[col("Margin on B")]).toBe(meta(b3).margin);
    expect(row[col("Profit on C")]).toBe(meta(c4).netProfit);
    expect(row[col("Margin on C")]).toBe(meta(c4).margin);

    const b4 = await rawPost(server, key, "/api/mkt-b/financial-breakdown/partner/required-price", {
      region: "MY",
      categoryId: c.categoryB,
      cogs: c.cogs,
      targetMargin: 0.25,
      hasVat: true,
    });
    expect(row[col("Price for target on B")]).toBe(b4.requiredListingPrice);
    const c6 = await rawPost(server, key, "/api/mkt-c/finance/breakdown/required-price", {
      shopId: 700001,
      categoryL1: l1,
      categoryL2: l2,
      categoryL3: l3,
      cogs: c.cogs,
      targetMargin: 0.25,
      hasVat: true,
    });
    expect(row[col("Price for target on C")]).toBe(c6.requiredListingPrice);
    // A: the new-product preview at A's price for the target shows 25 % within 0.1 pp.
    const atPrice = await rawPost(server, key, "/api/mkt-a/financial-breakdown/new-product", {
      shopId: 100001,
      region: "SG",
      listingPrice: row[col("Price for target on A")],
      categoryId: c.categoryA,
      manufacturingCogs: c.cogs,
      hasVat: true,
    });
    expect(Math.abs(Number(meta(atPrice).margin) - 25)).toBeLessThanOrEqual(0.1 + 1e-9);
  }
});

test("a candidate without a category, or with one the API does not know, says so", async () => {
  const { ports, run } = memoryPorts(server);
  const f = await run(
    newListingFigures(ports, {
      candidates: [
        {
          name: "Mystery box",
          cogs: 5,
          price: 20,
          categoryA: 999999,
          categoryB: null,
          categoryC: "Home Supplies > Storage > Boxes",
        },
      ],
      shops: SHOPS,
    }),
  );
  const row = f.rows[0] ?? [];
  expect(row[col("Profit on C")]).toEqual(expect.any(Number));
  expect(row[col("Profit on B")]).toBe("");
  expect(String(row[col("Answer")])).toMatch(/B: no category given/);
  expect(String(row[col("Answer")])).toMatch(/A: .*categor/i);
});
