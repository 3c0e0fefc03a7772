/**
 * Loads the BUILT dist/sheets files (Code.js + Stubs.js) into a node:vm context with the
 * Apps Script fakes, as Apps Script concatenates a project's files into one global scope.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import {
  FakeCache,
  FakeClock,
  FakeDrive,
  FakeLock,
  FakeProperties,
  FakeScriptApp,
  FakeSheet,
  FakeSpreadsheet,
  FakeUi,
  FakeUrlFetchApp,
  fakeComputeDigest,
  fakeFormatDate,
  fakeHtmlService,
  UTILITIES_ENUMS,
} from "./fakes";
import { CHART_TYPES } from "./fakeCharts";
import { newConditionalFormatRule } from "./fakeConditionalFormats";
import type { StrictAnswers } from "../../helpers/strictSpec";
import type { Counted } from "../../helpers/countedServer";
import { SyncHttp } from "./syncHttp";
import { buildOnceSync } from "../../helpers/buildOnce";
import { spawnOwned, stopGroup } from "../../helpers/ownedProcesses";

const ROOT = path.resolve(__dirname, "../../..");

/**
 * Build dist/sheets (the real build step) into a temp dist folder; returns its path. Once per
 * Jest run (test/helpers/buildOnce.ts): ~25 suites each built it before, ~4 s of CPU apiece.
 * Minified as shipped: esbuild's minifier rewrites code, so the tests run the Code.js a seller
 * installs, not a kinder unminified one.
 */
export function buildSheetsBundle(): string {
  const { dist } = buildOnceSync("sheets-dist", (into) => buildSheetsInto(into));
  return path.join(dist, "sheets");
}

function buildSheetsInto(dist: string): void {
  const script = `require("./build/sheets").buildSheets({ root: process.cwd(), dist: ${JSON.stringify(dist)}, version: "0.0.0-test", apiBaseUrl: "http://localhost:8787", addinUrl: "https://localhost:3000", minify: true }).catch((e) => { console.error(e); process.exit(1); })`;
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "-e", script], {
    cwd: ROOT,
    env: { ...process.env, MKT_SKIP_DOCS: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly keys: { demo: string; demo2: string; rival: string };
  /** Requests the server answered so far (only with the `count` option; else none). */
  seen(): Promise<Counted[]>;
  /** Revoke a key on the server, as the keys CLI does (the next request with it gets a 401). */
  revoke(token: string): Promise<void>;
  stop(): Promise<void>;
}

/** How the child server differs from the plain reference server (see serverProcess.ts). */
export interface ServerProcessOptions {
  /** Endpoint ids the server does not serve (their routes answer 404). */
  readonly withoutEndpoints?: readonly string[];
  /** Rename every 50th product of the demo data to a formula-looking text. */
  readonly hostileNames?: boolean;
  /** Serve through a strict spec proxy ("another API"), see test/helpers/specProxy.ts. */
  readonly strict?: StrictAnswers;
  /** Serve test/helpers/oddApi.ts instead (base URL + "/<mode>" picks its answers). */
  readonly odd?: boolean;
  /** Requests a minute per key (default: too many to ever refuse). */
  readonly rateLimitPerMinute?: number;
  /** Count requests at the server (ServerProcess.seen), on the demo data without hostile names. */
  readonly count?: boolean;
}

/** The reference server in a child process (see serverProcess.ts). */
export async function startServerProcess(
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  // Its own process group (ownedProcesses.ts): ended by the suite whatever happens, tsx's
  // child with it; and it ends itself when this process's end closes its stdin.
  const child: ChildProcess = spawnOwned(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(__dirname, "serverProcess.ts")],
    {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, MKT_TEST_SERVER_OPTIONS: JSON.stringify(options) },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => {
      void stopGroup(child);
      reject(new Error("server process did not start"));
      // tsx compiles the server first: 22 s at a load average of 21 on two cores.
    }, 90_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const nl = buffer.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(buffer.slice(0, nl));
      }
    });
    child.on("exit", (code) => reject(new Error(`server process exited (${code})`)));
  });
  const info = JSON.parse(line) as { baseUrl: string; keys: ServerProcess["keys"] };
  return {
    ...info,
    revoke: (token) =>
      new Promise<void>((resolve) => {
        const done = (chunk: Buffer): void => {
          if (!chunk.toString("utf8").includes("revoked")) return;
          child.stdout?.off("data", done);
          resolve();
        };
        child.stdout?.on("data", done);
        child.stdin?.write(`revoke ${token}\n`);
      }),
    seen: () =>
      new Promise<Counted[]>((resolve) => {
        let buffer = "";
        const done = (chunk: Buffer): void => {
          buffer += chunk.toString("utf8");
          const line = buffer.split("\n").find((l) => l.startsWith("seen "));
          if (line === undefined || !buffer.endsWith("\n")) return;
          child.stdout?.off("data", done);
          resolve(JSON.parse(line.slice(5)) as Counted[]);
        };
        child.stdout?.on("data", done);
        child.stdin?.write("seen\n");
      }),
    stop: async () => {
      await stopGroup(child, "SIGTERM");
    },
  };
}

