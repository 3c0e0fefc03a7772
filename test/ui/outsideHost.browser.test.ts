/**
 * The built Sheets sidebar and Excel task pane opened in a plain Chromium tab (no Apps Script,
 * no Office.js): each shows a sentence saying where to open it, not a blank page (issue 12).
 * Screenshots go to test-artifacts/.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { OUTSIDE_EXCEL, OUTSIDE_SHEETS } from "../../src/ui/outsideHost";
import { CHROMIUM, CHROMIUM_FLAGS } from "../hosts/excel/harness/browser";

const ROOT = path.resolve(__dirname, "..", "..");
const ARTIFACTS = path.join(ROOT, "test-artifacts");

let browser: Browser;
beforeAll(async () => {
  if (!existsSync(path.join(ROOT, "dist", "sheets", "Sidebar.html")))
    throw new Error("run npm run build first (npm test does)");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(() => browser?.close());

test.each([
  ["sheets/Sidebar.html", OUTSIDE_SHEETS, "outside-host-sheets.png"],
  ["excel/taskpane.html", OUTSIDE_EXCEL, "outside-host-excel.png"],
])("%s opened outside its host says where to open it", async (file, sentence, shot) => {
  const page = await browser.newPage({ viewport: { width: 320, height: 360 } });
  // A page outside its host says so, and nothing else: no uncaught error behind the sentence.
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // Nothing leaves the machine: Office.js from its CDN is refused like a missing host.
  await page.route("**/*", (route) =>
    route.request().url().startsWith("file:") ? route.continue() : route.abort(),
  );
  await page.goto(`file://${path.join(ROOT, "dist", file)}`);
  await page.waitForSelector("#outside-host", { timeout: 10_000 });
  expect(await page.textContent("#outside-host")).toBe(sentence);
  expect(await page.isVisible("#outside-host")).toBe(true);
  await page.screenshot({ path: path.join(ARTIFACTS, shot) });
  await page.waitForTimeout(500); // late scripts (Office.js refused) have run by now
  expect(errors).toEqual([]);
  await page.close();
});
