/**
 * The shared sidebar wired into the BUILT Sheets add-on: dist/sheets Code.js + Stubs.js in a
 * vm with Apps Script fakes (sheets, ScriptApp triggers, setValues' "=" rule and size
 * checks), the sidebar's real googleScriptBridge calling the top-level wrappers the way
 * google.script.run does (JSON-only payloads), and real HTTP to the reference server, which
 * here serves no B/C shop lists (404) and has formula-looking product names.
 */
import { jobsPending } from "../../../src/hosts/sheets/sheet/sheetJobs";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ImportDefinition } from "../../../src/imports/definitions";
import {
  createGoogleScriptBridge,
  type ServerCall,
} from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import { FakeProperties, FakeSpreadsheet, type FakeSheet } from "./fakes";
import {
  buildSheetsBundle,
  loadAddon,
  startServerProcess,
  type LoadedAddon,
  type ServerProcess,
} from "./harness";
import { SyncHttp } from "./syncHttp";
import { demoIds } from "../excel/harness/catalogCases";
import { TRICKY_TEXTS } from "../../helpers/trickyText";

jest.setTimeout(180_000);

const HOSTILE_NAME = '=HYPERLINK("http://x","y")';
const ROOT = path.resolve(__dirname, "../../..");

let dir = "";
let server: ServerProcess;
let http: SyncHttp;
let deadUrl = "";

/** A base URL nothing listens on (a port opened and closed again). */
async function deadBaseUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  const port = typeof address === "object" && address ? address.port : 9;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  dir = buildSheetsBundle();
  server = await startServerProcess({
    hostileNames: true,
    withoutEndpoints: ["SHOPS_B", "SHOPS_C"],
  });
  http = new SyncHttp(30_000);
  deadUrl = await deadBaseUrl();
});

afterAll(async () => {
  await http?.close();
  await server?.stop();
});

function addon(key: string | null = server.keys.demo): LoadedAddon {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", server.baseUrl);
  if (key) userProps.setProperty("mkt.apiKey", key);
  return loadAddon(dir, { http, userProps });
}

/**
 * google.script.run over the loaded project: only top-level functions, arguments and results
 * as JSON (no Date, no functions), a thrown error as an Error with its message.
 */
function scriptRun(a: LoadedAddon, before?: (name: string) => void) {
  const log: string[] = [];
  const call: ServerCall = <T>(name: string, ...args: unknown[]): Promise<T> => {
    log.push(name);
    before?.(name);
    const fn = (a.context as Record<string, unknown>)[name];
    if (typeof fn !== "function" || name.endsWith("_"))
      return Promise.reject(new Error(`Server function ${name} is missing`));
    try {
      const result: unknown = (fn as (...x: unknown[]) => unknown)(
        ...(JSON.parse(JSON.stringify(args)) as unknown[]),
      );
      return Promise.resolve(JSON.parse(JSON.stringify(result ?? null)) as T);
    } catch (e) {
      const message = (e as { message?: unknown })?.message;
      return Promise.reject(new Error(typeof message === "string" ? message : String(e)));
    }
  };
  return { call, log };
}

