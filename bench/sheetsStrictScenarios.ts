/**
 * The strict simulator's larger scenarios (issue 21), sidebar closed: 1,002 mixed cells, two
 * fill-downs in two tabs at once, and the menu's "Refresh all sheets". Each reports what a
 * fill-down row reports (fillDownRun.ts), measured over every formula cell of the book.
 */
import { generateDemoData } from "../src/server/data/generate";
import type { FillDownOutcome } from "../test/hosts/sheets/sim/fillDownRun";
import { parseBox } from "../test/hosts/sheets/sim/a1";
import { TOO_MANY_CELLS, TOO_MANY_SCRIPTS } from "../test/hosts/sheets/sim/strict";
import { OWNER, type SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";

function demoShop() {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" });
  const shop = data.accounts.find((a) => a.id === "demo")?.shopsA[0];
  if (!shop) throw new Error("the demo data has no marketplace A shop");
  return shop;
}

/** What each cell of a block shows (errors as "#CODE message"). */
function shownIn(sim: SheetsSim, block: string): unknown[] {
  const box = parseBox(block, sim.doc.book.sheets[0]?.name ?? "Sheet1");
  return sim.doc.book.grid(box, (row, col) => sim.doc.book.shown(box.sheet, row, col)).flat();
}

/** Wait until every listed block shows numbers only; the outcome since `start`. */
async function settle(
  sim: SheetsSim,
  blocks: readonly string[],
  start: number,
  requestsBefore: number,
  maxMs: number,
  answer: (shown: unknown) => boolean = (v) => typeof v === "number",
): Promise<FillDownOutcome> {
  const cells = (): unknown[] => blocks.flatMap((b) => shownIn(sim, b));
  const count = cells().length;
  const numbers = (): number => cells().filter(answer).length;
  await sim.run({ until: () => numbers() === count && sim.coordinator.busy() === 0, maxMs });
  const requests = sim.requests().slice(requestsBefore);
  const texts = new Set<string>();
  let lastNumberAt = start;
  let lastChangeAt = start;
  for (const [, history] of sim.histories())
    for (const h of history) {
      if (h.at < start) continue;
      lastChangeAt = Math.max(lastChangeAt, h.at);
      if (answer(h.shown)) lastNumberAt = Math.max(lastNumberAt, h.at);
      else if (h.shown !== "Loading...") texts.add(String(h.shown));
    }
  const answered = numbers();
  return {
    cells: count,
    answered,
    requests: requests.length,
    refused: requests.filter((r) => r.status === 429).length,
    maxPerMinute: sim.maxInWindow(60_000),
    minutes: ((answered === count ? lastNumberAt : sim.now()) - start) / 60_000,
    settledMinutes: (lastChangeAt - start) / 60_000,
    texts: [...texts],
    longestCellMs: Math.max(
      0,
      ...sim.coordinator.executions
        .filter((e) => e.kind === "custom" && e.start >= start)
        .map((e) => e.end - e.start),
    ),
  };
}

/**
 * 334 products, three formulas each (1,002 cells): MKTA_BREAKDOWN item level (C), REQUIRED_PRICE
 * for the product's category (D), PROFIT_ROAS (E) of a product with ad spend (F: the shop's
 * advertised products in turn), so that every ROAS cell has a number to show.
 */
export async function mixedCells(sim: SheetsSim, rows: number, maxMs: number) {
  const shop = demoShop();
  const advertised = new Set(shop.adSpend.map((d) => String(d.product)));
  const withAds = shop.products.filter((p) => advertised.has(String(p.itemId)));
  const products = shop.products.slice(0, rows);
  if (products.length < rows || withAds.length === 0) throw new Error("too few demo products");
  const last = rows + 1;
  sim.edit(
    OWNER,
    `A2:F${last}`,
    products.map((p, i) => [
      p.itemId,
      p.categoryId,
      "",
      "",
      "",
      withAds[i % withAds.length]?.itemId,
    ]),
  );
  const before = sim.requests().length;
  const start = sim.now();
  const s = `${shop.shopId}, "${shop.region}"`;
  sim.fillDown(OWNER, `C2:C${last}`, `=MKTA_BREAKDOWN(${s}, A2, , "netProfit")`);
  sim.fillDown(
    OWNER,
    `D2:D${last}`,
    `=REQUIRED_PRICE("A", ${s}, B2, A2, 0.25, "requiredListingPrice")`,
  );
  sim.fillDown(OWNER, `E2:E${last}`, `=PROFIT_ROAS("A", ${s}, F2, "CLEANED", "roas")`);
  return settle(sim, [`C2:E${last}`], start, before, maxMs);
}

/** Two tabs, a 300-cell fill-down in each, the second a few seconds after the first. */
export async function twoTabs(sim: SheetsSim, rows: number, maxMs: number) {
  const shop = demoShop();
  const items = shop.products.slice(0, 2 * rows).map((p) => p.itemId);
  sim.doc.book.insertSheet("Sheet2");
  const last = rows + 1;
  sim.edit(
    OWNER,
    `Sheet1!A2:A${last}`,
    items.slice(0, rows).map((id) => [id]),
  );
  sim.edit(
    OWNER,
    `Sheet2!A2:A${last}`,
    items.slice(rows).map((id) => [id]),
  );
  const before = sim.requests().length;
  const start = sim.now();
  const f = `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`;
  sim.fillDown(OWNER, `Sheet1!C2:C${last}`, f);
  await sim.run({ maxMs: 5000 });
  sim.fillDown(OWNER, `Sheet2!C2:C${last}`, f);
  return settle(sim, [`Sheet1!C2:C${last}`, `Sheet2!C2:C${last}`], start, before, maxMs);
}

/**
 * `rows` item cells filled and answered, the cache time passed, then the menu's "Refresh all
 * sheets" with the sidebar closed (a script's edits fire no edit trigger).
 */
export async function menuRefresh(sim: SheetsSim, rows: number, maxMs: number) {
  const shop = demoShop();
  const last = rows + 1;
  sim.edit(
    OWNER,
    `A2:A${last}`,
    shop.products.slice(0, rows).map((p) => [p.itemId]),
  );
  const f = `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A2, , "netProfit")`;
  sim.fillDown(OWNER, `C2:C${last}`, f);
  const filled = await settle(sim, [`C2:C${last}`], sim.now(), 0, maxMs);
  if (filled.answered !== rows) return filled;
  await sim.run({ maxMs: 11 * 60_000 }); // past the 10-minute cache time
  const before = sim.requests().length;
  const start = sim.now();
  sim.startCall(OWNER, "refreshWorkbook", [], "menu");
  const shown = (): unknown[] => sim.values(`C2:C${last}`).flat();
  await sim.run({ until: () => shown().some((v) => typeof v !== "number"), maxMs: 60_000 });
  return settle(sim, [`C2:C${last}`], start, before, maxMs);
}

/**
 * How late the waiting texts' "about N min" were: for every waiting text a cell showed since
 * `start`, the minutes between the time it promised and the cell's next number (negative:
 * early). Median and 90th percentile, or null when no cell waited.
 */
export function estimateLateness(
  sim: SheetsSim,
  start: number,
): { median: number; p90: number; texts: number } | null {
  const late: number[] = [];
  for (const [, history] of sim.histories())
    history.forEach((h, i) => {
      const m = /about (\d+) min/.exec(typeof h.shown === "string" ? h.shown : "");
      if (h.at < start || !m) return;
      const answer = history.slice(i + 1).find((n) => typeof n.shown === "number");
      if (answer) late.push((answer.at - (h.at + Number(m[1]) * 60_000)) / 60_000);
    });
  if (late.length === 0) return null;
  late.sort((a, b) => a - b);
  const at = (q: number): number =>
    late[Math.min(late.length - 1, Math.floor(q * late.length))] ?? 0;
  return { median: at(0.5), p90: at(0.9), texts: late.length };
}

/** How the REQUIRED_PRICE column of the staggered fill-downs is typed (issue 32). */
export type StaggeredVariant = "costs" | "equalCosts" | "margins";

/**
 * A cell's final answer: a number, or an error of the add-on's own (no ad spend: ROAS has no
 * value), never Apps Script's (refused, stopped at 30 s), a waiting text or Loading...
 */
export function isAnswer(shown: unknown): boolean {
  if (typeof shown === "number") return true;
  if (typeof shown !== "string" || !shown.startsWith("#")) return false;
  return ![TOO_MANY_CELLS, TOO_MANY_SCRIPTS, "Exceeded maximum execution time"].some((m) =>
    shown.includes(m),
  );
}

/**
 * Issue 32's seller: 334 products (A item id, B category, C unit cost), and three columns
 * filled down one after another, 10 s apart, with the sidebar closed: D MKTA_BREAKDOWN item
 * net profit, E REQUIRED_PRICE for a profit of 5 a unit ("costs": a different unit cost per
 * row; "equalCosts": one cost for all; "margins": a 25 % margin instead, costs differing), F
 * PROFIT_ROAS RAW of the row's own product (no ad spend: #N/A with its reason, an answer).
 */
export async function staggeredCells(
  sim: SheetsSim,
  rows: number,
  maxMs: number,
  variant: StaggeredVariant = "costs",
): Promise<FillDownOutcome> {
  const shop = demoShop();
  const products = shop.products.slice(0, rows);
  if (products.length < rows) throw new Error("too few demo products");
  const last = rows + 1;
  sim.edit(
    OWNER,
    `A2:C${last}`,
    products.map((p, i) => [p.itemId, p.categoryId, variant === "equalCosts" ? 20 : 8 + i * 0.25]),
  );
  const before = sim.requests().length;
  const start = sim.now();
  const s = `${shop.shopId}, "${shop.region}"`;
  const target =
    variant === "margins"
      ? `0.25, "requiredListingPrice"`
      : `, "requiredListingPrice", , , , , , , , , 5`;
  sim.fillDown(OWNER, `D2:D${last}`, `=MKTA_BREAKDOWN(${s}, A2, , "netProfit")`);
  await sim.run({ maxMs: 10_000 });
  sim.fillDown(OWNER, `E2:E${last}`, `=REQUIRED_PRICE("A", ${s}, B2, C2, ${target})`);
  await sim.run({ maxMs: 10_000 });
  sim.fillDown(OWNER, `F2:F${last}`, `=PROFIT_ROAS("A", ${s}, A2, "RAW", "roas")`);
  return settle(sim, [`D2:F${last}`], start, before, maxMs, isAnswer);
}
