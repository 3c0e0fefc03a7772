/**
 * The campaign planner and the new-listing comparison as jobs (issue 34 items 3 and 4), over
 * real HTTP to the reference server on memory ports, driven as every host drives a job: each
 * sheet is the figures of the host-neutral computation (tested against the single endpoints in
 * campaign.test.ts and newListing.test.ts), written as a managed table with its stamp and
 * record; a stop mid-job (the connection lost on a request) resumes from the checkpoint with no
 * request asked twice and no row written twice; a second build merges by id and keeps the
 * seller's cell; bad input names its argument before a job exists.
 */
import { countedServer, type Counted } from "../helpers/countedServer";
import { memoryJobClient, memoryPorts, runMemoryJob } from "../helpers/memoryPorts";
import { rawPost } from "../helpers/pricingScenario";
import type { TestServer } from "../helpers/server";
import type { CampaignSku } from "../../src/imports/campaign/campaignAsk";
import { campaignFigures } from "../../src/sidebar/campaign";
import type { CampaignOutcome } from "../../src/sidebar/jobs/campaignJob";
import type { NewListingOutcome } from "../../src/sidebar/jobs/newListingJob";
import type { SidebarPorts } from "../../src/sidebar/ports";

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
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

const clientOf = memoryJobClient;
const drive = runMemoryJob;

/** 30 SKUs of A 100001 SG, from the API's own list. */
async function skusA(): Promise<CampaignSku[]> {
  const page = await rawPost(
    server,
    key,
    "/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit-adjusted-roas",
    { pageSize: 20 },
  );
  return list(page.entries)
    .flatMap((e) =>
      list(e.modelDetails).map((d) => ({
        itemId: e.itemId as number,
        variantId: d.modelId as number | null,
      })),
    )
    .slice(0, 30);
}

const CAMPAIGN = {
  marketplace: "A" as const,
  shopId: 100001,
  region: "SG",
  campaign: { kind: "discount" as const, percent: 0.15 },
  targetMargin: 0.2,
};

test("campaign sheet: a job writes the campaign's figures per SKU as a managed table", async () => {
  const skus = [...(await skusA()), { itemId: 999999999, variantId: 1 }];
  const { ports, book, run } = memoryPorts(server);
  const expected = await run(campaignFigures(ports, { ...CAMPAIGN, skus }));
  const from = seen.length;
  const out = (await drive(ports, "campaign", {
    ...CAMPAIGN,
    skus,
    sheetName: "Campaign",
  })) as CampaignOutcome;
  expect(seen.length - from).toBe(expected.count.batches);
  expect(out).toMatchObject({ sheetName: "Campaign", rows: skus.length, currency: "SGD" });
  expect(out.cannotJoin).toBe(1);
  const grid = book.sheets.get("Campaign") ?? [];
  expect(grid[0]?.slice(0, 4)).toEqual(["Item id", "Model id", "Name", "Flag"]);
  expect(grid).toHaveLength(skus.length + 1);
  const margins = grid[0]?.indexOf("Margin in campaign") ?? -1;
  const deepest = grid[0]?.indexOf("Deepest discount keeping target") ?? -1;
  expected.rows.forEach((r, i) => {
    const row = grid[i + 1] ?? [];
    // A's ids are written as numbers (no number-stored-as-text in the grid).
    expect(row[0]).toBe(r.itemId);
    expect(row[margins]).toBe(r.campaignMargin ?? "");
    expect(row[deepest]).toBe(r.deepestDiscount ?? "");
  });
  // The unknown SKU cannot join, with the API's reason.
  expect(String(grid[skus.length]?.[3])).toMatch(/^Cannot join: .+/);
  const record = JSON.parse(book.records.get("Campaign") ?? "{}") as Json;
  expect(record.key).toEqual(["Item id", "Model id"]);
  expect(String((record.basis as Json).text)).not.toBe("");
  // The Refresh log names the campaign, the shop and the currency.
  expect(JSON.stringify(book.sheets.get("Refresh log"))).toMatch(
    /Campaign: 15 % off the list price · A 100001 SG · target margin 20 % · prices in SGD/,
  );
});