/** The add-on loaded in a sandbox, with handles on every fake. */
export interface LoadedAddon {
  readonly context: vm.Context;
  readonly clock: FakeClock;
  readonly urlFetch: FakeUrlFetchApp;
  readonly documentCache: FakeCache;
  readonly scriptCache: FakeCache;
  readonly userProps: FakeProperties;
  readonly documentProps: FakeProperties;
  readonly lock: FakeLock;
  readonly ui: FakeUi;
  /** The open spreadsheet; `sheet` is its first tab. */
  readonly book: FakeSpreadsheet;
  readonly sheet: FakeSheet;
  /** This user's triggers (shared by every execution given the same one). */
  readonly scriptApp: FakeScriptApp;
  /** The spreadsheets SpreadsheetApp.openById can open. */
  readonly drive: FakeDrive;
  readonly logs: string[];
  /** Call a top-level function of the project, as Sheets would. */
  call(name: string, ...args: unknown[]): unknown;
}

export interface Shared {
  readonly http: SyncHttp;
  readonly clock?: FakeClock;
  readonly scriptCache?: FakeCache;
  readonly documentCache?: FakeCache;
  readonly lock?: FakeLock;
  readonly userProps?: FakeProperties;
  readonly documentProps?: FakeProperties;
  readonly book?: FakeSpreadsheet;
  readonly scriptApp?: FakeScriptApp;
  readonly drive?: FakeDrive;
  /**
   * A time-driven trigger's execution: no active spreadsheet, no document properties or
   * document cache, no UI (as Google runs an editor add-on's clock trigger). `book` is then
   * a placeholder the add-on cannot reach.
   */
  readonly timeDriven?: boolean;
  /**
   * Each of the execution's services as the script gets it (SpreadsheetApp, PropertiesService,
   * CacheService, UrlFetchApp, ScriptApp, Utilities, HtmlService): a test wraps them to end
   * an execution at its limit (jobsKill.test.ts).
   */
  readonly services?: <T extends object>(service: T) => T;
}

/**
 * The services `Shared.services` wraps. Not LockService (Google releases an execution's lock
 * when it ends, however it ends) nor the logs.
 */
const SERVICES = [
  "UrlFetchApp",
  "CacheService",
  "PropertiesService",
  "Utilities",
  "SpreadsheetApp",
  "ScriptApp",
  "HtmlService",
] as const;

