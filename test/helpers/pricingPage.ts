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

/**
 * Press a button of the section and wait for its outcome line: a new one, said as done or as
 * an error (not a progress line such as "Asking the API…" or "Writing rows 400 of 1,329…").
 */
export async function pressPricing(page: Page, id: string, timeout = 120_000): Promise<string> {
  const was = (await page.textContent("#pricing-status")) ?? "";
  await page.click(`#${id}`);
  await page.waitForFunction(
    (old) => {
      const line = document.querySelector("#pricing-status");
      const t = line?.textContent ?? "";
      const said = line?.classList.contains("ok") || line?.classList.contains("error");
      return t !== "" && t !== old && said === true;
    },
    was,
    { timeout, polling: 20 },
  );
  return (await page.textContent("#pricing-status")) ?? "";
}