/** Products of shop A 100001 SG sorted by profit, straight from the API (the expected rows). */
async function expectedItemIds(shopId: number, region: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ids.length < count; page++) {
    const res = await fetch(
      `${server.baseUrl}/api/mkt-a/financial-breakdown/products/${shopId}/${region}/sorted-by-profit`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${server.keys.demo}`,
          "content-type": "application/json",
        },
        // The import sends the add-in's default profit basis: VAT counted (issue 12).
        body: JSON.stringify({ page, pageSize: 500, includeVat: true }),
      },
    );
    const body = (await res.json()) as { data: { entries: Array<{ itemId: number }> } };
    if (body.data.entries.length === 0) break;
    ids.push(...body.data.entries.map((r) => r.itemId));
  }
  return ids.slice(0, count);
}

const PROFIT: ImportDefinition = {
  id: "profit-sg",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Profit",
  options: { limit: 2000 },
};

/** The same user's project open in another spreadsheet (own document properties). */
function sameUserIn(a: LoadedAddon, book: FakeSpreadsheet): LoadedAddon {
  const { userProps, scriptApp, drive, clock, scriptCache, lock } = a;
  return loadAddon(dir, { http, userProps, scriptApp, drive, clock, scriptCache, lock, book });
}

/**
 * The user's daily trigger firing: a fresh execution of the project with no open spreadsheet,
 * no document properties and no UI, calling the trigger's handler with an event object.
 */
function fireDailyTrigger(a: LoadedAddon): unknown {
  const { userProps, scriptApp, drive, clock, scriptCache, lock } = a;
  const run = loadAddon(dir, {
    http,
    userProps,
    scriptApp,
    drive,
    clock,
    scriptCache,
    lock,
    timeDriven: true,
  });
  const handlers = scriptApp.triggers.map((t) => t.getHandlerFunction());
  expect(handlers).toEqual(["sidebarRefreshAllImports"]);
  return run.call(handlers[0] ?? "", { authMode: "FULL", triggerUid: "1" });
}

function sheetNamed(a: LoadedAddon, name: string): FakeSheet {
  const sheet = a.book.getSheetByName(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

describe("the built sidebar files", () => {
  test("Sidebar.html is the whole app in one file: inline script, nothing loaded from elsewhere", () => {
    const html = readFileSync(path.join(dir, "Sidebar.html"), "utf8");
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href=/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('<div id="app"></div>');
    expect(html).toContain("google.script.run");
    expect(html).not.toContain("localStorage"); // the key's prefix comes from getSettings
    expect(html.length).toBeGreaterThan(50_000); // the preact app, not the interim form
    const a = addon(null);
    a.call("showSettings");
    expect((a.ui.sidebars[0] as { content: string }).content).toBe(html);
  });

  test("every function the sidebar runs is a top-level function of the project", () => {
    // The sidebar calls the server through its typed proxy: `server.name(...)`, and the
    // queue's two status calls by name (`ask("getScheduler")`).
    const bridge = ["sidebar/sidebarBridge.ts", "sidebar/sidebarQueue.ts"]
      .map((f) => readFileSync(path.join(ROOT, "src/hosts/sheets", f), "utf8"))
      .join("\n");
    const names = new Set(
      [...bridge.matchAll(/server\.([A-Za-z0-9_]+)\b|ask\("([A-Za-z0-9_]+)"\)/g)].map(
        (m) => (m[1] ?? m[2]) as string,
      ),
    );
    expect(names.size).toBeGreaterThan(15);
    for (const must of [
      "getSettings",
      "sidebarListShops",
      "sidebarJobStart",
      "sidebarJobStep",
      "sidebarJobCancel",
    ])
      expect(names).toContain(must);
    const a = addon(null);
    const context = a.context as Record<string, unknown>;
    for (const name of names) {
      expect(name.endsWith("_")).toBe(false);
      expect([name, typeof context[name]]).toEqual([name, "function"]);
    }
    // One wrapper per server function, passing every argument on (a function's arity stops
    // at its first default parameter, so counting parameters once dropped the import's answer).
    const stubs = readFileSync(path.join(dir, "Stubs.js"), "utf8");
    const bundle = context.MKTA_ADDIN as {
      SIDEBAR_SERVER_FUNCTIONS: Record<string, (...a: unknown[]) => unknown>;
    };
    const serverFns = Object.entries(bundle.SIDEBAR_SERVER_FUNCTIONS);
    expect(serverFns.length).toBeGreaterThan(10);
    for (const [name, fn] of serverFns) {
      const decl = new RegExp(`^function ${name}\\(([^)]*)\\) \\{$`, "m").exec(stubs);
      expect([name, decl !== null]).toEqual([name, true]);
      expect([name, decl?.[1], typeof fn]).toEqual([name, "...args", "function"]);
      expect(stubs).toContain(`return MKTA_ADDIN.SIDEBAR_SERVER_FUNCTIONS.${name}(...args);`);
    }
    expect(stubs).not.toMatch(/importToSheet/);
  });
});

describe("the sidebar against the add-on and the reference server", () => {
  test("a 2,000-row import by profit: paged, one setValues per 500-row chunk, hostile names as text", async () => {
    const a = addon();
    const run = scriptRun(a);
    const result = await createGoogleScriptBridge(run.call).runImport(PROFIT);
    expect(result.rows).toBe(2000);
    // A job: started, then one step a server call (two pages a step, then the commit, the
    // log and the staging's removal), none near Apps Script's 6 minutes.
    expect(run.log[0]).toBe("sidebarJobStart");
    expect(new Set(run.log.slice(1))).toEqual(new Set(["sidebarJobStep"]));
    expect(run.log.length).toBeLessThanOrEqual(8);
    // Staging and the job's checkpoint gone; the tables' records (hidden) and the log remain,
    // and the hidden jobs sheet with the last job's outcome (its head alone: nothing to run).
    expect(jobsPending(a.book as unknown as Parameters<typeof jobsPending>[0])).toBe(false);
    expect(a.book.getSheets().map((s) => s.getName())).toEqual([
      "Sheet1",
      "~mkt jobs",
      "Profit",
      "~mkt tables",
      "Refresh log",
    ]);
    const target = sheetNamed(a, "Profit");
    const values = target.values();
    expect(values).toHaveLength(2001);
    expect(values[0]).toContain("Item id");
    const idCol = (values[0] ?? []).indexOf("Item id");
    const nameCol = (values[0] ?? []).indexOf("Name");
    expect(values.slice(1).map((r) => r[idCol])).toEqual(await expectedItemIds(100001, "SG", 2000));
    // The header, then 2,000 rows in 500-row chunks: 5 writes, none cell by cell.
    expect(target.setValuesCalls.map((c) => c.rows)).toEqual([1, 500, 500, 500, 500]);
    expect(target.setValuesCalls.every((c) => c.columns === values[0]?.length)).toBe(true);
    // The hostile names landed as text, never as formulas.
    const hostileRows = values.filter((r) => r[nameCol] === HOSTILE_NAME);
    expect(hostileRows.length).toBeGreaterThan(10);
    expect(target.allCells().filter((c) => c.kind === "formula")).toEqual([]);
    expect(target.frozenRows).toBe(1);
    expect(target.notes.get("1,1")).toContain("Rows: 2000");
  });

  test("the API going away mid-import leaves the previous table untouched: the job says why, Cancel ends it", async () => {
    const a = addon();
    await createGoogleScriptBridge(scriptRun(a).call).runImport(PROFIT);
    const target = sheetNamed(a, "Profit");
    const before = JSON.stringify(target.values());
    const writesBefore = target.setValuesCalls.length;
    let steps = 0;
    const run = scriptRun(a, (name) => {
      // The API goes away after the job's first step (its first pages are staged).
      if (name === "sidebarJobStep" && ++steps === 2)
        a.userProps.setProperty("mkt.baseUrl", deadUrl);
    });
    const controller = new AbortController();
    const stops: string[] = [];
    await expect(
      createGoogleScriptBridge(run.call).runImport(PROFIT, {
        signal: controller.signal,
        onProgress: (view) => {
          // The job waits out a stop that passes and says why; the seller cancels.
          if (view.stopped && stops.push(view.stopped) === 1) controller.abort();
        },
      }),
    ).rejects.toThrow();
    expect(stops[0]).toMatch(/Could not reach the API at http:\/\/127\.0\.0\.1:\d+/);
    expect(run.log).toContain("sidebarJobCancel");
    expect(JSON.stringify(target.values())).toBe(before);
    expect(target.setValuesCalls).toHaveLength(writesBefore);
    expect(jobsPending(a.book as unknown as Parameters<typeof jobsPending>[0])).toBe(false);
    expect(a.book.getSheets().map((s) => s.getName())).toEqual([
      "Sheet1",
      "~mkt jobs",
      "Profit",
      "~mkt tables",
      "Refresh log",
    ]);
  });

  test("saved imports: the daily trigger's handler and Refresh imports re-run them", async () => {
    const a = addon();
    const bridge = createGoogleScriptBridge(scriptRun(a).call);
    const th: ImportDefinition = {
      ...PROFIT,
      id: "profit-th",
      shopId: "100002",
      region: "TH",
      sheetName: "Profit TH",
      options: {},
    };
    await bridge.saveImport(PROFIT);
    expect((await bridge.saveImport(th)).map((d) => d.id)).toEqual(["profit-sg", "profit-th"]);
    expect(JSON.stringify([...a.documentProps.map.values()])).not.toContain(server.keys.demo);

    expect(await bridge.setAutoRefresh(true)).toEqual({
      label: "Refresh saved imports daily",
      enabled: true,
      documents: 1,
      lastRun: null,
    });
    expect(await bridge.setAutoRefresh(true)).toMatchObject({ enabled: true }); // no second trigger
    // Google lists a document's own triggers there, never a time-driven one.
    const scriptApp = (a.context as { ScriptApp: { getUserTriggers(d: unknown): unknown[] } })
      .ScriptApp;
    expect(scriptApp.getUserTriggers(a.book)).toEqual([]);
    expect(await bridge.getAutoRefresh()).toMatchObject({ enabled: true });

    // The trigger fires with no open spreadsheet: the imports come from the user's registry.
    expect(fireDailyTrigger(a)).toEqual({ refreshed: 2, failed: [], kept: [], dropped: [] });
    expect(a.drive.opened).toEqual(["doc-1"]);
    expect(sheetNamed(a, "Profit").values()).toHaveLength(2001);
    const thIds = await expectedItemIds(100002, "TH", 10_000);
    expect(sheetNamed(a, "Profit TH").values()).toHaveLength(thIds.length + 1);
    // The registry (user properties) holds ids and definitions, never the key.
    const registry = [...a.userProps.map].filter(([k]) => k.startsWith("mkt.dailyRefresh"));
    expect(registry.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(registry)).not.toContain(server.keys.demo.slice(0, 12));

    // Someone scribbles over a cell of the table: the menu's Refresh imports, with nobody asked,
    // keeps it and says so (issue 20; this passed as "put back" only while Sheets cut table
    // records past 32,767 characters, so a 300-row table was rewritten whole).
    sheetNamed(a, "Profit TH")
      .getRange(2, 1, 1, 1)
      .setValues([["scribble"]]);
    expect(a.call("refreshImports")).toEqual({
      refreshed: 2,
      failed: [],
      kept: ["Profit TH: kept 1 cell you changed by hand (A2); refresh from the sidebar to choose"],
    });
    expect(a.book.toasts).toEqual([
      "2 imports refreshed; Profit TH: kept 1 cell you changed by hand (A2); refresh from the sidebar to choose",
    ]);
    const values = sheetNamed(a, "Profit TH").values();
    expect(values[1]?.[0]).toBe("scribble");
    expect(values.slice(1).map((r) => r[(values[0] ?? []).indexOf("Item id")])).toEqual(thIds);

    expect(await bridge.setAutoRefresh(false)).toMatchObject({ enabled: false, documents: 0 });
    expect(a.scriptApp.triggers).toEqual([]);
  });

  test("daily refresh in two spreadsheets: one trigger for the user, both refreshed via openById", async () => {
    const a = addon();
    const b = sameUserIn(a, new FakeSpreadsheet("doc-2", "Shop TH"));
    const inA = createGoogleScriptBridge(scriptRun(a).call);
    const inB = createGoogleScriptBridge(scriptRun(b).call);
    const small: ImportDefinition = {
      ...PROFIT,
      id: "small",
      sheetName: "Top 50",
      options: { limit: 50 },
    };
    const th: ImportDefinition = {
      ...small,
      id: "th",
      shopId: "100002",
      region: "TH",
      sheetName: "Top 50 TH",
    };
    await inA.saveImport(small);
    await inB.saveImport(th);
    expect(await inA.setAutoRefresh(true)).toMatchObject({ enabled: true, documents: 1 });
    expect(await inB.getAutoRefresh()).toMatchObject({ enabled: false, documents: 1 });
    expect(await inB.setAutoRefresh(true)).toMatchObject({ enabled: true, documents: 2 });
    expect(a.scriptApp.triggers).toHaveLength(1);
    // Saved after daily refresh was turned on: the trigger picks it up.
    await inA.saveImport({ ...small, id: "more", sheetName: "Top 50 again" });

    expect(fireDailyTrigger(a)).toEqual({ refreshed: 3, failed: [], kept: [], dropped: [] });
    expect([...a.drive.opened].sort()).toEqual(["doc-1", "doc-2"]);
    expect(sheetNamed(a, "Top 50").values()).toHaveLength(51);
    expect(sheetNamed(a, "Top 50 again").values()).toHaveLength(51);
    expect(sheetNamed(b, "Top 50 TH").values()).toHaveLength(51);
    expect(b.book.getSheetByName("Top 50")).toBeNull();
    const ids = (t: FakeSheet) =>
      t
        .values()
        .slice(1)
        .map((r) => r[1]);
    expect(ids(sheetNamed(b, "Top 50 TH"))).not.toEqual(ids(sheetNamed(a, "Top 50")));

    // The first spreadsheet is deleted: the next run drops it and says so; B still refreshes.
    a.drive.remove("doc-1");
    const run = fireDailyTrigger(a) as { refreshed: number; dropped: string[] };
    expect(run.refreshed).toBe(1);
    expect(run.dropped).toEqual([
      expect.stringMatching(/^Untitled spreadsheet: dropped from daily refresh/),
    ]);
    const view = (await inB.getAutoRefresh()) as unknown as {
      documents: number;
      lastRun: { notes: string[] };
    };
    expect(view.documents).toBe(1);
    expect(view.lastRun.notes[0]).toMatch(/dropped from daily refresh/);
    expect(a.scriptApp.triggers).toHaveLength(1);

    // Turning it off in the last one removes the user's trigger.
    expect(await inB.setAutoRefresh(false)).toMatchObject({ enabled: false, documents: 0 });
    expect(a.scriptApp.triggers).toEqual([]);
  });

  test("getSettings gives the sidebar the key's first characters only", async () => {
    const a = addon(null);
    const bridge = createGoogleScriptBridge(scriptRun(a).call);
    expect(await bridge.getSettings()).toMatchObject({ hasKey: false, keyPrefix: null });
    const key = server.keys.demo;
    const saved = await bridge.saveApiKey(key);
    expect(saved.keyPrefix).toBe(`${key.slice(0, 15)}…`);
    expect(key.length).toBeGreaterThan(30);
    const raw = JSON.stringify(a.call("getSettings"));
    expect(raw).not.toContain(key);
    expect(raw).not.toContain(key.slice(0, 16));
    expect((await bridge.forgetApiKey()).keyPrefix).toBeNull();
  });

  test("listShops survives the B and C lists answering 404: A's shops, B and C typed in", async () => {
    const a = addon();
    const perMarket = a.call("listShops") as Array<Record<string, unknown>>;
    expect(perMarket.map((m) => [m.marketplace, "shops" in m, m.missing === true])).toEqual([
      ["A", true, false],
      ["B", false, true],
      ["C", false, true],
    ]);
    const bridge = createGoogleScriptBridge(scriptRun(a).call);
    const view = await bridge.listShops();
    expect(view.typedInOnly).toEqual(["B", "C"]);
    expect(view.shops.map((s) => `${s.marketplace}${s.id}${s.region}`)).toEqual([
      "A100001SG",
      "A100002TH",
    ]);
    const after = await bridge.rememberShop({ marketplace: "B", id: "500001", region: "my" });
    expect(after.shops.map((s) => [s.marketplace, s.id, s.region, s.typed])).toContainEqual([
      "B",
      "500001",
      "MY",
      true,
    ]);
  });

  test("getQuota: requests in the last minute and the cache hit rate across executions", async () => {
    const a = addon(server.keys.demo2);
    const bridge = createGoogleScriptBridge(scriptRun(a).call);
    expect(await bridge.getQuota()).toMatchObject({
      requestsLastMinute: 0,
      limitPerMinute: 60,
      cacheHitRate: null,
      queue: { cellsQueued: 0, liveCalls: true, pausedForSeconds: 0, unreachableForSeconds: null },
    });
    // Four executions (cells): the first asks the API, the other three are cache hits.
    for (let i = 0; i < 4; i++) a.call("SHOPS", "A");
    expect(a.urlFetch.log).toHaveLength(1);
    expect(await bridge.getQuota()).toMatchObject({
      requestsLastMinute: 1,
      limitPerMinute: 60,
      cacheHitRate: 0.75,
    });
    a.clock.advance(61_000);
    await bridge.clearCache();
    expect(await bridge.getQuota()).toMatchObject({
      requestsLastMinute: 0,
      limitPerMinute: 60,
      cacheHitRate: null,
    });
  });

  test("an empty list (B13, not yet populated) imports as its header and a 'no rows yet' note", async () => {
    const a = addon();
    const ids = demoIds();
    const result = await createGoogleScriptBridge(scriptRun(a).call).runImport({
      id: "roas-b",
      kind: "productsByRoas",
      marketplace: "B",
      shopId: String(ids.sellerB),
      region: ids.regionB,
      sheetName: "ROAS B",
    });
    expect(result.rows).toBe(0);
    const target = sheetNamed(a, "ROAS B");
    // The header is the entry fields the spec shows for B13.
    expect(target.values()).toEqual([
      ["Item id", "Raw", "Cleaned", "Deflated", "SKU details", "Status"],
    ]);
    expect(target.notes.get("1,1")).toMatch(/\nRows: 0\nNo rows yet: the API has no entries/);
  });

  test("names a sheet would parse (the probes: = behind invisible characters, ＝, −12, 1.234,56, TRUE, 1/2 ...) import as the same text", async () => {
    const a = addon();
    await createGoogleScriptBridge(scriptRun(a).call).runImport({
      id: "all-a",
      kind: "allProducts",
      marketplace: "A",
      shopId: "100001",
      region: "SG",
      sheetName: "All",
    });
    const target = sheetNamed(a, "All");
    const values = target.values();
    const nameCol = (values[0] ?? []).indexOf("Name") + 1;
    const names = values.slice(1).map((_, i) => target.cell(i + 2, nameCol));
    for (const text of TRICKY_TEXTS) expect(names).toContainEqual({ kind: "text", value: text });
    expect(target.allCells().filter((c) => c.kind === "formula")).toEqual([]);
  });

  test("bulk calculation skips a Name column; right beside it asks first and, without a yes, writes nothing", async () => {
    const a = addon();
    const sheet = a.sheet;
    const inputs = [
      ["category", "cogs", "target margin", "Name"],
      [200001, 40, 0.2, "Yoga mat"],
      [200002, 55, 0.15, "Desk lamp"],
    ];
    sheet.getRange(1, 1, 3, 4).setValues(inputs);
    a.book.active = { sheet, range: sheet.getRange(1, 1, 3, 3) };
    const bridge = createGoogleScriptBridge(scriptRun(a).call);
    const job = {
      functionName: "REQUIRED_PRICE",
      hasHeader: true,
      args: [
        { kind: "value" as const, value: "B" },
        { kind: "empty" as const },
        { kind: "value" as const, value: "MY" },
        { kind: "column" as const, column: 0 },
        { kind: "column" as const, column: 1 },
        { kind: "column" as const, column: 2 },
        { kind: "value" as const, value: "requiredListingPrice" },
      ],
    };
    const names = () => [1, 2, 3].map((r) => sheet.cell(r, 4)?.value);

    // Default: the first empty column to the right (E); the Name column is kept.
    const free = await bridge.runBulk(job);
    expect(free).toMatchObject({ address: "Sheet1!E1:E3", written: true, failed: 0 });
    expect(names()).toEqual(["Name", "Yoga mat", "Desk lamp"]);
    const prices = [2, 3].map((r) => sheet.cell(r, 5)?.value);
    expect(prices.every((p) => typeof p === "number")).toBe(true);
    // Prices read as money in MYR (two decimals), as an import writes them; the header is text.
    expect(sheet.getRange(1, 5, 3, 1).getNumberFormats()).toEqual([
      ["@"],
      ["#,##0.00"],
      ["#,##0.00"],
    ]);

    // Right beside, no confirmation possible: nothing written.
    const questions: string[] = [];
    const no = await bridge.runBulk(job, {
      beside: true,
      confirm: async (q) => (questions.push(q), false),
    });
    expect(questions).toEqual([
      "Sheet1!D1:D3 holds data. Write the answers over it, or leave it as it is?",
    ]);
    expect(no).toMatchObject({ address: "Sheet1!D1:D3", written: false });
    expect(names()).toEqual(["Name", "Yoga mat", "Desk lamp"]);
    const silent = await bridge.runBulk(job, { beside: true });
    expect(silent.written).toBe(false);
    expect(names()).toEqual(["Name", "Yoga mat", "Desk lamp"]);

    // Confirmed: written over the named range.
    const yes = await bridge.runBulk(job, { beside: true, confirm: async () => true });
    expect(yes).toMatchObject({ address: "Sheet1!D1:D3", written: true });
    expect(names()).toEqual([
      "REQUIRED_PRICE requiredListingPrice (output VAT counted)",
      ...prices,
    ]);
  });

  test("insert formula asks before writing over a cell that holds data; without a yes, nothing", async () => {
    const a = addon();
    const sheet = a.sheet;
    sheet.getRange(2, 2).setValues([["keep me"]]);
    a.book.active = { sheet, range: sheet.getRange(2, 2) };
    const bridge = createGoogleScriptBridge(scriptRun(a).call);
    const formula = '=MKTA_CATEGORIES(100001, "SG")';
    expect(await bridge.insertFormula(formula)).toEqual({ address: "Sheet1!B2", written: false });
    const questions: string[] = [];
    const no = await bridge.insertFormula(formula, {
      confirm: async (q) => (questions.push(q), false),
    });
    expect(no.written).toBe(false);
    expect(questions).toEqual([
      "Sheet1!B2 holds data. Write the formula over it, or leave it as it is?",
    ]);
    expect(sheet.cell(2, 2)).toEqual({ kind: "text", value: "keep me" });
    // The yes writes into the cell the question named, wherever the selection is now.
    const yes = await bridge.insertFormula(formula, {
      confirm: async () => {
        a.book.active = { sheet, range: sheet.getRange(5, 5) };
        return true;
      },
    });
    expect(yes).toEqual({ address: "Sheet1!B2", written: true });
    expect(sheet.cell(2, 2)).toEqual({ kind: "formula", value: formula });
    expect(sheet.cell(5, 5)).toBeUndefined();
    // An empty cell takes the formula without a question.
    const asked: string[] = [];
    const empty = await bridge.insertFormula(formula, {
      confirm: async (q) => (asked.push(q), false),
    });
    expect(empty).toEqual({ address: "Sheet1!E5", written: true });
    expect(asked).toEqual([]);
  });
});
