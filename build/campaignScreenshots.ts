/**
 * `MKT_WEB_URL=... MKT_API_URL=... MKT_KEY=... npx tsx build/campaignScreenshots.ts`: the README's
 * pictures of the campaign planner and the new-listing sheet in the web demo of a running
 * `npm start` (its printed address and demo key), in headless Chromium:
 * docs/campaign-sheet.png (shop 100001 SG's top 50 products by profit, 15 % off, 20 % target)
 * and docs/new-listing-sheet.png (five candidates typed in the "New listings" sheet, the figures
 * beside them). Fails if a PNG is 250 KB or more (they are committed).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { pasteValues } from "../test/hosts/web/webPage";

const DOCS = path.resolve(__dirname, "..", "docs");
const MAX_BYTES = 250 * 1024;
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const need = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name}: set it (npm start prints it)`);
  return v;
};

async function waitSaid(page: Page, id: string, was: string): Promise<string> {
  await page.waitForFunction(
    ([sel, old]) => {
      const line = document.querySelector(sel);
      const said = line?.classList.contains("ok") || line?.classList.contains("error");
      return said === true && (line?.textContent ?? "") !== old;
    },
    [id, was] as const,
    { timeout: 600_000, polling: 200 },
  );
  return (await page.textContent(id)) ?? "";
}

async function shot(page: Page, file: string): Promise<void> {
  const out = path.join(DOCS, file);
  await page.screenshot({ path: out });
  const bytes = statSync(out).size;
  if (bytes >= MAX_BYTES) throw new Error(`${out} is ${bytes} bytes: over ${MAX_BYTES}`);
  console.log(`wrote ${path.relative(process.cwd(), out)} (${Math.round(bytes / 1024)} KB)`);
}

async function main(): Promise<void> {
  const [web, api, key] = [need("MKT_WEB_URL"), need("MKT_API_URL"), need("MKT_KEY")];
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await page.goto(`${web}/index.html?api=${encodeURIComponent(api)}`);
    await page.locator("#api-key").waitFor();
    await page.fill("#api-key", key);
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();

    await page.locator("#campaign > summary").click();
    await page.locator('#campaign-shop option[value="A:100001"]').waitFor({ state: "attached" });
    await page.selectOption("#campaign-shop", "A:100001");
    await page.selectOption("#campaign-source", "profit");
    await page.fill("#campaign-top", "50");
    console.log(await page.textContent("#campaign-top-cost"));
    const was = (await page.textContent("#campaign-status")) ?? "";
    await page.click("#campaign-new");
    const said = await waitSaid(page, "#campaign-status", was);
    console.log(said);
    if (!/SKUs priced/.test(said)) throw new Error(said);
    await page.locator("#campaign-top-cost").scrollIntoViewIfNeeded();
    await shot(page, "campaign-sheet.png");
    await page.locator("#campaign > summary").click();

    await page.locator("#new-listing > summary").click();
    // The first build makes the input sheet; the candidates are then typed in it.
    const first = (await page.textContent("#new-listing-status")) ?? "";
    await page.click("#new-listing-new");
    console.log(await waitSaid(page, "#new-listing-status", first));
    const rows: (string | number)[][] = [
      ["Bamboo cutting board", 6, 24.9, 100003, 200003, "Home Supplies > Kitchen > Cookware"],
      ["Vitamin C serum", 9.5, 39, 100002, 200002, "Beauty & Personal Care > Skincare > Serums"],
      ["Phone case", 2.2, 15, 100001, 200001, "Phones & Electronics > Accessories > Phone Cases"],
      ["Yoga mat", 14, 59, 100009, 200007, "Sports & Outdoor > Fitness > Yoga Mats"],
      ["Desk lamp", 11, 45, 100004, "", ""],
    ];
    // As a paste would (the page's test inspector, test/hosts/web/webPage.ts).
    await pasteValues(page, "New listings", "A2", rows);
    const second = (await page.textContent("#new-listing-status")) ?? "";
    await page.click("#new-listing-new");
    console.log(await waitSaid(page, "#new-listing-status", second));
    await page.locator("#category-a-load").click();
    await page.locator("#category-a-list").waitFor();
    await page.fill("#category-a-search", "a");
    await page.locator("#new-listing-categories").scrollIntoViewIfNeeded();
    await shot(page, "new-listing-sheet.png");
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