test("campaign sheet: a stop mid-job resumes from its checkpoint, no request or row twice", async () => {
  const skus = await skusA();
  const { ports, book } = memoryPorts(server);
  let clock = Date.now();
  let calls = 0;
  const real = ports.api.run;
  const cut: SidebarPorts = {
    ...ports,
    now: () => clock,
    api: {
      ...ports.api,
      // The connection goes away on the job's second request, once.
      run: (program, how) =>
        ++calls === 2
          ? Promise.reject(new Error("Could not reach the API: connection lost"))
          : real(program, how),
    },
  };
  const client = clientOf(cut);
  const from = seen.length;
  const started = await client.start("campaign", { ...CAMPAIGN, skus, sheetName: "C2" });
  const first = await client.step(started.id);
  expect(first.phase).not.toBe("done");
  expect(first.stopped).toMatch(/connection/);
  expect(book.sheets.get("C2")).toBeUndefined();
  clock += 10 * 60_000;
  let view = first;
  while (view.phase !== "done") view = await client.step(started.id);
  // Three previews, each asked once: the first kept by the checkpoint through the stop.
  expect(seen.length - from).toBe(3);
  expect((view.result as CampaignOutcome).requests).toBe(3);
  expect(book.sheets.get("C2")).toHaveLength(skus.length + 1);
  // Built again into the same sheet: merged by id, the seller's note kept, no row doubled.
  const grid = book.sheets.get("C2") ?? [];
  const noteAt = grid[0]?.length ?? 0;
  (grid[0] as unknown[])[noteAt] = "Our note";
  (grid[2] as unknown[])[noteAt] = "push this one";
  const marginAt = (grid[0] ?? []).indexOf("Margin in campaign");
  expect(marginAt).toBeGreaterThan(0);
  (grid[3] as unknown[])[marginAt] = 0.99;
  await drive(ports, "campaign", { ...CAMPAIGN, skus, sheetName: "C2" });
  const again = book.sheets.get("C2") ?? [];
  expect(again).toHaveLength(skus.length + 1);
  expect(again[2]?.[noteAt]).toBe("push this one");
  expect(again[3]?.[marginAt]).toBe(0.99);
  // The typed figure is named in the log's "Kept by hand" column, not under Errors.
  const log = book.sheets.get("Refresh log") ?? [];
  const last = log[log.length - 1] ?? [];
  expect(last[5]).toBe("");
  expect(String(last[6])).toMatch(
    new RegExp(
      `^1 cell kept as typed: ${String.fromCharCode(65 + marginAt)}4 \\(Margin in campaign of `,
    ),
  );
});

test("campaign and new-listing jobs name the bad argument before a job exists", async () => {
  const { ports } = memoryPorts(server);
  const client = clientOf(ports);
  const skus = [{ itemId: 1, variantId: 2 }];
  const bad: [string, unknown, RegExp][] = [
    ["campaign", { ...CAMPAIGN, skus, sheetName: "" }, /^Sheet: /],
    [
      "campaign",
      { ...CAMPAIGN, skus: [...skus, ...skus], sheetName: "X" },
      /^SKUs: 1 \/ 2 is listed twice \(SKUs 1 and 2\); list each SKU once$/,
    ],
    ["campaign", { ...CAMPAIGN, marketplace: "D", skus, sheetName: "X" }, /^Marketplace: /],
    ["campaign", { ...CAMPAIGN, region: "sg", skus, sheetName: "X" }, /^Region: /],
    [
      "campaign",
      { ...CAMPAIGN, campaign: { kind: "discount", percent: 1.5 }, skus, sheetName: "X" },
      /^Discount: /,
    ],
    ["campaign", { ...CAMPAIGN, skus: [{ itemId: "abc" }], sheetName: "X" }, /^SKUs: line 1/],
    ["campaign", { ...CAMPAIGN, skus, targetMargin: 3, sheetName: "X" }, /^Target margin: /],
    [
      "newListing",
      { shops: { B: { region: "MY" } }, candidates: [{ name: "a", cogs: -1, price: 5 }] },
      /^Sheet: /,
    ],
    [
      "newListing",
      {
        sheetName: "N",
        shops: { B: { region: "MY" } },
        candidates: [{ name: "a", cogs: 1, price: 0 }],
      },
      /Planned price/,
    ],
    [
      "newListing",
      {
        sheetName: "N",
        shops: { B: { region: "MY" } },
        candidates: [
          { name: "a", cogs: 1, price: 5 },
          { name: "A", cogs: 1, price: 6 },
        ],
      },
      /^Candidate 2: "A" is also candidate 1/,
    ],
  ];
  for (const [kind, input, message] of bad)
    await expect(client.start(kind, input)).rejects.toThrow(message);
  expect(await client.list()).toEqual([]);
});

