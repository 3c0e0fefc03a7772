/**
 * `npm start` as a new user runs it: the script's own command line from package.json, run by
 * `sh -c` exactly as npm runs it (npm itself is left out: on Ctrl-C npm reports 130 whatever
 * its script does, and it does not forward SIGTERM), in its own process group on free ports,
 * a fresh data folder and a fresh HOME (so the dev certificates are generated, not borrowed).
 * The printed page is opened in Debian's Chromium, the printed demo key is saved in it and
 * the function builder previews MKTA_BREAKDOWN, which must equal the API's own figure. Ctrl-C
 * (SIGINT to the group, as a terminal sends it) must close every server and exit 0.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { KeyStore } from "../../src/server/keys/store";
import { demoKey, startSettings } from "../../build/start";
import { spawnOwned, stopAllOwned } from "../helpers/ownedProcesses";

const ROOT = path.resolve(__dirname, "..", "..");
const CHROMIUM = "/usr/bin/chromium";
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

jest.setTimeout(60_000);

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function canListen(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

const START_SCRIPT = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts.start;

/**
 * `npm start` in its own process group. `whole`: the package.json line through `sh -c`, as npm
 * runs it (preflight included). Otherwise its last step, `node --import tsx build/start.ts`:
 * the process that must close everything and exit 0 (npm itself reports 130 on Ctrl-C and
 * does not forward SIGTERM; sh dies with the group's SIGINT).
 */
