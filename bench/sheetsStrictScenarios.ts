/**
 * The strict simulator's larger scenarios (issue 21), sidebar closed: 1,002 mixed cells, two
 * fill-downs in two tabs at once, and the menu's "Refresh all sheets". Each reports what a
 * fill-down row reports (fillDownRun.ts), measured over every formula cell of the book.
 */
import { generateDemoData } from "../src/server/data/generate";
import { settle } from "../test/hosts/sheets/sim/fillDownRun";
import { OWNER, type SheetsSim } from "../test/hosts/sheets/sim/sheetsSim";

function demoShop() {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" });
  const shop = data.accounts.find((a) => a.id === "demo")?.shopsA[0];
  if (!shop) throw new Error("the demo data has no marketplace A shop");
  return shop;
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
