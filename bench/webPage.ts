/**
 * The web demo's page: bundle sizes (what the page loads at start, gzipped as a server would
 * send it, and the whole folder with the engine's lazily loaded chunks) and the first
 * meaningful paint: from navigation until the spreadsheet's grid is drawn and the sidebar's
 * key form is there, in a fresh browser context (nothing cached). Run alone:
 * `npx tsx bench/webPage.ts` (builds dist/web into a temp folder, 5 loads).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { loopbackOnly, startWebHost } from "../test/hosts/web/harness";

export interface WebBundleBytes {
  readonly appJs: number;
  readonly appJsGzip: number;
  readonly appCss: number;
  /** Every file of the folder (lazily loaded chunks included). */
  readonly folder: number;
}

function folderSize(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => {
    const file = path.join(dir, name);
    const stat = statSync(file);
    return sum + (stat.isDirectory() ? folderSize(file) : stat.size);
  }, 0);
}

/** Sizes of a built dist/web. */
export function webBundleBytes(dir: string): WebBundleBytes {
  const js = readFileSync(path.join(dir, "app.js"));
  return {
    appJs: js.length,
    appJsGzip: gzipSync(js).length,
    appCss: statSync(path.join(dir, "app.css")).size,
    folder: folderSize(dir),
  };
}

/** Milliseconds from navigation to the first meaningful paint, in a fresh context. */
export async function firstMeaningfulPaintMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
  try {
    const page = await context.newPage();
    await loopbackOnly(page);
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(
      () => {
        const canvas = document.querySelector("#grid canvas") as HTMLCanvasElement | null;
        return (canvas?.width ?? 0) > 0 && document.querySelector("#api-key") !== null;
      },
      undefined,
      { polling: "raf", timeout: 60_000 },
    );
    return page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const host = await startWebHost();
  try {
    const paints: number[] = [];
    for (let i = 0; i < 5; i++) paints.push(await firstMeaningfulPaintMs(host.browser, host.url));
    paints.sort((a, b) => a - b);
    console.log(JSON.stringify({ bytes: webBundleBytes(host.dir), paintsMs: paints }));
  } finally {
    await host.close();
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
