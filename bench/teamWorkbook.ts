/**
 * `npm run bench:team [-- --place excel,sheets-open,sheets-bound,sheets-addon,web]`: issue 32's
 * bench rows. Against the reference server with `--catalogue large` (real HTTP, a real key, the
 * API's 60 requests a minute), each place builds the team's 10,000-SKU workbook through its
 * host's own bridge, as the sidebar does: each shop's full list imported (A 100003 SG and
 * A 100004 MY all products, B 500002 PH all SKUs, C 700002 MY every product id), a pricing sheet
 * per shop, one snapshot; then plants seller cells beside rows, edits 20 targets on the pricing
 * sheets and refreshes them. One row per place: requests counted at the server by endpoint, the
 * jobs' plans (what each said before starting), minutes, the bound 1.1 × ceil(requests/60) + 2,
 * duplicate rows and seller cells changed (teamCount.ts). A row's minutes are its jobs' own
 * (simulated in the Sheets places, wall elsewhere); the bench typing between jobs is left out.
 */
import * as os from "node:os";
import { generateDemoData } from "../src/server/data/generate";
import type { DemoAccount } from "../src/server/data/model";
import type { ImportDefinition } from "../src/imports/definitions";
import type { JobView } from "../src/sidebar/jobs/jobRecord";
import type { PricingSheetAsk } from "../src/sidebar/pricingSheet";
import type { HostBridge, JobRunOptions } from "../src/ui/bridge";
import { startBenchServer, type BenchServer } from "./benchServer";
import {
  duplicateRows,
  minutesBound,
  plannedRequests,
  requestsBound,
  sellerCells,
  sellerCellsChanged,
  tableRows,
  type Planted,
} from "./teamCount";

type Grid = unknown[][];

/** Requests counted at the server the place talks to. */
export interface Counter {
  requests(): Promise<number>;
  byEndpoint(): Promise<{ readonly endpoints: Record<string, number>; readonly refused: number }>;
  reset(): Promise<void>;
}

/** A host's workbook as the bench drives it: its bridge and its cells. */
export interface Place {
  readonly name: string;
  readonly how: string;
  readonly bridge: Pick<HostBridge, "runImport" | "newPricingSheet" | "refreshPricingSheet"> & {
    readonly team: Pick<HostBridge["team"], "keepSnapshot">;
  };
  table(sheet: string): Promise<Grid>;
  /** The seller types `value` at a 0-based cell. */
  type(sheet: string, row: number, col: number, value: unknown): Promise<void>;
  /** Minutes since the place was opened (simulated where the host's clock is). */
  minutes(): number;
  /** Its own server's count (the Sheets simulator's, on its clock); default the bench's. */
  readonly counter?: Counter;
  close(): Promise<void>;
}

export interface TeamRow {
  readonly place: string;
  readonly how: string;
  readonly requests: number;
  readonly endpoints: Record<string, number>;
  readonly refused: number;
  readonly planned: number;
  readonly minutes: number;
  readonly duplicates: number;
  readonly sellerChanged: number;
  readonly rows: number;
  readonly jobs: string[];
}

/** The team's shops in the large catalogue, with C's product ids (the API lists none). */
export function teamShops() {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30", catalogue: "large" });
  const demo = data.accounts.find((a) => a.id === "demo") as DemoAccount;
  const c = demo.shopsC.find((s) => s.shopId === 700002);
  if (!c) throw new Error("the large catalogue has no C 700002");
  return { cIds: c.products.map((p) => String(p.productId)) };
}

const IMPORTS = (cIds: readonly string[]): ImportDefinition[] => [
  {
    id: "a-sg",
    kind: "allProducts",
    marketplace: "A",
    shopId: "100003",
    region: "SG",
    sheetName: "A SG products",
  },
  {
    id: "a-my",
    kind: "allProducts",
    marketplace: "A",
    shopId: "100004",
    region: "MY",
    sheetName: "A MY products",
  },
  {
    id: "b-ph",
    kind: "allSkus",
    marketplace: "B",
    shopId: "500002",
    region: "PH",
    sheetName: "B PH SKUs",
  },
  {
    id: "c-my",
    kind: "productList",
    marketplace: "C",
    shopId: "700002",
    region: "MY",
    productIds: cIds,
    sheetName: "C MY products",
  },
];

const PRICING = (cIds: readonly string[]): PricingSheetAsk[] => [
  { marketplace: "A", shopId: 100003, region: "SG", sheetName: "Pricing A SG", products: 5000 },
  { marketplace: "A", shopId: 100004, region: "MY", sheetName: "Pricing A MY", products: 5000 },
  { marketplace: "B", shopId: 500002, region: "PH", sheetName: "Pricing B PH", products: 5000 },
  { marketplace: "C", shopId: 700002, region: "MY", sheetName: "Pricing C MY", productIds: cIds },
];

