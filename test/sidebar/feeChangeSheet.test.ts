/**
 * The fee-change sheet as the sidebar writes it (issue 34 item 2), host-neutral, over real HTTP
 * to the reference server with requests counted there (seller 500001 MY, the demo's B change of
 * 2025-08-29): a summary on top, then a managed table of every SKU, largest monthly loss first,
 * flags, stamp and Refresh log; a Refresh keeps the seller's column and a cell they changed and
 * asks the same requests again; a job stopped again and again (the connection lost every third
 * request) resumes from its checkpoint without asking anything twice and writes the same sheet;
 * a sheet of the seller's is refused before a request. The hosts' own tests drive the same job
 * through their sidebars.
 */
import { countedServer, type Counted } from "../helpers/countedServer";
import { memoryJobClient, memoryPorts, runMemoryJob } from "../helpers/memoryPorts";
import { rawPost } from "../helpers/pricingScenario";
import type { TestServer } from "../helpers/server";
import type { Cell } from "../../src/functions/cells";
import { rowId } from "../../src/imports/pricingSheet";
import { SUMMARY_ROWS } from "../../src/imports/feeChange/feeChangeTable";
import type { FeeChangeSheetAsk, FeeChangeSheetOutcome } from "../../src/sidebar/feeChangeSheet";
import type { SidebarPorts } from "../../src/sidebar/ports";
import { REFRESH_LOG_SHEET } from "../../src/sidebar/refreshLog";

jest.setTimeout(120_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  // No 503 for time on a busy machine: every count below is exact.
  ({ server, seen } = await countedServer({ requestBudgetMs: 30_000 }));
});
afterAll(() => server.close());

const ASK: FeeChangeSheetAsk = {
  marketplace: "B",
  shopId: 500001,
  region: "MY",
  date: "2025-08-29",
  targetMargin: 0.2,
  sheetName: "Fee change",
};
type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** The table under the summary: its header and rows by header. */
function table(grid: readonly (readonly Cell[])[]) {
  const header = (grid[SUMMARY_ROWS] ?? []).map(String);
  const rows = grid.slice(SUMMARY_ROWS + 1).filter((r) => r.some((c) => c !== "" && c != null));
  const col = (h: string): number => {
    const i = header.indexOf(h);
    if (i < 0) throw new Error(`no column ${h} in ${header.join(", ")}`);
    return i;
  };
  return { header, rows, col };
}

/** "Fee-change sheet" (or its Refresh) as every host runs it: a job, driven to its end. */
const feeChangeSheet = (ports: SidebarPorts, input: FeeChangeSheetAsk | { refresh: string }) =>
  runMemoryJob(ports, "feeChange", input) as Promise<FeeChangeSheetOutcome>;

