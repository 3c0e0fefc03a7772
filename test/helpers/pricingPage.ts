/**
 * The web demo's "Pricing sheet" section driven as a seller does, shared by the Chromium test
 * and the bench: open the section, pick a shop, press a button and wait for its new outcome.
 */
import type { Page } from "playwright-core";

/** Open the section and pick a shop ("A:100001": marketplace and id). */
export async function openPricing(page: Page, shop: string): Promise<void> {
  await page.locator("#pricing > summary").click();
  await page.locator(`#pricing-shop option[value="${shop}"]`).waitFor({ state: "attached" });
  await page.selectOption("#pricing-shop", shop);
}

/** Press a button of the section and wait for its outcome line (a new one, not "Asking"). */
export async function pressPricing(page: Page, id: string, timeout = 120_000): Promise<string> {
  const was = (await page.textContent("#pricing-status")) ?? "";
  await page.click(`#${id}`);
  await page.waitForFunction(
    (old) => {
      const t = document.querySelector("#pricing-status")?.textContent ?? "";
      return t !== "" && t !== old && !t.startsWith("Asking");
    },
    was,
    { timeout, polling: 20 },
  );
  return (await page.textContent("#pricing-status")) ?? "";
}