/** Load Code.js and Stubs.js into a fresh global scope with the fakes. */
export function loadAddon(dir: string, shared: Shared): LoadedAddon {
  const clock = shared.clock ?? new FakeClock();
  const urlFetch = new FakeUrlFetchApp(shared.http, clock);
  const documentCache = shared.documentCache ?? new FakeCache(clock);
  const scriptCache = shared.scriptCache ?? new FakeCache(clock);
  const userProps = shared.userProps ?? new FakeProperties();
  const documentProps = shared.documentProps ?? new FakeProperties();
  const lock = shared.lock ?? new FakeLock();
  const ui = new FakeUi();
  const book = shared.book ?? new FakeSpreadsheet();
  const sheet = book.getSheets()[0] as FakeSheet;
  book.active ??= { sheet, range: sheet.getRange(2, 3) };
  const scriptApp = shared.scriptApp ?? new FakeScriptApp();
  const drive = shared.drive ?? new FakeDrive();
  const timeDriven = shared.timeDriven === true;
  if (!timeDriven) drive.add(book);
  const active = (): FakeSpreadsheet | null => (timeDriven ? null : book);
  const logs: string[] = [];
  const sidebar = readFileSync(path.join(dir, "Sidebar.html"), "utf8");
  const help = readFileSync(path.join(dir, "FunctionHelp.html"), "utf8");
  const sandbox: Record<string, unknown> = {
    UrlFetchApp: urlFetch,
    CacheService: {
      getDocumentCache: () => (timeDriven ? null : documentCache),
      getScriptCache: () => scriptCache,
    },
    PropertiesService: {
      getUserProperties: () => userProps,
      getDocumentProperties: () => (timeDriven ? null : documentProps),
    },
    LockService: { getScriptLock: () => lock },
    Utilities: {
      sleep: (ms: number) => clock.advance(ms),
      formatDate: fakeFormatDate,
      computeDigest: fakeComputeDigest,
      ...UTILITIES_ENUMS,
    },
    Charts: { ChartType: CHART_TYPES },
    SpreadsheetApp: {
      getUi: () => {
        if (timeDriven) throw new Error("Cannot call SpreadsheetApp.getUi() from this context.");
        return ui;
      },
      getActiveSpreadsheet: active,
      openById: (id: string) => drive.openById(id),
      newConditionalFormatRule,
      // The plain fake writes at once: nothing is held for a flush to land.
      flush: () => undefined,
    },
    ScriptApp: scriptApp.forExecution(active),
    HtmlService: fakeHtmlService({ Sidebar: sidebar, FunctionHelp: help }),
    Logger: { log: (...a: unknown[]) => logs.push(a.map(String).join(" ")) },
    console: {
      log: (...a: unknown[]) => logs.push(a.map(String).join(" ")),
      warn: (...a: unknown[]) => logs.push(a.map(String).join(" ")),
      error: (...a: unknown[]) => logs.push(a.map(String).join(" ")),
    },
    __clock: clock,
  };
  const serve = shared.services;
  if (serve) for (const name of SERVICES) sandbox[name] = serve(sandbox[name] as object);
  const context = vm.createContext(sandbox);
  // Apps Script's Date.now is the real time; here it is the fake clock.
  vm.runInContext("Date.now = function () { return __clock.now(); };", context);
  vm.runInContext(readFileSync(path.join(dir, "Code.js"), "utf8"), context, {
    filename: "Code.js",
  });
  vm.runInContext(readFileSync(path.join(dir, "Stubs.js"), "utf8"), context, {
    filename: "Stubs.js",
  });
  return {
    context,
    clock,
    urlFetch,
    documentCache,
    scriptCache,
    userProps,
    documentProps,
    lock,
    ui,
    book,
    sheet,
    scriptApp,
    drive,
    logs,
    call(name, ...args) {
      const fn = (context as Record<string, unknown>)[name];
      if (typeof fn !== "function") throw new Error(`no top-level function ${name}`);
      return (fn as (...a: unknown[]) => unknown)(...args);
    },
  };
}

/** Run a stub like a cell: its value, or "#ERROR! message" as Sheets would show it. */
export function cell(addon: LoadedAddon, name: string, ...args: unknown[]): unknown {
  try {
    return addon.call(name, ...args);
  } catch (err) {
    return `#ERROR! ${err instanceof Error || (typeof err === "object" && err !== null && "message" in err) ? (err as { message: string }).message : String(err)}`;
  }
}

/** What a suite over the built add-on and a server process shares (set in beforeAll). */
export interface AddonSuite {
  readonly dir: string;
  readonly server: ServerProcess;
  readonly http: SyncHttp;
}

/**
 * Build the add-on, start the server process and the synchronous HTTP bridge once for the
 * suite (stopped after it); read the fields inside tests, not at load time.
 */
export function addonSuite(options: ServerProcessOptions = {}): AddonSuite {
  const suite = {} as { dir: string; server: ServerProcess; http: SyncHttp };
  beforeAll(async () => {
    suite.dir = buildSheetsBundle();
    suite.server = await startServerProcess(options);
    suite.http = new SyncHttp(30_000);
  });
  afterAll(async () => {
    await suite.http?.close();
    await suite.server?.stop();
  });
  return suite;
}

/** The import both Sheets import suites run: shop A's products by profit into "Top products". */
export const TOP_PRODUCTS_IMPORT = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
};