test("B 500001 MY: summary, every SKU sorted by monthly loss, flags; Refresh keeps the seller's cells", async () => {
  const { ports, book } = memoryPorts(server);
  const from = seen.length;
  const built = await feeChangeSheet(ports, ASK);
  expect(built.requests).toEqual({ batches: 11, singles: 0 });
  expect(seen.length - from).toBe(11);

  const grid = book.sheets.get("Fee change") ?? [];
  // The summary: the date and shop, the totals, why B has no A19 to agree with, the counts.
  expect(String(grid[0]?.[0])).toBe("Fee change on 2025-08-29 · B 500001 MY");
  expect(grid[2]?.[0]).toBe("This sheet");
  const [today, later, change] = [1, 2, 3].map((c) => grid[2]?.[c]) as number[];
  expect(change).toBeCloseTo((later ?? 0) - (today ?? 0), 1);
  expect(change).toBeLessThan(0);
  expect(String(grid[3]?.[0])).toBe("Marketplace B has no impact summary like A19");
  expect(String(grid[4]?.[0])).toBe(
    "These totals are the sum of the rows below, checked against nothing else.",
  );
  expect(String(grid[5]?.[0])).toContain(`of ${built.rows} variants lose money on 2025-08-29`);

  // Every SKU of B8, once, largest monthly loss first; flags agree with the figures.
  const b8 = list(
    await rawPost(
      server,
      server.keyFor("demo"),
      "/api/mkt-b/financial-breakdown/partner/sku-breakdowns/all/500001/MY",
      {},
    ),
  );
  const t = table(grid);
  const ids = t.rows.map((r) => rowId(String(r[t.col("Product id")]), String(r[t.col("SKU id")])));
  expect([...ids].sort()).toEqual(b8.map((e) => rowId(String(e.itemId), String(e.skuId))).sort());
  const monthly = t.rows.map((r) => r[t.col("Change/month")]);
  expect(monthly.every((v) => typeof v === "number")).toBe(true);
  expect(monthly).toEqual([...(monthly as number[])].sort((a, b) => a - b));
  let flagged = 0;
  for (const r of t.rows) {
    const profit = r[t.col("Profit/unit at date")] as number;
    const margin = r[t.col("Margin at date")] as number;
    const flag = String(r[t.col("Flag")]);
    if (profit < 0) expect(flag).toMatch(/loss-making/i);
    else if (margin < 0.2) expect(flag).toMatch(/below target margin/i);
    else expect(flag).toBe("");
    if (flag) flagged++;
  }
  expect(flagged).toBe(built.belowTarget);
  expect(t.rows.every((r) => String(r[t.col("COGS")]) !== "")).toBe(true);
  // The log says what was asked.
  const log = book.sheets.get(REFRESH_LOG_SHEET) ?? [];
  expect(log).toHaveLength(2);
  expect(log[1]?.[2]).toBe("Fee change on 2025-08-29 · B 500001 MY → Fee change");
  expect(log[1]?.[3]).toBe(11);

  // The seller's column to the right and a figure they changed, then Refresh.
  const sheet = book.sheets.get("Fee change") ?? [];
  const mine = t.header.length + 1;
  (sheet[SUMMARY_ROWS] ??= [])[mine] = "Our decision";
  const noteRows = [SUMMARY_ROWS + 1, SUMMARY_ROWS + 5, SUMMARY_ROWS + 40];
  const idAt = (r: number): string => `${sheet[r]?.[0]}/${sheet[r]?.[1]}`;
  const decided = new Map(noteRows.map((r) => [idAt(r), `raise price ${r}`]));
  for (const r of noteRows) (sheet[r] ??= [])[mine] = `raise price ${r}`;
  const edited = SUMMARY_ROWS + 3;
  const nameAt = t.col("Name");
  (sheet[edited] ??= [])[nameAt] = "Our own name";
  const again = seen.length;
  const refreshed = await feeChangeSheet(ports, { refresh: "Fee change" });
  expect(seen.length - again).toBe(11);
  expect(refreshed.keptEdits).toBe(1);
  expect(refreshed.appended + refreshed.vanished).toBe(0);
  const after = book.sheets.get("Fee change") ?? [];
  expect(after[edited]?.[nameAt]).toBe("Our own name");
  expect(after[SUMMARY_ROWS]?.[mine]).toBe("Our decision");
  for (const r of noteRows) expect(after[r]?.[mine]).toBe(decided.get(idAt(r)));
  expect(table(after).rows).toHaveLength(t.rows.length);
  const log2 = book.sheets.get(REFRESH_LOG_SHEET) ?? [];
  expect(log2).toHaveLength(3);
  // Named in the log's own column, at its address in the sheet (the attack run found it under
  // Errors, unnamed).
  expect(log2[2]?.[5]).toBe("");
  const address = `${String.fromCharCode(65 + nameAt)}${edited + 1}`;
  expect(String(log2[2]?.[6])).toMatch(
    new RegExp(`^1 cell kept as typed: ${address} \\(Name of [^:]+: yours Our own name,`),
  );
});

