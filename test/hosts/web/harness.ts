/**
 * Browser harness of the web host tests: builds dist/web into a temp folder (the real build
 * step, once per Jest run: test/helpers/buildOnce.ts), serves it from a tiny static server on
 * 127.0.0.1, and opens Debian's Chromium.
 * Requests to anything but loopback are aborted, so nothing leaves the machine.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildWeb } from "../../../build/web";
import { buildOnce } from "../../helpers/buildOnce";
import type { EndpointHandler } from "../../../src/server/handler";

export const CHROMIUM = "/usr/bin/chromium";
export const ROOT = path.resolve(__dirname, "..", "..", "..");
export const ARTIFACTS = path.join(ROOT, "test-artifacts");
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

export interface WebHost {
  readonly url: string;
  /** The built dist/web folder being served. */
  readonly dir: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Build the web host and serve it; launch Chromium. */
export async function startWebHost(): Promise<WebHost> {
  const { dist, shared } = await buildOnce("mkt-web-dist", (into) =>
    buildWeb({
      root: ROOT,
      dist: into,
      version: "test",
      apiBaseUrl: "http://127.0.0.1:9",
      addinUrl: "https://localhost:3000",
      minify: true,
    }),
  );
  const web = path.join(dist, "web");
  const server = http.createServer((req, res) => {
    const name = (req.url ?? "/").split("?")[0]?.replace(/^\/+/, "") || "index.html";
    const file = path.join(web, path.normalize(name));
    if (!file.startsWith(web) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith(".html")
      ? "text/html"
      : file.endsWith(".css")
        ? "text/css"
        : "text/javascript";
    // The bundle (6.7 MB) is the same all run: a page opened again in the same browser profile
    // takes it from the cache (and V8's code cache) instead of fetching and compiling it anew.
    const cache = file.endsWith(".html") ? "no-store" : "max-age=3600";
    res
      .writeHead(200, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": cache })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no address");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    url: `http://127.0.0.1:${address.port}/index.html`,
    dir: web,
    browser,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!shared) rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** Abort every request that is not to this machine. */
export async function loopbackOnly(page: Page): Promise<void> {
  await page.route("**/*", (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === "127.0.0.1" || host === "localhost") return route.fallback();
    return route.abort();
  });
}

/** The reference server's handlers; all of them once every marketplace's module exists. */
export async function serverHandlers(): Promise<
  Readonly<Record<string, EndpointHandler>> | undefined
> {
  try {
    return (await import("../../../src/server/endpoints")).ALL_HANDLERS;
  } catch {
    // While a marketplace's handlers are still being written, A and the shop lists suffice here.
    const { handlersA } = await import("../../../src/server/endpoints/a");
    const { handlersCommon } = await import("../../../src/server/endpoints/common");
    return { ...handlersCommon, ...handlersA };
  }
}

/** Skip reason when Chromium is missing. */
export function browserBlocker(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing: web host browser tests skipped`;
}