function npmStart(env: Record<string, string>, whole = false): Started {
  let out = "";
  const [command, args] = whole
    ? ["sh", ["-c", START_SCRIPT ?? ""]]
    : [process.execPath, ["--import", "tsx", "build/start.ts"]];
  // Its own process group (ownedProcesses.ts), so a SIGINT reaches every process like Ctrl-C,
  // and it is ended whatever becomes of the test.
  const child = spawnOwned(command, args, {
    cwd: ROOT,
    // npm puts node_modules/.bin first on PATH; so do we.
    env: {
      ...process.env,
      // Serve the dist/ that `npm test` built: rebuilding would pull it from under other tests.
      MKT_START_SKIP_BUILD: "1",
      ...env,
      PATH: `${path.join(ROOT, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (out += c.toString("utf8")));
  child.stderr?.on("data", (c: Buffer) => (out += c.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForOutput(s: Started, pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const m = s.output().match(pattern);
    if (m) return m;
    if (s.child.exitCode !== null || Date.now() > until)
      throw new Error(`npm start did not print ${pattern}; it printed:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signal the whole process group, as a terminal's Ctrl-C does. */
function interrupt(s: Started, signal: NodeJS.Signals = "SIGINT"): void {
  if (s.child.pid !== undefined && s.child.exitCode === null) process.kill(-s.child.pid, signal);
}

describe("npm start", () => {
  beforeAll(() => {
    for (const file of ["web/index.html", "excel/manifest.xml"])
      if (!existsSync(path.join(ROOT, "dist", file)))
        throw new Error(`dist/${file} is missing: run npm run build first (npm test does)`);
  });

  test("npm start and npm test begin with the node-only install preflight", () => {
    // One node process with tsx as a loader, not tsx's launcher (which relays signals to a
    // child and reports 143 when that child takes a moment to close its servers).
    expect(START_SCRIPT).toBe("node build/ensureInstalled.cjs && node --import tsx build/start.ts");
    const scripts = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.test).toMatch(/^node build\/ensureInstalled\.cjs && /);
    // Plain JavaScript: it runs before TypeScript (one of the things it installs) is there.
    expect(readFileSync(path.join(ROOT, "build/ensureInstalled.cjs"), "utf8")).toMatch(/npm ci/);
  });

  const dirs: string[] = [];
  const tempDir = (name: string): string => {
    const d = mkdtempSync(path.join(os.tmpdir(), name));
    dirs.push(d);
    return d;
  };
  let browser: Browser | null = null;

  afterAll(async () => {
    // Each step ends on its own: a browser that will not close does not keep npm start running.
    await browser?.close().catch(() => undefined);
    await stopAllOwned(); // SIGTERM to each group still running, SIGKILL after a grace
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test("prints the page and a demo key; the page previews a function; Ctrl-C stops it all with exit 0", async () => {
    const ports = { api: await freePort(), web: await freePort(), excel: await freePort() };
    const dataDir = tempDir("mkt-start-data-");
    const running = npmStart({
      MKT_API_PORT: String(ports.api),
      MKT_WEB_PORT: String(ports.web),
      MKT_EXCEL_PORT: String(ports.excel),
      MKT_DATA_DIR: dataDir,
      HOME: tempDir("mkt-start-home-"),
    });
    const [, webUrl] = await waitForOutput(running, /Try every function now:\s+(\S+)/, 40_000);
    const [, key] = await waitForOutput(running, /Demo API key:\s+(mkta_pat_\w+)/, 1_000);
    const out = running.output();
    expect(webUrl).toBe(
      `http://127.0.0.1:${ports.web}/index.html?api=http://127.0.0.1:${ports.api}`,
    );
    expect(out).toContain(`https://localhost:${ports.excel}`);
    expect(out).toContain("dist/excel/manifest.xml");
    expect(out).toContain("npm run deploy:sheets");
    expect(out).toMatch(/NOT trusted yet/); // a fresh HOME has no Office dev certificates
    expect(statSync(path.join(dataDir, "demo-key")).mode & 0o077).toBe(0);

    // The Excel files are served over HTTPS with the manifest pointing at them.
    const manifest = await new Promise<string>((resolve, reject) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const https = require("node:https") as typeof import("node:https");
      https
        .get(
          `https://localhost:${ports.excel}/manifest.xml`,
          { rejectUnauthorized: false },
          (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString("utf8")));
            res.on("end", () => resolve(body));
          },
        )
        .on("error", reject);
    });
    expect(manifest).toContain("<OfficeApp");

    // The figure the page must show, straight from the API with the printed key.
    const api = `http://127.0.0.1:${ports.api}`;
    const post = async (p: string, body: unknown): Promise<unknown> => {
      const res = await fetch(api + p, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: unknown }).data;
    };
    const page0 = (await post(
      "/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit",
      {
        pageSize: 1,
      },
    )) as { entries: Array<{ itemId: number }> };
    const itemId = page0.entries[0]?.itemId;
    expect(typeof itemId).toBe("number");
    const expected = (await post("/api/mkt-a/financial-breakdown/product", {
      shopId: 100001,
      region: "SG",
      itemId,
    })) as { metadata: { netProfit: number } };

    if (!existsSync(CHROMIUM)) {
      console.warn(`${CHROMIUM} is missing: the page itself is not opened`);
    } else {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.route("**/*", (route) => {
        const host = new URL(route.request().url()).hostname;
        return host === "127.0.0.1" || host === "localhost" ? route.fallback() : route.abort();
      });
      await page.goto(webUrl ?? "");
      // This run serves a dist/ built for another API address (MKT_START_SKIP_BUILD): the
      // printed link's ?api= is then only offered (issue 22), and the seller says Use.
      const bar = page.locator("#api-bar[data-kind]");
      await bar.waitFor();
      if ((await bar.getAttribute("data-kind")) === "offer") {
        await Promise.all([
          page.waitForURL((url) => !url.searchParams.has("api")),
          page.click("#api-offer-use"),
        ]);
      }
      await page.locator("#api-key").waitFor();
      await page.fill("#api-key", key ?? "");
      await page.click("#save-key");
      await page.locator("#key-saved").waitFor({ timeout: 30_000 });
      await page.locator("#sec-builder > summary").click();
      await page.selectOption("#fb-function", "MKTA_BREAKDOWN");
      const setArg = async (name: string, value: string): Promise<void> => {
        const el = page.locator(`#fb-arg-${name}`);
        const tag = await el.evaluate((e) => e.tagName);
        if (tag === "SELECT") await el.selectOption(value);
        else await el.fill(value);
      };
      await setArg("shopId", "100001");
      await setArg("region", "SG");
      await setArg("itemId", String(itemId));
      await setArg("field", "netProfit");
      expect(await page.inputValue("#fb-formula")).toContain(`MKTA_BREAKDOWN(100001`);
      await page.click("#fb-preview");
      await page.locator("#fb-result").waitFor({ timeout: 10_000 });
      const shown = (await page.locator("#fb-result").innerText()).trim();
      // Money as a seller reads it: the shop's currency decimals, thousands grouped.
      expect(shown).toBe(
        expected.metadata.netProfit.toLocaleString("en-US", {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
      );
    }

    interrupt(running);
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain("Stopped.");
    for (const port of [ports.api, ports.web, ports.excel])
      expect(await canListen(port)).toBe(true);
  });

  test("a port in use fails clearly, naming the port and the variable to change", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const s = npmStart(
        {
          MKT_API_PORT: String(await freePort()),
          MKT_WEB_PORT: String(taken),
          MKT_EXCEL_PORT: String(await freePort()),
          MKT_DATA_DIR: tempDir("mkt-start-taken-"),
        },
        true,
      );
      expect(await s.exited).not.toBe(0);
      expect(s.output()).toContain(`Port ${taken} (web demo) is already in use`);
      expect(s.output()).toContain("MKT_WEB_PORT=");
      expect(s.output()).not.toContain("Try every function now");
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  test("SIGTERM stops it cleanly too, and the second start reuses the demo key", async () => {
    const dataDir = tempDir("mkt-start-term-");
    const env = async (): Promise<Record<string, string>> => ({
      MKT_API_PORT: String(await freePort()),
      MKT_WEB_PORT: String(await freePort()),
      MKT_EXCEL_PORT: String(await freePort()),
      MKT_DATA_DIR: dataDir,
    });
    const keys: string[] = [];
    for (const round of [1, 2]) {
      const s = npmStart(await env());
      const [, key] = await waitForOutput(s, /Demo API key:\s+(mkta_pat_\w+)/, 40_000);
      keys.push(key ?? "");
      expect(s.output()).toContain(round === 1 ? "(new;" : "(the same as last time;");
      interrupt(s, "SIGTERM");
      expect(await s.exited).toBe(0);
      expect(s.output()).toContain("SIGTERM: stopping the servers");
    }
    expect(keys[1]).toBe(keys[0]);
  });
});

describe("the demo key of a data folder", () => {
  test("is created once, reused on the next start, and replaced when revoked", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "mkt-start-key-"));
    try {
      const store = new KeyStore(dir);
      const first = demoKey(store, dir);
      expect(first.created).toBe(true);
      expect(store.authenticate(first.token).ok).toBe(true);
      const again = demoKey(new KeyStore(dir), dir);
      expect(again).toEqual({ token: first.token, created: false });
      store.revoke(first.token);
      const replaced = demoKey(new KeyStore(dir), dir);
      expect(replaced.created).toBe(true);
      expect(replaced.token).not.toBe(first.token);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("ports come from the environment and must differ", () => {
    expect(startSettings({})).toMatchObject({ apiPort: 8787, webPort: 8080, excelPort: 3000 });
    expect(() => startSettings({ MKT_WEB_PORT: "8787" })).toThrow(/must differ/);
    expect(() => startSettings({ MKT_API_PORT: "http" })).toThrow(/MKT_API_PORT must be a port/);
  });
});