test("a job stopped again and again resumes from its checkpoint: no request twice, the same sheet", async () => {
  const whole = memoryPorts(server);
  const oneGo = await feeChangeSheet(whole.ports, ASK);

  const cut = memoryPorts(server);
  let clock = Date.now();
  let calls = 0;
  const real = cut.ports.api.run;
  const ports: SidebarPorts = {
    ...cut.ports,
    now: () => clock,
    api: {
      ...cut.ports.api,
      // The connection goes away on every third request: the step stops, the job waits.
      run: (program, how) =>
        ++calls % 3 === 0
          ? Promise.reject(new Error("Could not reach the API: connection lost"))
          : real(program, how),
    },
  };
  const client = memoryJobClient(ports);
  const from = seen.length;
  let view = await client.start("feeChange", ASK);
  let stops = 0;
  for (let steps = 0; view.phase !== "done" && steps < 40; steps++) {
    view = await client.step(view.id);
    if (view.stopped) stops++;
    clock += 10 * 60_000;
  }
  expect(view.phase).toBe("done");
  expect(stops).toBeGreaterThanOrEqual(3);
  expect(seen.length - from).toBe(11);
  expect((view.result as FeeChangeSheetOutcome).requests).toEqual(oneGo.requests);
  expect(cut.book.sheets.get("Fee change")).toEqual(whole.book.sheets.get("Fee change"));
});

test("a sheet holding the seller's data is refused before any request", async () => {
  const { ports, book } = memoryPorts(server);
  book.sheets.set("Costs", [["SKU", "Cost"]]);
  const owned = {
    ...ports,
    stage: {
      ...ports.stage,
      dataIn: (name: string) =>
        book.sheets.has(name) ? { address: `${name}!A1:B1`, imported: false } : null,
    },
  };
  const from = seen.length;
  await expect(feeChangeSheet(owned, { ...ASK, sheetName: "Costs" })).rejects.toThrow(
    "Costs!A1:B1 already holds data that is not a fee-change sheet: name a new sheet",
  );
  await expect(
    feeChangeSheet(owned, { ...ASK, date: "29/08/2025", sheetName: "New" }),
  ).rejects.toThrow("Date: write it as YYYY-MM-DD");
  await expect(feeChangeSheet(owned, { refresh: "Costs" })).rejects.toThrow(
    'Costs is not a fee-change sheet: make one with "Fee-change sheet"',
  );
  expect(seen.length).toBe(from);
  expect(book.sheets.get("Costs")).toEqual([["SKU", "Cost"]]);
});

test("a date that is no calendar day, or not after the API's today, makes no sheet and says why", async () => {
  const { ports } = memoryPorts(server);
  const from = seen.length;
  for (const date of ["2026-13-01", "2026-02-30"])
    await expect(feeChangeSheet(ports, { ...ASK, date, sheetName: date })).rejects.toThrow(
      `(${date} is no calendar day)`,
    );
  expect(seen.length).toBe(from);
  // The attack run saw a sheet "at the fees of 2020-01-01" with a green line: the API answers
  // a past date, but a change from today to the past is no forecast.
  await expect(
    feeChangeSheet(ports, { ...ASK, date: "2020-01-01", sheetName: "Past" }),
  ).rejects.toThrow(/Date: 2020-01-01 is not after the API's today \(\d{4}-\d{2}-\d{2}\)/);
  expect(ports.stage.dataIn("Past")).toBeNull();
});

test("A without a date: A20 is the job's own request (its quota share, counted)", async () => {
  const mem = memoryPorts(server);
  const client = memoryJobClient(mem.ports);
  const ask = { marketplace: "A" as const, shopId: 100001, region: "SG", sheetName: "Fee A" };
  const from = seen.length;
  const started = await client.start("feeChange", ask);
  // Nothing asked before it starts; its cost is asked once the shop's lists are walked, naming
  // what they took (test/sidebar/jobProgress.test.ts).
  expect(started.left.planned).toBe(false);
  expect(seen.length).toBe(from);
  // Its first step asks A20 as the job: counted in what it spent (a whole A sheet of the demo
  // shop takes minutes at 60 a minute, so the job is cancelled after it).
  const view = await client.step(
    started.phase === "confirm" ? (await client.confirm(started.id)).id : started.id,
  );
  const mine = seen.slice(from);
  expect(mine[0]?.endpoint).toBe("A20");
  expect(view.spent).toBe(mine.length);
  await client.cancel(view.id);
});
