/**
 * The browser side of the Excel tests: Debian's Chromium (playwright-core) on a fresh
 * profile, a page on 127.0.0.1 with the Office shim and the BUILT dist/excel/functions.js.
 * Every request to a non-loopback address is aborted, so nothing leaves the machine.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startAddinServer, type AddinServer } from "../../../../src/hosts/excel/addinServer";

export const CHROMIUM = "/usr/bin/chromium";
export const ROOT = path.resolve(__dirname, "..", "..", "..", "..");
export const DIST_EXCEL = path.join(ROOT, "dist", "excel");
/** Debian Chromium's flags for tests here (shared/hosts.md). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

/** Why the browser tests cannot run here, or null. */
export function browserTestsBlocker(): string | null {
  if (!existsSync(CHROMIUM))
    return `${CHROMIUM} is missing (apt-get install -y chromium): Excel browser tests skipped`;
  return null;
}

export interface ExcelPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly addin: AddinServer;
  /** Console lines and page errors, for leak checks. */
  readonly console: string[];
  close(): Promise<void>;
}

const HARNESS_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Excel harness</title>
<script src="officeShim.js"></script><script src="functions.js"></script></head><body>harness</body></html>`;

function isLoopback(url: string): boolean {
  if (url.startsWith("data:") || url.startsWith("about:")) return true;
  const host = new URL(url).hostname;
  return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
}

/** Open the harness page (or `pagePath`, e.g. taskpane.html) with the shim in place. */
export async function openExcelPage(
  options: {
    pagePath?: string;
    routes?: Readonly<Record<string, string>>;
    /** Run the page's clock `factor` times faster from `t0` (Date.now and timers). */
    timeScale?: { factor: number; t0: number };
  } = {},
): Promise<ExcelPage> {
  if (!existsSync(path.join(DIST_EXCEL, "functions.js"))) {
    throw new Error("dist/excel/functions.js is missing: run `npm run build` first");
  }
  const work = mkdtempSync(path.join(os.tmpdir(), "mkt-excel-harness-"));
  const shim = buildSync({
    entryPoints: [path.join(__dirname, "officeShim.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2019",
    write: false,
  }).outputFiles[0];
  if (!shim) throw new Error("could not bundle the Office shim");
  writeFileSync(path.join(work, "officeShim.js"), shim.text);
  writeFileSync(path.join(work, "harness.html"), HARNESS_HTML);
  const addin = await startAddinServer({
    root: DIST_EXCEL,
    extraFiles: {
      "/harness.html": path.join(work, "harness.html"),
      "/officeShim.js": path.join(work, "officeShim.js"),
    },
  });
  const context = await chromium.launchPersistentContext(path.join(work, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const lines: string[] = [];
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    const local = options.routes?.[url];
    if (local)
      return route.fulfill({
        status: 200,
        contentType: "text/javascript",
        body: readFileSync(local, "utf8"),
      });
    return isLoopback(url) ? route.continue() : route.abort("blockedbyclient");
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (m) => lines.push(m.text()));
  page.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
  if (options.timeScale) await page.addInitScript({ content: timeScaleScript(options.timeScale) });
  if (options.pagePath) {
    await page.addInitScript({ content: shim.text });
  }
  await page.goto(`${addin.url}/${options.pagePath ?? "harness.html"}`);
  return {
    page,
    context,
    addin,
    console: lines,
    close: async () => {
      await context.close();
      await addin.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * A page clock running `factor` times faster from `t0`: Date.now() and the timers. The test
 * server's rate limiter gets the same clock (TestServerOptions.now), so a minute of the API's
 * limit passes in 60 / factor real seconds on both sides.
 */
export function scaledNow(scale: { factor: number; t0: number }): () => number {
  return () => scale.t0 + (Date.now() - scale.t0) * scale.factor;
}

function timeScaleScript(scale: { factor: number; t0: number }): string {
  return `(() => {
  const k = ${scale.factor}, t0 = ${scale.t0}, realNow = Date.now.bind(Date);
  Date.now = () => t0 + (realNow() - t0) * k;
  const st = window.setTimeout.bind(window), si = window.setInterval.bind(window);
  window.setTimeout = (fn, ms, ...rest) => st(fn, (Number(ms) || 0) / k, ...rest);
  window.setInterval = (fn, ms, ...rest) => si(fn, (Number(ms) || 0) / k, ...rest);
})();`;
}
