/**
 * The BUILT dist/excel/taskpane.html in headless Chromium: Office.js from the CDN is replaced
 * by the test's Office shim (CustomFunctions, OfficeRuntime.storage, Excel.run's workbook
 * settings, Office.addin), so the page runs the real functions.js and taskpane-app.js in one
 * shared runtime against the reference server on 127.0.0.1. Skipped with a message only when
 * /usr/bin/chromium is missing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OFFICE_JS_CDN } from "../../../build/excel";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserTestsBlocker, openExcelPage, ROOT, type ExcelPage } from "./harness/browser";
import type { CallOutcome } from "./nodeExcel";

const blocker = browserTestsBlocker();
if (blocker) console.warn(blocker);
const describeBrowser = blocker ? describe.skip : describe;

jest.setTimeout(120_000);

const ARTIFACTS = path.join(ROOT, "test-artifacts");

interface ShimWindow {
  excelShim: {
    loadMetadata(url?: string): Promise<number>;
    callFunction(id: string, args: unknown[]): Promise<CallOutcome>;
    settingsCalls(): Array<{ method: string; args: unknown[] }>;
    workbookSettings(): Record<string, string>;
    startupCalls(): string[];
    setStorage(items: Record<string, string>): Promise<void>;
    getStorage(key: string): Promise<string | null>;
    enterFormulas(f: Array<{ address: string; id: string; args: unknown[] }>): void;
    idle(timeoutMs?: number): Promise<void>;
    select(address: string): void;
    cells(): Array<{ address: string; runs: number; value: CallOutcome | null }>;
  };
}

describeBrowser("Excel task pane (built taskpane.html) in Chromium", () => {
  let server: TestServer;
  let pane: ExcelPage;
  let emptyOfficeJs: string;
  let work: string;

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(path.join(os.tmpdir(), "mkt-taskpane-"));
    emptyOfficeJs = path.join(work, "office.js");
    // The shim (loaded before any page script) stands in for Office.js.
    writeFileSync(emptyOfficeJs, "/* Office.js: the test's Office shim is already loaded */\n");
    pane = await openExcelPage({
      pagePath: "taskpane.html",
      routes: { [OFFICE_JS_CDN]: emptyOfficeJs },
    });
  });

  afterAll(async () => {
    await pane?.close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const shim = <T>(fn: (s: ShimWindow["excelShim"], arg: string) => Promise<T> | T, arg = "") =>
    pane.page.evaluate(
      ([source, a]) => {
        const f = new Function("s", "a", `return (${source})(s, a);`) as (
          s: unknown,
          a: string,
        ) => unknown;
        return f((window as unknown as ShimWindow).excelShim, a) as Promise<T>;
      },
      [fn.toString(), arg] as const,
    );

  test("the app mounts, a saved key goes to OfficeRuntime.storage only, cells use it, the page forgets it", async () => {
    const { page } = pane;
    // Point the pane and the functions at the test server, as Settings > API address would.
    await shim((s, url) => s.setStorage({ "mkt.baseUrl": url }), server.baseUrl);
    await page.setViewportSize({ width: 350, height: 900 }); // a task pane's width
    await page.reload();
    await page.locator("#api-key").waitFor({ state: "visible", timeout: 15_000 });
    expect(await page.locator("#key-missing").count()).toBe(1);

    // Before a key: a cell says so.
    expect(await shim((s) => s.loadMetadata())).toBeGreaterThan(0);
    const before = await shim((s) => s.callFunction("SHOPS", ["A"]));
    expect(before).toMatchObject({ ok: false, error: "#VALUE!" });

    const key = server.keyFor("demo");
    await page.locator("#api-key").fill(key);
    await page.locator("#save-key").click();
    await page.locator("#key-saved").waitFor({ state: "visible", timeout: 15_000 });
    expect(await page.locator("#key-saved").innerText()).toContain(key.slice(0, 8));

    // Where the key went: OfficeRuntime.storage, never the workbook.
    expect(await shim((s) => s.getStorage("mkt.apiKey"))).toBe(key);
    expect(await shim((s) => s.settingsCalls())).toEqual([]);
    expect(JSON.stringify(await shim((s) => s.workbookSettings()))).not.toContain(key);

    // The functions runtime (same page) picked it up without a reload.
    const after = await shim((s) => s.callFunction("SHOPS", ["A"]));
    expect(after.ok).toBe(true);
    if (after.ok && Array.isArray(after.value)) expect(after.value.length).toBeGreaterThan(1);

    // The key is not in the page any more: not in the DOM, not in any field.
    const html = await page.content();
    expect(html).not.toContain(key);
    const fieldValues = await page.$$eval("input, textarea", (els) =>
      els.map((e) => (e as HTMLInputElement).value),
    );
    expect(fieldValues.some((v) => v.includes(key))).toBe(false);
    expect(await page.locator("#api-key").inputValue()).toBe("");
    expect(pane.console.join("\n")).not.toContain(key);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({
      path: path.join(ARTIFACTS, "excel-taskpane-key-saved.png"),
      fullPage: true,
    });
  });

  test("the pane shows the queue, refreshes the selection's cells and pauses live calls", async () => {
    const { page } = pane;
    await page.locator("#queue-text").waitFor({ state: "visible", timeout: 15_000 });
    await shim(async (s) => {
      s.enterFormulas(
        [1, 2, 3].map((i) => ({ address: `Sheet1!A${i}`, id: "SHOPS", args: ["A"] })),
      );
      await s.idle();
    });
    await shim((s) => s.select("Sheet1!A1:A2"));
    await page.locator("#refresh-selection").click();
    await page.locator("#queue-status", { hasText: "Asked 2 cells again" }).waitFor();
    await shim((s) => s.idle());
    const runs = await shim((s) => s.cells().map((c) => [c.address, c.runs]));
    expect(runs).toEqual([
      ["Sheet1!A1", 2],
      ["Sheet1!A2", 2],
      ["Sheet1!A3", 1],
    ]);
    expect(await page.locator("#list-answers").isChecked()).toBe(true);
    await page.locator("#live-calls", { hasText: "Pause live calls" }).click();
    await page.locator("#queue-text", { hasText: "Live calls paused" }).waitFor();
    expect(await shim((s) => s.getStorage("mkt.liveCalls"))).toBe("off");
    await page.locator("#live-calls", { hasText: "Resume live calls" }).click();
    await page.locator("#queue-text", { hasText: "No cells waiting." }).waitFor();
  });

  test("refresh on open switches Office.addin's startup behavior to Load and back to None", async () => {
    const { page } = pane;
    await page.locator("#sec-imports > summary").click();
    const box = page.locator("#auto-refresh");
    await box.waitFor({ state: "visible", timeout: 15_000 });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await expectSoon(() => shim((s) => s.startupCalls()), ["Load"]);
    expect(await shim((s) => s.workbookSettings())).toMatchObject({ "mkt.autoRefresh": "on" });
    await page.screenshot({
      path: path.join(ARTIFACTS, "excel-taskpane-refresh-on-open.png"),
      fullPage: true,
    });
    await box.uncheck();
    await expectSoon(() => shim((s) => s.startupCalls()), ["Load", "None"]);
    expect(await shim((s) => s.workbookSettings())).toMatchObject({ "mkt.autoRefresh": "off" });
  });
});

async function expectSoon<T>(
  read: () => Promise<T>,
  expected: T,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  expect(last).toEqual(expected);
}
