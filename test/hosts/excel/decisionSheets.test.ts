/**
 * Issue 34 items 3 and 4 in Excel's workbook fake over real HTTP, through the task pane's bridge
 * (the jobs the pane drives): a campaign sheet for B 500001 MY and a new-listings sheet read
 * from the seller's input sheet, each a managed table with a bold frozen header and a stamp
 * naming what it answers, its currency and basis; built again, the seller's column stays on its
 * row and no row is added.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "./paneOverServer";
import { countedServer, type Counted } from "../../helpers/countedServer";
import { distinct, rawPost } from "../../helpers/pricingScenario";
import type { TestServer } from "../../helpers/server";

jest.setTimeout(180_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

type Json = Record<string, unknown>;

test("campaign sheet for B 500001 MY: stamped, bold frozen header, rebuilt in place", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  const all = await rawPost(
    server,
    key,
    "/api/mkt-b/financial-breakdown/partner/sku-breakdowns/all/500001/MY",
    {},
  );
  const skus = (all as unknown as Json[])
    .slice(0, 25)
    .map((e) => ({ itemId: e.itemId as number, variantId: e.skuId as number }));
  const ask = {
    marketplace: "B" as const,
    shopId: 500001,
    region: "MY",
    skus,
    campaign: { kind: "discount" as const, percent: 0.1 },
    targetMargin: 0.15,
    sheetName: "Campaign B",
  };
  const from = seen.length;
  const out = await bridge.campaignSheet(ask);
  expect(distinct(seen.slice(from)).length).toBe(out.requests);
  expect(out.requests).toBe(3);
  expect(out).toMatchObject({ rows: 25, currency: "MYR", cannotJoin: 0 });
  const sheet = excel.sheets.get("Campaign B");
  expect(sheet?.frozenRows).toBe(1);
  expect(sheet?.bold.has("0,0")).toBe(true);
  const stamp = sheet?.notes.join("\n") ?? "";
  expect(stamp).toContain("Campaign: 10 % off the list price · B 500001 MY · target margin 15 %");
  expect(stamp).toContain("prices in MYR");
  expect(stamp).toContain("Basis: ");
  const grid = excel.table("Campaign B");
  const head = (grid[0] ?? []).map(String);
  expect(head.slice(0, 2)).toEqual(["Item id", "SKU id"]);
  expect(grid.filter((r) => r[0] !== "" && r[0] != null)).toHaveLength(26);
  const margin = head.indexOf("Margin in campaign");
  expect(grid.slice(1, 26).every((r) => typeof r[margin] === "number")).toBe(true);

  // The seller's note beside row 3; built again: kept on its SKU, no row added.
  const mine = head.length + 1;
  sheet?.values.set(`3,${mine}`, "hero SKU");
  await bridge.campaignSheet(ask);
  const after = excel.table("Campaign B");
  expect(after[3]?.[mine]).toBe("hero SKU");
  expect(after[3]?.[1]).toBe(grid[3]?.[1]);
  expect(after.filter((r) => r[0] !== "" && r[0] != null)).toHaveLength(26);
});

test("new listings from the seller's input sheet: A, B and C side by side", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const ask = {
    inputSheet: "New listings",
    sheetName: "New listing figures",
    shops: { A: { shopId: 100001, region: "SG" }, B: { region: "MY" }, C: { shopId: 700001 } },
    targetMargin: 0.2,
  };
  await expect(bridge.newListingSheet(ask)).rejects.toThrow(/made "New listings"/);
  const input = excel.sheets.get("New listings");
  expect(excel.table("New listings")[0]?.[0]).toBe("Candidate");
  const row = ["Yoga mat", 14, 59, 100009, 200007, "Sports & Outdoor > Fitness > Yoga Mats"];
  row.forEach((v, c) => input?.values.set(`1,${c}`, v));
  const out = await bridge.newListingSheet(ask);
  expect(out).toMatchObject({
    sheetName: "New listings",
    rows: 1,
    requests: 3,
    withProblems: 0,
  });
  // Beside the candidate, in its row: the seller's inputs as typed, the figures to their right.
  const grid = excel.table("New listings");
  const head = (grid[0] ?? []).map(String);
  expect(grid[1]?.slice(0, 6)).toEqual(row);
  expect(head.indexOf("Profit on A")).toBe(6);
  for (const m of ["A", "B", "C"])
    expect(typeof grid[1]?.[head.indexOf(`Price for target on ${m}`)]).toBe("number");
  expect(excel.sheets.has("New listing figures")).toBe(false);
  const log = excel.table("Refresh log");
  expect(String(log[1]?.[2])).toContain("New listings on A 100001 SG (SGD), B MY (MYR), C 700001");
});
