/**
 * `npm start`: build, start the reference server with the demo account and a demo key, serve
 * the web demo (dist/web) and the Excel add-in files (dist/excel over HTTPS), and print where
 * to go. Ctrl-C (SIGINT) or SIGTERM closes every server and exits 0.
 *
 * Environment: MKT_API_PORT (8787), MKT_WEB_PORT (8080), MKT_EXCEL_PORT (3000),
 * MKT_DATA_DIR (.data: keys, the demo key, generated dev certificates), MKT_BASE_URL (kept for
 * the build if set, e.g. an https URL for Google Sheets), MKT_START_SKIP_BUILD=1 (serve the
 * dist/ already built: tests, which must not rebuild dist/ under other tests' feet).
 *
 * One flag: `npm start -- --catalogue large` serves the demo account with a team's catalogue
 * added (10,000 more products: A 5,000 in two shops, B 3,000, C 2,000; src/server/data/
 * largeCatalogue.ts). Without it the demo stays small and starts fast.
 */
import { spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { startAddinServer, type AddinServer } from "../src/hosts/excel/addinServer";
import { buildServer } from "../src/server/app";
import { useServerHeapPolicy } from "../src/server/heap";
import { generateDemoData } from "../src/server/data/generate";
import { ALL_HANDLERS } from "../src/server/endpoints";
import { FlagError, parseFlags } from "../src/server/keys/flags";
import type { Catalogue } from "../src/server/data/largeCatalogue";
import { catalogueFlag } from "../src/server/main";
import { KeyStore } from "../src/server/keys/store";
import { looksLikeToken } from "../src/server/keys/token";

const ROOT = path.resolve(__dirname, "..");
const LOOPBACK = "127.0.0.1";

/** What `npm start` reads from the environment. */
export interface StartSettings {
  readonly apiPort: number;
  readonly webPort: number;
  readonly excelPort: number;
  readonly dataDir: string;
  /** `--catalogue large`: the demo account with a team's 10,000-product catalogue added. */
  readonly catalogue: Catalogue;
}

/** A clear, actionable failure: printed without a stack, exit code 1. */
class StartError extends Error {}

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new StartError(`${name} must be a port number from 1 to 65535 (got "${raw}").`);
  return port;
}

/** Reads ports and the data folder from the environment, the catalogue from the command line. */
export function startSettings(env: NodeJS.ProcessEnv, argv: readonly string[] = []): StartSettings {
  let catalogue: Catalogue;
  try {
    const flags = parseFlags(argv, { catalogue: "value" });
    if (flags.positionals.length > 0)
      throw new FlagError(`Unexpected "${flags.positionals[0]}" (npm start -- --catalogue large).`);
    catalogue = catalogueFlag(flags.values.catalogue);
  } catch (e) {
    throw e instanceof FlagError ? new StartError(e.message) : e;
  }
  const settings = {
    catalogue,
    apiPort: portFrom(env, "MKT_API_PORT", 8787),
    webPort: portFrom(env, "MKT_WEB_PORT", 8080),
    excelPort: portFrom(env, "MKT_EXCEL_PORT", 3000),
    dataDir: path.resolve(ROOT, env.MKT_DATA_DIR || ".data"),
  };
  const ports = [settings.apiPort, settings.webPort, settings.excelPort];
  if (new Set(ports).size !== ports.length)
    throw new StartError(
      `MKT_API_PORT, MKT_WEB_PORT and MKT_EXCEL_PORT must differ (${ports.join(", ")}).`,
    );
  return settings;
}

/** Runs `npm run build` (same script, same process tree) with the URLs of this start. */
function build(settings: StartSettings): void {
  if (process.env.MKT_START_SKIP_BUILD === "1") {
    for (const file of ["web/index.html", "excel/manifest.xml"])
      if (!existsSync(path.join(ROOT, "dist", file)))
        throw new StartError(
          `dist/${file} is missing: run npm run build, or unset MKT_START_SKIP_BUILD.`,
        );
    console.log("Serving the existing dist/ (MKT_START_SKIP_BUILD=1): no build.");
    return;
  }
  const tsx = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
  const result = spawnSync(process.execPath, [tsx, path.join(ROOT, "build", "build.ts")], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      // A deployable https URL given by the user wins; otherwise the local reference server.
      MKT_BASE_URL: process.env.MKT_BASE_URL || `http://${LOOPBACK}:${settings.apiPort}`,
      MKT_ADDIN_URL: `https://localhost:${settings.excelPort}`,
    },
  });
  if (result.status !== 0)
    throw new StartError("The build failed (see above); nothing was started.");
}

