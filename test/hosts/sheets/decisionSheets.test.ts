/**
 * Issue 34 items 3 and 4 in the built Sheets add-on (Code.js in a sandbox, real HTTP to the
 * reference server), through the sidebar's job server functions as the sidebar calls them, one
 * step a call: a campaign sheet for seller 500001 MY, and a new-listings sheet from typed
 * candidates; each a table with its stamp note, its Refresh log row, and no job left behind.
 */
import { addonSuite, loadAddon } from "./harness";
import { FakeProperties, FakeSpreadsheet, type FakeSheet } from "./fakes";
import { distinct, rawPost } from "../../helpers/pricingScenario";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import type { CampaignOutcome } from "../../../src/sidebar/jobs/campaignJob";
import type { NewListingOutcome } from "../../../src/sidebar/jobs/newListingJob";

jest.setTimeout(240_000);
const suite = addonSuite({ count: true });

type Json = Record<string, unknown>;

function addon() {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  const book = new FakeSpreadsheet();
  return { a: loadAddon(suite.dir, { http: suite.http, userProps, book }), book };
}

/** A job driven as the sidebar drives it: start, then one server call a step. */
function runJob(a: ReturnType<typeof addon>["a"], kind: string, input: unknown): JobView {
  let view = a.call("sidebarJobStart", kind, input) as JobView;
  for (let calls = 0; view.phase !== "done" && calls < 50; calls++) {
    if (view.phase === "confirm") view = a.call("sidebarJobConfirm", view.id) as JobView;
    view = a.call("sidebarJobStep", view.id, "sidebar-test") as JobView;
    if (view.phase === "failed") throw new Error(view.error);
  }
  return view;
}

test("campaign sheet for 500001 MY from the sidebar's job calls: table, stamp, log", async () => {
  const { a, book } = addon();
  const all = (await rawPost(
    suite.server,
    suite.server.keys.demo,
    "/api/mkt-b/financial-breakdown/partner/sku-breakdowns/all/500001/MY",
    {},
  )) as unknown as Json[];
  const skus = all.slice(0, 12).map((e) => ({ itemId: e.itemId, variantId: e.skuId }));
  const before = distinct(await suite.server.seen()).length;
  const view = runJob(a, "campaign", {
    marketplace: "B",
    shopId: 500001,
    region: "MY",
    skus,
    campaign: { kind: "voucher", amount: 2 },
    targetMargin: 0.2,
    sheetName: "Campaign",
  });
  const out = view.result as CampaignOutcome;
  // Two previews (list price, deepest discount) and a what-if a SKU for the voucher.
  expect(out.requests).toBe(2 + 12);
  expect(distinct(await suite.server.seen()).length - before).toBe(out.requests);
  const grid = (book.getSheetByName("Campaign") as FakeSheet).values();
  expect(grid[0]?.slice(0, 4)).toEqual(["Item id", "SKU id", "Name", "Flag"]);
  expect(grid.filter((r) => r[0] !== "" && r[0] != null)).toHaveLength(13);
  const note = (book.getSheetByName("Campaign") as FakeSheet).getRange(1, 1, 1, 1).getNote();
  expect(note).toMatch(
    /^Campaign: a voucher of 2 a unit · B 500001 MY · target margin 20 % · prices in MYR\nBasis: /,
  );
  const log = (book.getSheetByName("Refresh log") as FakeSheet).values();
  expect(String(log[1]?.[2])).toMatch(/^Campaign: a voucher .* → Campaign$/);
  expect(a.call("sidebarJobList")).toEqual([]);
});

test("new-listings sheet from typed candidates on B and C", () => {
  const { a, book } = addon();
  const view = runJob(a, "newListing", {
    sheetName: "New listing figures",
    shops: { B: { region: "MY" }, C: { shopId: 700001 } },
    candidates: [
      {
        name: "Yoga mat",
        cogs: 14,
        price: 59,
        categoryB: 200007,
        categoryC: "Sports & Outdoor > Fitness > Yoga Mats",
      },
    ],
  });
  expect(view.result as NewListingOutcome).toMatchObject({ rows: 1, requests: 2 });
  const grid = (book.getSheetByName("New listing figures") as FakeSheet).values();
  const head = (grid[0] ?? []).map(String);
  expect(typeof grid[1]?.[head.indexOf("Profit on B")]).toBe("number");
  expect(typeof grid[1]?.[head.indexOf("Price for target on C")]).toBe("number");
  expect(String(grid[1]?.[head.indexOf("Answer")])).toContain("A: no category given");
});