const VERBOSE = process.argv.includes("--verbose");
/**
 * `--budget-ms N`: the server's time for one request before it answers 503 (its own is 500 ms).
 * A 500-element B15 takes about 480 ms on an idle machine: on a loaded one every try of the same
 * batch is past 500 ms, and the rows then measure the machine (bench/results.md says so).
 */
const budgetAt = process.argv.indexOf("--budget-ms");
export const BUDGET_MS = budgetAt >= 0 ? Number(process.argv[budgetAt + 1]) : null;
/**
 * `--refuse-over N` (Sheets places): the server answers 503 to every request whose list has
 * more than N rows, whatever the load: the driver's and the jobs' answer to a 503 counted
 * exactly.
 */
const refuseAt = process.argv.indexOf("--refuse-over");
const REFUSE_OVER = refuseAt >= 0 ? Number(process.argv[refuseAt + 1]) : null;

/** Targets edited per pricing sheet (20 in all) and seller cells planted per sheet. */
const EDITS_PER_SHEET = 5;
const PLANTED_PER_SHEET = 6;

/** Build and refresh the team's workbook in `place`; its row. */
export async function teamWorkbook(
  place: Place,
  server: Counter,
  cIds: readonly string[],
): Promise<TeamRow> {
  await server.reset();
  const start = place.minutes();
  const plans: number[] = [];
  const jobs: string[] = [];
  /** Minutes the jobs ran (the seller's typing between them is not the add-in's time). */
  let jobMinutes = 0;
  /** A job's options: yes to its cost, its plan kept from the views it shows. */
  const job = async (what: string) => {
    const from = await server.requests();
    const began = place.minutes();
    const views: JobView[] = [];
    const options: JobRunOptions = {
      confirm: async () => true,
      onProgress: (v) => {
        const last = views[views.length - 1];
        views.push(v);
        if (VERBOSE || v.stopped !== last?.stopped || v.phase !== last?.phase)
          console.log(
            `    ${(place.minutes() - start).toFixed(1)} min ${v.phase} step ${v.steps} spent ${v.spent} left ${v.left.requests}${v.left.planned ? "" : "?"} ${v.doing}${v.stopped ? ` (stopped: ${v.stopped}, wait ${v.waitMs} ms)` : ""}`,
          );
      },
    };
    const done = async () => {
      const requests = (await server.requests()) - from;
      jobMinutes += place.minutes() - began;
      const planned = plannedRequests(views) ?? requests;
      plans.push(planned);
      jobs.push(`${what} ${requests}/${planned}`);
      console.log(
        `  ${place.name}: ${what}: ${requests} requests, planned ${planned}, ${(place.minutes() - start).toFixed(1)} min`,
      );
    };
    return { options, done };
  };
  for (const def of IMPORTS(cIds)) {
    const j = await job(`import ${def.sheetName}`);
    await place.bridge.runImport(def, j.options);
    await j.done();
  }
  const sheets = PRICING(cIds);
  for (const ask of sheets) {
    const j = await job(ask.sheetName);
    await place.bridge.newPricingSheet(ask, j.options);
    await j.done();
  }
  await place.bridge.team.keepSnapshot("A SG products");
  jobs.push("snapshot");
  // Seller cells beside rows of every table, then 20 targets edited on the pricing sheets.
  const planted: Planted[] = [];
  for (const name of [
    ...IMPORTS(cIds).map((d) => d.sheetName),
    ...sheets.map((s) => s.sheetName),
  ]) {
    for (const { row, planted: p } of sellerCells(
      name,
      await place.table(name),
      PLANTED_PER_SHEET,
    )) {
      await place.type(name, row, p.col, p.value);
      planted.push(p);
    }
  }
  for (const ask of sheets) {
    const grid = await place.table(ask.sheetName);
    const target = (grid[0] ?? []).indexOf("Target margin");
    if (target < 0) throw new Error(`${ask.sheetName} has no Target margin column`);
    const n = tableRows(grid).length;
    for (let e = 0; e < EDITS_PER_SHEET; e++)
      await place.type(
        ask.sheetName,
        1 + Math.floor(((e + 0.5) * n) / EDITS_PER_SHEET),
        target,
        0.25 + e / 100,
      );
  }
  for (const ask of sheets) {
    const j = await job(`refresh ${ask.sheetName}`);
    await place.bridge.refreshPricingSheet(ask.sheetName, j.options);
    await j.done();
  }
  const minutes = jobMinutes;
  console.log(
    `  ${place.name}: jobs ${jobMinutes.toFixed(1)} min of ${(place.minutes() - start).toFixed(1)} (the rest: the seller typing)`,
  );
  let duplicates = 0;
  let sellerChanged = 0;
  let rows = 0;
  for (const name of [
    ...IMPORTS(cIds).map((d) => d.sheetName),
    ...sheets.map((s) => s.sheetName),
  ]) {
    const grid = await place.table(name);
    duplicates += duplicateRows(grid);
    rows += tableRows(grid).length;
    sellerChanged += sellerCellsChanged(
      grid,
      planted.filter((p) => p.sheet === name),
    );
  }
  const { endpoints, refused } = await server.byEndpoint();
  return {
    place: place.name,
    how: place.how,
    requests: Object.values(endpoints).reduce((a, b) => a + b, 0),
    endpoints,
    refused,
    planned: plans.reduce((a, b) => a + b, 0),
    minutes,
    duplicates,
    sellerChanged,
    rows,
    jobs,
  };
}