/**
 * The demo key of this data folder: the one `npm start` created before (kept in
 * DATA_DIR/demo-key, never in the repository), or a new one when there is none or it was
 * revoked or has expired.
 */
export function demoKey(store: KeyStore, dataDir: string): { token: string; created: boolean } {
  const file = path.join(dataDir, "demo-key");
  const saved = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (looksLikeToken(saved)) {
    const { record } = store.register(saved, { label: "demo key (npm start)", account: "demo" });
    if (store.statusOf(record) === "active") return { token: saved, created: false };
  }
  const { token } = store.create({ label: "demo key (npm start)", account: "demo" });
  writeFileSync(file, token + "\n", { mode: 0o600 });
  return { token, created: true };
}

interface Tls {
  readonly key: Buffer;
  readonly cert: Buffer;
  /** Where they came from, for the printout. */
  readonly note: string;
}

function stillValid(certFile: string, keyFile: string): boolean {
  if (!existsSync(certFile) || !existsSync(keyFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(certFile));
    return Date.parse(cert.validTo) > Date.now() + 24 * 3600 * 1000;
  } catch {
    return false;
  }
}

/**
 * HTTPS certificates for localhost: the Office dev certificates if they are installed
 * (~/.office-addin-dev-certs), else ones generated in DATA_DIR/dev-certs without installing
 * anything (installing the CA needs sudo on Linux: we say how, we never do it for you).
 */
async function devCertificates(dataDir: string): Promise<Tls> {
  const office = path.join(os.homedir(), ".office-addin-dev-certs");
  const officeCert = path.join(office, "localhost.crt");
  const officeKey = path.join(office, "localhost.key");
  if (stillValid(officeCert, officeKey)) {
    return {
      cert: readFileSync(officeCert),
      key: readFileSync(officeKey),
      note: `Office dev certificates from ${office}`,
    };
  }
  const dir = path.join(dataDir, "dev-certs");
  const ca = path.join(dir, "ca.crt");
  const cert = path.join(dir, "localhost.crt");
  const key = path.join(dir, "localhost.key");
  if (!stillValid(cert, key)) {
    // generateCertificates writes nothing when a CA file exists: start from an empty folder.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const { generateCertificates } = await import("office-addin-dev-certs");
    const quiet = console.log;
    console.log = () => undefined; // it prints its own line; ours says more
    try {
      await generateCertificates(ca, cert, key, 30, ["localhost", LOOPBACK]);
    } finally {
      console.log = quiet;
    }
  }
  return {
    cert: readFileSync(cert),
    key: readFileSync(key),
    note:
      `certificates generated in ${dir}, NOT trusted yet: run "npx office-addin-dev-certs install" ` +
      `(sudo on Linux), or trust ${ca} in your browser`,
  };
}

function isPortTaken(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: unknown }).code === "EADDRINUSE";
}

async function listenOrExplain<T>(
  what: string,
  port: number,
  envName: string,
  listen: () => Promise<T>,
): Promise<T> {
  try {
    return await listen();
  } catch (e) {
    if (isPortTaken(e))
      throw new StartError(
        `Port ${port} (${what}) is already in use. Stop whatever uses it, or pick another: ` +
          `${envName}=${port + 1} npm start`,
      );
    throw e;
  }
}

/** Everything running; `stop()` closes it all. */
interface Running {
  readonly api: FastifyInstance | null;
  readonly store: KeyStore | null;
  readonly servers: AddinServer[];
}

async function stopAll(r: Running): Promise<void> {
  await Promise.allSettled([...(r.api ? [r.api.close()] : []), ...r.servers.map((s) => s.close())]);
  r.store?.close();
}