test("new listings: the seller's input sheet is read, figures on A, B and C side by side", async () => {
  const { ports, book } = memoryPorts(server);
  const ask = {
    inputSheet: "New listings",
    sheetName: "New listing figures",
    shops: { A: { shopId: 100001, region: "SG" }, B: { region: "MY" }, C: { shopId: 700001 } },
    targetMargin: 0.25,
  };
  // No input sheet yet: it is made with its headers, and the seller is told to fill it.
  await expect(drive(ports, "newListing", ask)).rejects.toThrow(/made "New listings"/);
  const input = book.sheets.get("New listings") ?? [];
  const INPUT = ["Candidate", "COGS", "Planned price", "Category A", "Category B", "Category C"];
  expect(input[0]).toEqual(INPUT);
  input.push(
    ["Bamboo cutting board", 6, 24.9, 100003, 200003, "Home Supplies > Kitchen > Cookware"],
    [],
    ["Phone case", "2.2", 15, "100001", "", "Phones & Electronics > Accessories > Phone Cases"],
  );
  // The seller's own column beside the inputs.
  (input[0] as unknown[]).push("Supplier");
  (input[1] as unknown[]).push("Acme");
  const out = (await drive(ports, "newListing", ask)) as NewListingOutcome;
  expect(out).toMatchObject({ sheetName: "New listings", rows: 2, requests: 5 });
  // The figures sit beside the candidates, in the same rows, after the seller's columns.
  expect(book.sheets.has("New listing figures")).toBe(false);
  const grid = book.sheets.get("New listings") ?? [];
  const head = grid[0] ?? [];
  expect(head.slice(0, 7)).toEqual([...INPUT, "Supplier"]);
  expect(head.slice(7, 16)).toEqual(
    ["A", "B", "C"].flatMap((m) => [
      `Profit on ${m}`,
      `Margin on ${m}`,
      `Price for target on ${m}`,
    ]),
  );
  const [board, gap, phone] = [grid[1] ?? [], grid[2] ?? [], grid[3] ?? []];
  expect(board.slice(0, 7)).toEqual([
    "Bamboo cutting board",
    6,
    24.9,
    100003,
    200003,
    "Home Supplies > Kitchen > Cookware",
    "Acme",
  ]);
  for (const c of [7, 8, 9, 10, 11, 12, 13, 14, 15]) expect(typeof board[c]).toBe("number");
  expect(gap.every((c) => c === "" || c === undefined || c === null)).toBe(true);
  expect(phone[1]).toBe("2.2");
  expect(phone[10]).toBe("");
  expect(String(phone[head.indexOf("Answer")])).toMatch(/B: no category given/);

  // The seller sorts the rows (phone case first) and types over a figure: built again, each
  // candidate's figures follow its name, the typed cell is kept and counted.
  const boardFigures = board.slice(7);
  grid[1] = phone;
  grid[3] = board;
  board[8] = "my guess";
  const again = (await drive(ports, "newListing", ask)) as NewListingOutcome;
  expect(again).toMatchObject({ rows: 2, keptEdits: 1 });
  const after = book.sheets.get("New listings") ?? [];
  expect(after[3]?.[0]).toBe("Bamboo cutting board");
  expect(after[3]?.[8]).toBe("my guess");
  expect(after[3]?.[7]).toBe(boardFigures[0]);
  expect(after[3]?.[9]).toBe(boardFigures[2]);
  expect(after[3]?.[6]).toBe("Acme");
  expect(String(after[1]?.[head.indexOf("Answer")])).toMatch(/B: no category given/);
  expect(after).toHaveLength(4);
});
