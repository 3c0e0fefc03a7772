/**
 * The campaign planner's figures (issue 34 item 3, "Must show"), host-neutral, over real HTTP
 * with requests counted at the server: 200 SKUs of each marketplace (A 100001 SG, B 500001 MY,
 * C 700001 TH) at a 15 % discount cost at most 4 requests per marketplace, and each SKU's
 * resulting profit and margin equal the buyer-price preview asked for that SKU alone within
 * 0.01; the deepest discount keeps the target margin (the set-margin preview alone agrees); a
 * SKU the API does not know cannot join and says the API's reason. A voucher campaign is priced
 * by the what-ifs, one SKU a request, equal to them asked alone.
 */
import { countedServer, perEndpoint, type Counted } from "../helpers/countedServer";
import { memoryPorts } from "../helpers/memoryPorts";
import { distinct, rawPost } from "../helpers/pricingScenario";
import { C_PRODUCTS } from "../helpers/pricingScenarioBC";
import type { TestServer } from "../helpers/server";
import type { CampaignSku } from "../../src/imports/campaign/campaignAsk";
import { campaignFigures } from "../../src/sidebar/campaign";

jest.setTimeout(240_000);
let server: TestServer;
let seen: Counted[];
let key: string;
beforeAll(async () => {
  ({ server, seen } = await countedServer());
  key = server.keyFor("demo");
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const P = {
  A: "/api/mkt-a/financial-breakdown",
  B: "/api/mkt-b/financial-breakdown/partner",
  C: "/api/mkt-c/finance/breakdown",
};

/** 200 SKUs of each demo shop, from the API's own lists. */
async function skusOf(m: "A" | "B" | "C"): Promise<CampaignSku[]> {
  if (m === "A") {
    const page = await rawPost(
      server,
      key,
      `${P.A}/products/100001/SG/sorted-by-profit-adjusted-roas`,
      {
        pageSize: 120,
      },
    );
    return list(page.entries)
      .flatMap((e) =>
        list(e.modelDetails).map((d) => ({
          itemId: e.itemId as number,
          variantId: d.modelId as number | null,
        })),
      )
      .slice(0, 200);
  }
  if (m === "B") {
    const all = list(await rawPost(server, key, `${P.B}/sku-breakdowns/all/500001/MY`, {}));
    return all
      .slice(0, 200)
      .map((e) => ({ itemId: e.itemId as number, variantId: e.skuId as number }));
  }
  const products = list(
    await rawPost(server, key, `${P.C}/products`, {
      shopId: 700001,
      productIds: C_PRODUCTS.slice(0, 100),
    }),
  );
  return products
    .flatMap((p) =>
      list(p.skuBreakdowns).map((s) => ({
        itemId: p.productId as string,
        variantId: s.skuId as string,
      })),
    )
    .slice(0, 200);
}

const WHERE = {
  A: { marketplace: "A" as const, shopId: 100001, region: "SG" },
  B: { marketplace: "B" as const, shopId: 500001, region: "MY" },
  C: { marketplace: "C" as const, shopId: 700001, region: "TH" },
};

/** The buyer-price preview for one SKU alone. */
async function alone(m: "A" | "B" | "C", k: CampaignSku, price: number): Promise<Json> {
  const data =
    m === "A"
      ? await rawPost(server, key, `${P.A}/preview-set-buyer-price`, {
          shopId: 100001,
          region: "SG",
          includeVat: true,
          models: [{ itemId: k.itemId, modelId: k.variantId, targetBuyerPrice: price }],
        })
      : m === "B"
        ? await rawPost(server, key, `${P.B}/preview-set-buyer-price`, {
            sellerId: 500001,
            region: "MY",
            hasVat: true,
            skus: [{ itemId: k.itemId, skuId: k.variantId, targetBuyerPrice: price }],
          })
        : await rawPost(server, key, `${P.C}/preview-set-buyer-price`, {
            shopId: 700001,
            hasVat: true,
            skus: [{ productId: k.itemId, skuId: k.variantId, targetBuyerPrice: price }],
          });
  return list(data.adjustedItems)[0] ?? {};
}

test.each(["A", "B", "C"] as const)(
  "marketplace %s: 200 SKUs at 15 %% in at most 4 requests, each equal to the preview alone",
  async (m) => {
    const skus = await skusOf(m);
    expect(skus).toHaveLength(200);
    const { ports, run } = memoryPorts(server);
    const from = seen.length;
    const f = await run(
      campaignFigures(ports, { ...WHERE[m], skus, campaign: { kind: "discount", percent: 0.15 } }),
    );
    const asked = distinct(seen.slice(from));
    expect(asked.length).toBeLessThanOrEqual(4);
    expect(f.count).toEqual({ batches: asked.length, singles: 0 });
    expect(Object.keys(perEndpoint(asked))).toEqual(
      m === "A" ? ["A22", "A21"] : m === "B" ? ["B15", "B14"] : ["C9", "C8"],
    );
    expect(
      f.rows.every((r) => r.campaignMargin !== null && r.flag.startsWith("Cannot") === false),
    ).toBe(true);
    const [margin, profit] =
      m === "A" ? ["margin", "netProfit"] : ["resultingMargin", "resultingProfit"];
    for (const r of f.rows) {
      // 15 % off the list price, to the cent.
      expect(Math.abs((r.campaignPrice ?? NaN) - (r.listPrice ?? 0) * 0.85)).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
      const one = await alone(m, r, r.campaignPrice ?? 0);
      // A's margins arrive in percent points; the sheet's are fractions.
      const theirs = Number(one[margin]) / (m === "A" ? 100 : 1);
      expect(Math.abs((r.campaignMargin ?? NaN) - theirs)).toBeLessThanOrEqual(0.01);
      expect(Math.abs((r.campaignProfit ?? NaN) - Number(one[profit]))).toBeLessThanOrEqual(0.01);
    }
    // The deepest discount keeps the target: at its buyer price the preview alone reaches 20 %.
    for (const r of f.rows.filter((x) => x.deepestPrice !== null).slice(0, 20)) {
      const one = await alone(m, r, r.deepestPrice ?? 0);
      expect(Number(one[margin]) / (m === "A" ? 100 : 1)).toBeGreaterThanOrEqual(0.2 - 1e-9);
    }
  },
);

test("a SKU the shop does not have cannot join, with the API's reason; a voucher is priced per SKU", async () => {
  const { ports, run } = memoryPorts(server);
  const skus = [...(await skusOf("B")).slice(0, 3), { itemId: 999999999, variantId: 1 }];
  const f = await run(
    campaignFigures(ports, { ...WHERE.B, skus, campaign: { kind: "discount", percent: 0.1 } }),
  );
  const last = f.rows[3];
  expect(last?.flag).toMatch(/^Cannot join: /);
  expect(f.rows.slice(0, 3).every((r) => !r.flag.startsWith("Cannot"))).toBe(true);

  const from = seen.length;
  const v = await run(
    campaignFigures(ports, {
      ...WHERE.B,
      skus: skus.slice(0, 3),
      campaign: { kind: "voucher", amount: 2 },
    }),
  );
  expect(v.count.singles).toBe(3);
  expect(perEndpoint(distinct(seen.slice(from)))).toMatchObject({ B5: 3 });
  for (const r of v.rows) {
    const what = await rawPost(server, key, `${P.B}/simulate`, {
      sellerId: 500001,
      region: "MY",
      itemId: r.itemId,
      skuId: r.variantId,
      specialPriceDiscount: 0,
      sellerVoucher: 2,
      hasVat: true,
    });
    expect(r.campaignProfit).toBeCloseTo(Number((what.metadata as Json).netProfit), 2);
  }
});

/** The API's own ranking of a shop's products (A11, B12) on the basis counting VAT. */
async function ranked(m: "A" | "B", pageSize: number, pages = 1): Promise<Json[]> {
  const path =
    m === "A"
      ? `${P.A}/products/100001/SG/sorted-by-profit`
      : `${P.B}/products/500001/MY/sorted-by-profit`;
  const vat = m === "A" ? { includeVat: true } : { hasVat: true };
  const out: Json[] = [];
  for (let page = 0; page < pages; page++) {
    const got = list((await rawPost(server, key, path, { ...vat, page, pageSize })).entries);
    out.push(...got);
    if (got.length < pageSize) break;
  }
  return out;
}

test.each(["A", "B"] as const)(
  "marketplace %s: the shop's top 30 products by profit are every SKU of A11/B12's first 30, in a list request or two",
  async (m) => {
    const top = (await ranked(m, 30)).map((e) => e.itemId);
    const { ports, run } = memoryPorts(server);
    const from = seen.length;
    const f = await run(
      campaignFigures(ports, {
        ...WHERE[m],
        skus: [],
        pick: { by: "profit", top: 30 },
        campaign: { kind: "discount", percent: 0.15 },
      }),
    );
    const asked = perEndpoint(distinct(seen.slice(from)));
    // One page of the ranking, the variants (A12 pages until the 30 are known; B8 once), then
    // the campaign's three previews.
    expect(asked[m === "A" ? "A11" : "B12"]).toBe(1);
    if (m === "B") expect(asked.B8).toBe(1);
    expect([...new Set(f.rows.map((r) => r.itemId))]).toEqual(top);
    expect(f.rows.every((r) => r.campaignMargin !== null)).toBe(true);
    expect(f.rows[0]?.name).not.toBe("");
  },
);

test("top products by units sold: ranked by the list's units; C has no ranked list and says so", async () => {
  const all = await ranked("A", 500, 20);
  const byUnits = [...all].sort((x, y) => Number(y.unitsSold) - Number(x.unitsSold));
  const { ports, run } = memoryPorts(server);
  const f = await run(
    campaignFigures(ports, {
      ...WHERE.A,
      skus: [],
      pick: { by: "units", top: 10 },
      campaign: { kind: "discount", percent: 0.1 },
    }),
  );
  const units = new Map(all.map((e) => [e.itemId, Number(e.unitsSold)]));
  const got = [...new Set(f.rows.map((r) => r.itemId))];
  expect(got).toHaveLength(10);
  // The same units as the list's top 10 (ties may order differently).
  expect(got.map((id) => units.get(id)).sort()).toEqual(
    byUnits
      .slice(0, 10)
      .map((e) => Number(e.unitsSold))
      .sort(),
  );
  await expect(
    run(
      campaignFigures(ports, {
        ...WHERE.C,
        skus: [],
        pick: { by: "profit", top: 10 },
        campaign: { kind: "discount", percent: 0.1 },
      }),
    ),
  ).rejects.toThrow(/marketplace C's API has no ranked product list/);
  await expect(
    run(
      campaignFigures(ports, {
        ...WHERE.A,
        skus: [],
        pick: { by: "profit", top: 5000 },
        campaign: { kind: "discount", percent: 0.1 },
      }),
    ),
  ).rejects.toThrow(/from 1 to 1,000/);
});