function guide(o: {
  settings: StartSettings;
  apiUrl: string;
  webUrl: string;
  token: string;
  created: boolean;
  /** What the server serves, e.g. "demo account". */
  account: string;
  excel: { url: string; note: string } | { error: string };
}): string {
  const { settings } = o;
  const inRepo = settings.dataDir.startsWith(ROOT + path.sep);
  const keyFile = path.join(
    inRepo ? path.relative(ROOT, settings.dataDir) : settings.dataDir,
    "demo-key",
  );
  const lines = [
    "",
    "Marketplace Profit is running (Ctrl-C stops everything).",
    "",
    `  Try every function now:   ${o.webUrl}`,
    `  Demo API key:             ${o.token}`,
    `                            (${o.created ? "new" : "the same as last time"}; paste it under API key and settings > Check and save key; kept in ${keyFile})`,
    `  Reference API server:     ${o.apiUrl}  (${o.account}, 60 requests/minute per key)`,
    "",
    "Excel on the web (sideload):",
  ];
  if ("url" in o.excel) {
    lines.push(
      `  Add-in files at ${o.excel.url} (${o.excel.note}).`,
      `  1. Open ${o.excel.url}/taskpane.html once in the same browser; it must load without a certificate warning.`,
      "  2. In Excel on the web open a workbook: Home > Add-ins > More Add-ins > My Add-ins >",
      `     Upload My Add-in, and choose ${path.join("dist", "excel", "manifest.xml")}.`,
      "  3. Home > API key opens the task pane: paste the demo key, then type =MKT.SHOPS() in a cell.",
      "  Desktop Excel sideloading is not available on Linux.",
    );
  } else {
    lines.push(`  Not served: ${o.excel.error}`, "  The web demo above works without it.");
  }
  lines.push(
    "",
    "Google Sheets:",
    "  Apps Script fetches from Google's servers, so the API needs a public https address",
    "  (this local server is not reachable from there):",
    "    npx clasp login                    # once (the clasp pinned in package.json)",
    "    npx clasp create --type sheets --title 'Marketplace Profit' --rootDir dist/sheets",
    "    MKT_BASE_URL=https://your-api.example.com npm run deploy:sheets",
    "",
  );
  return lines.join("\n");
}

async function main(): Promise<void> {
  const settings = startSettings(process.env, process.argv.slice(2));
  build(settings);

  const running: { api: FastifyInstance | null; store: KeyStore | null; servers: AddinServer[] } = {
    api: null,
    store: null,
    servers: [],
  };
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the servers...`);
    stopAll(running).then(
      () => {
        console.log("Stopped.");
        process.exit(0);
      },
      (e: unknown) => {
        console.error(`Shutdown failed: ${String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  try {
    const store = new KeyStore(settings.dataDir);
    running.store = store;
    const { token, created } = demoKey(store, settings.dataDir);
    const today = new Date().toISOString().slice(0, 10);
    useServerHeapPolicy(); // this process serves the API: keep its heap near what is live
    if (settings.catalogue === "large")
      console.log("Generating the large catalogue (10,000 more products, about 5 to 15 s)...");
    const data = generateDemoData({ seed: 1, scale: 1, today, catalogue: settings.catalogue });
    const api = buildServer({
      handlers: ALL_HANDLERS,
      data,
      keyStore: store,
      today,
    });
    running.api = api;
    await listenOrExplain("reference API", settings.apiPort, "MKT_API_PORT", () =>
      api.listen({ port: settings.apiPort, host: LOOPBACK }),
    );
    const apiUrl = `http://${LOOPBACK}:${settings.apiPort}`;

    const webDir = path.join(ROOT, "dist", "web");
    const web = await listenOrExplain("web demo", settings.webPort, "MKT_WEB_PORT", () =>
      startAddinServer({
        root: webDir,
        host: LOOPBACK,
        port: settings.webPort,
        // The add-in server's folder index is taskpane.html; the web demo's is index.html.
        extraFiles: { "/taskpane.html": path.join(webDir, "index.html") },
        // Never inside another site's frame: a hidden frame could steer a click onto "Use".
        ownWindowOnly: true,
      }),
    );
    running.servers.push(web);
    // Unencoded on purpose: readable, and URLSearchParams reads it the same.
    const webUrl = `${web.url}/index.html?api=${apiUrl}`;

    let excel: { url: string; note: string } | { error: string } = { error: "not started" };
    let tls: Tls | null = null;
    try {
      tls = await devCertificates(settings.dataDir);
    } catch (e) {
      const reason = e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e);
      excel = { error: `no HTTPS certificates for localhost (${reason})` };
    }
    if (tls) {
      const files = await listenOrExplain(
        "Excel add-in files",
        settings.excelPort,
        "MKT_EXCEL_PORT",
        () =>
          startAddinServer({
            root: path.join(ROOT, "dist", "excel"),
            host: LOOPBACK,
            port: settings.excelPort,
            tls: { key: tls.key, cert: tls.cert },
          }),
      );
      running.servers.push(files);
      excel = { url: files.url, note: tls.note };
    }
    const account = data.accounts[0];
    const products = account
      ? [...account.shopsA, ...account.sellersB, ...account.shopsC].reduce(
          (n, s) => n + s.products.length,
          0,
        )
      : 0;
    const described =
      settings.catalogue === "large"
        ? `demo account with the large catalogue: ${products.toLocaleString("en-US")} products`
        : "demo account";
    console.log(guide({ settings, apiUrl, webUrl, token, created, account: described, excel }));
  } catch (e) {
    await stopAll(running);
    throw e;
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(
      `npm start: ${e instanceof StartError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    );
    process.exit(1);
  });
}