/** The Markdown row. */
export function rowText(r: TeamRow): string {
  const by = Object.entries(r.endpoints)
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([e, n]) => `${e} ${n}`)
    .join(", ");
  const ok = (b: boolean) => (b ? "yes" : "**no**");
  const reqOk = r.requests <= requestsBound(r.planned);
  const minOk = r.minutes <= minutesBound(r.requests);
  return `| ${r.place} | ${r.requests.toLocaleString("en-US")} (${by}${r.refused ? `; ${r.refused} × 429` : ""}) | ${r.planned} (≤ ${requestsBound(r.planned).toFixed(0)}: ${ok(reqOk)}) | ${r.minutes.toFixed(1)} | ${minutesBound(r.requests).toFixed(1)} (${ok(minOk)}) | ${r.duplicates} | ${r.sellerChanged} | ${r.rows.toLocaleString("en-US")} | ${r.how} |`;
}

const PLACES = ["excel", "sheets-open", "sheets-bound", "sheets-addon", "web"] as const;
type PlaceName = (typeof PLACES)[number];

async function openPlace(name: PlaceName, server: () => Promise<BenchServer>): Promise<Place> {
  switch (name) {
    case "excel":
      return (await import("./teamExcel")).excelPlace(await server());
    case "sheets-open":
      return (await import("./teamSheets")).sheetsPlace("open", BUDGET_MS, REFUSE_OVER);
    case "sheets-bound":
      return (await import("./teamSheets")).sheetsPlace("bound", BUDGET_MS, REFUSE_OVER);
    case "sheets-addon":
      return (await import("./teamSheets")).sheetsPlace("addon", BUDGET_MS, REFUSE_OVER);
    case "web":
      return (await import("./teamWeb")).webPlace(await server());
    default:
      throw new Error(`no place ${String(name)}`);
  }
}

async function main(): Promise<void> {
  const at = process.argv.indexOf("--place");
  const chosen = (at >= 0 ? (process.argv[at + 1] ?? "") : PLACES.join(",")).split(
    ",",
  ) as PlaceName[];
  for (const p of chosen)
    if (!PLACES.includes(p)) throw new Error(`--place: one of ${PLACES.join(", ")}`);
  const { cIds } = teamShops();
  // The bench's own server (the Sheets simulator has its own, on its clock): started once asked.
  const bench: { started?: Promise<BenchServer> } = {};
  const server = () => (bench.started ??= startBenchServer(1, "large", 60, BUDGET_MS));
  const out: string[] = [];
  try {
    for (const name of chosen) {
      const load = os.loadavg()[0] ?? 0;
      const place = await openPlace(name, server);
      try {
        const row = await teamWorkbook(place, place.counter ?? (await server()), cIds);
        console.log(JSON.stringify(row));
        out.push(
          `${rowText(row)} <!-- load ${load.toFixed(1)}-${(os.loadavg()[0] ?? 0).toFixed(1)} -->`,
        );
        console.log(out[out.length - 1]);
      } finally {
        await place.close();
      }
    }
  } finally {
    if (bench.started) await (await bench.started).stop();
  }
  console.log(
    `\nMeasured ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} cores`,
  );
  console.log(
    "| Place | Requests (at the server, by endpoint) | Plans' minimum | Minutes | 1.1 × ceil(requests/60) + 2 | Duplicate rows | Seller cells changed | Table rows | How |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of out) console.log(r);
}

if (require.main === module)
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
