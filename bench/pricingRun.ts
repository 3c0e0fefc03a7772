/**
 * A 500-product pricing sheet of shop 100001 SG through the web host's sidebar (dist/web in
 * headless Chromium), as a seller makes one: save the key, Pricing sheet > New pricing sheet,
 * wait for its line; then 3 targets typed over and Refresh. Requests are counted at the bench
 * server. Beside it, what the same answers cost as formula cells: one SET_MARGIN_PREVIEW and
 * one SET_BUYER_PRICE_PREVIEW cell per model row, one request each (a one-row range is one
 * request), so 2 requests per model. The section's progress lines split each run's wall time:
 * the page writing (rows, formulas, highlight) against asking the API; the machine's load
 * average is kept beside the times (a shared machine's wall times say little without it).
 */
import os from "node:os";
import type { Browser, Page } from "playwright-core";
import { loopbackOnly } from "../test/hosts/web/harness";
import { openPricing, pressPricing } from "../test/helpers/pricingPage";
import { openWithApi, saveKey } from "../test/hosts/web/webPage";
import type { BenchServer } from "./benchServer";

/** One pricing sheet built, and one refresh after 3 targets changed. */
export interface PricingMeasure {
  readonly rows: number;
  readonly requests: number;
  readonly ms: number;
  readonly refreshRequests: number;
  readonly refreshMs: number;
  /** Of `ms` and `refreshMs`: the time the progress line said the page was writing. */
  readonly writingMs: number;
  readonly refreshWritingMs: number;
  /** The 1-minute load average when the build started and when the refresh ended. */
  readonly load: readonly [number, number];
}

/** Start keeping the section's lines with their times (progress lines come and go quickly). */
async function keepLines(page: Page): Promise<void> {
  await page.evaluate(() => {
    const line = document.querySelector("#pricing-status") as HTMLElement;
    const kept: [number, string][] = [];
    (window as unknown as { __pricingLines: [number, string][] }).__pricingLines = kept;
    new MutationObserver(() => kept.push([performance.now(), line.textContent ?? ""])).observe(
      line,
      { subtree: true, childList: true, characterData: true },
    );
  });
}

/** Milliseconds the kept lines said "Writing…" or "Adding…", then forget them. */
async function writingMs(page: Page): Promise<number> {
  const lines = await page.evaluate(() => {
    const w = window as unknown as { __pricingLines: [number, string][] };
    return w.__pricingLines.splice(0);
  });
  let ms = 0;
  lines.forEach(([at, text], i) => {
    const next = lines[i + 1]?.[0] ?? at;
    if (/^(Writing|Adding)/.test(text)) ms += next - at;
  });
  return Math.round(ms);
}

interface SheetsWindow {
  __sheets: {
    get(name: string): { cells: unknown[][] } | null;
    setValues(sheet: string, topLeft: string, values: unknown[][]): void;
  };
}

/** Press a button of the section, wait for its outcome; ms taken, or why it did not finish. */
async function press(page: Page, id: string, done: RegExp): Promise<number> {
  const started = Date.now();
  const status = await pressPricing(page, id, 300_000);
  if (!done.test(status)) throw new Error(`pricing sheet did not finish: ${status}`);
  return Date.now() - started;
}

/** One cold pricing sheet (a fresh browser context) and one refresh of 3 edited targets. */
export async function measurePricing(
  browser: Browser,
  url: string,
  server: BenchServer,
): Promise<PricingMeasure> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const page = await context.newPage();
    await loopbackOnly(page);
    await openWithApi(page, url, server.baseUrl);
    await saveKey(page, server.key);
    await openPricing(page, "A:100001");
    await keepLines(page);
    await server.reset();
    const loadBefore = os.loadavg()[0] ?? 0;
    const ms = await press(page, "pricing-new", /answered/);
    const written = await writingMs(page);
    const requests = await server.requests();
    const rows = await page.evaluate(
      () => ((window as unknown as SheetsWindow).__sheets.get("Pricing")?.cells.length ?? 1) - 1,
    );
    // The seller types 3 new targets (column H), then presses Refresh.
    await page.evaluate(() => {
      const s = (window as unknown as SheetsWindow).__sheets;
      for (const [cell, v] of [
        ["H5", 0.25],
        ["H50", 0.3],
        ["H300", 0.15],
      ] as const)
        s.setValues("Pricing", cell, [[v]]);
    });
    await server.reset();
    const refreshMs = await press(page, "pricing-refresh", /asked again for 3 of/);
    return {
      rows,
      requests,
      ms,
      refreshRequests: await server.requests(),
      refreshMs,
      writingMs: written,
      refreshWritingMs: await writingMs(page),
      load: [loadBefore, os.loadavg()[0] ?? 0],
    };
  } finally {
    await context.close();
  }
}

/** One build for another shop ("B:500001", or "C:700001" with its product ids), timed. */
export async function measurePricingShop(
  browser: Browser,
  url: string,
  server: BenchServer,
  shop: string,
  productIds: readonly string[] = [],
): Promise<{ rows: number; requests: number; ms: number }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const page = await context.newPage();
    await loopbackOnly(page);
    await openWithApi(page, url, server.baseUrl);
    await saveKey(page, server.key);
    await openPricing(page, shop);
    if (productIds.length > 0) await page.fill("#pricing-product-ids", productIds.join(","));
    await server.reset();
    const ms = await press(page, "pricing-new", /answered/);
    const rows = await page.evaluate(
      () => ((window as unknown as SheetsWindow).__sheets.get("Pricing")?.cells.length ?? 1) - 1,
    );
    return { rows, requests: await server.requests(), ms };
  } finally {
    await context.close();
  }
}

/** The bench table's rows: the sheet, its refresh, and the same answers as formula cells. */
export function pricingTableRows(
  runs: readonly PricingMeasure[],
  median: (values: number[]) => number,
  quotaMinutes: (requests: number) => string,
): string[][] {
  const m = (pick: (r: PricingMeasure) => number): number => median(runs.map(pick));
  const n = (x: number): string => Math.round(x).toLocaleString("en-US");
  const rows = m((r) => r.rows);
  const loads = runs.flatMap((r) => r.load);
  const load = `load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores`;
  return [
    [
      `Pricing sheet, 500 products (${n(rows)} model rows)`,
      "web host sidebar, New pricing sheet (A7, A12, A21, A22 batches)",
      n(m((r) => r.requests)),
      `${n(m((r) => r.ms))} ms (${load})`,
      quotaMinutes(m((r) => r.requests)),
      "today's figures, a 20 % target and today's price per row, both answers, formulas",
    ],
    [
      "Pricing sheet, of that the page writing",
      "web host, the section's lines 'Writing rows n of N', formulas, highlight",
      "",
      `${n(m((r) => r.writingMs))} ms`,
      "",
      "stacked rows, one engine write per 100 rows (one per row before issue 20's fix)",
    ],
    [
      "Pricing sheet, Refresh after 3 targets typed",
      "web host sidebar, Refresh",
      n(m((r) => r.refreshRequests)),
      `${n(m((r) => r.refreshMs))} ms, writing ${n(m((r) => r.refreshWritingMs))} ms`,
      quotaMinutes(m((r) => r.refreshRequests)),
      "only the 3 changed rows asked (one A21 per new target)",
    ],
    [
      "Same answers as formula cells",
      "SET_MARGIN_PREVIEW + SET_BUYER_PRICE_PREVIEW per model row (computed)",
      n(2 * rows),
      "",
      quotaMinutes(2 * rows),
      "one request a cell, every refresh; 500 REQUIRED_PRICE cells (one answer per product) alone are 500",
    ],
  ];
}
