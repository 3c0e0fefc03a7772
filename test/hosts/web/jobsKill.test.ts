/**
 * Issue 32's kill test in the web demo (Chromium, real HTTP to the reference server): pricing
 * builds ("Count output VAT" off, so one request per product and model: several steps), each
 * stopped when its line shows a random step, in one of three ways:
 *   reload  the page reloads; the reloaded page finds the job in the workbook it kept
 *   closed  the tab is closed, and the demo opened again in a new tab of the same browser
 *   5xx     the API answers 503 to the next eight requests (past the driver's retries): the
 *           page waits, says when it tries again, and goes on by itself
 * Each ends cell for cell equal, values and formulas, to the uninterrupted build, with no job
 * left. The step and the stop come from a printed seed (MKT_KILL_SEED=n repeats a run).
 */
import type { BrowserContext, Page } from "playwright-core";
import { LONG } from "../../helpers/long";
import { killSeed, seeded } from "../../helpers/seeded";
import { startTestServer, type TestServer } from "../../helpers/server";
import { openPricing } from "../../helpers/pricingPage";
import { COUNT_VAT_ITEM } from "../../../src/hosts/shared/settings";
import { ARTIFACTS, browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, saveKey, sheetFormulas, sheetValues } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

// Twenty Chromium builds (the long tier) take far longer than one on a loaded two-core machine.
jest.setTimeout(LONG ? 3_600_000 : 420_000);
/**
 * Stopped builds: 1 in npm test (as before this test had three stops), 20 in the long tier.
 * About 60 s a build at load 6 on two cores (a fresh profile loads the 6.7 MB page twice, the
 * build waits on the key's share; a 5xx burst adds the job's 15 s wait).
 */
const BUILDS = LONG ? 20 : 1;
const SHEET = "Pricing";
const STOPS = ["reload", "closed", "5xx"] as const;
const SEED = killSeed();

describeBrowser(
  "web demo: pricing builds stopped by a reload, a closed tab or a 5xx burst resume and end equal",
  () => {
    let api: TestServer;
    let host: WebHost;
    beforeAll(async () => {
      api = await startTestServer({ hostileNames: false });
      host = await startWebHost();
    });
    afterAll(async () => {
      await host?.close();
      await api?.close().catch(() => undefined);
    });

    /** Requests to the API still to be answered 503 (a burst), in every tab of the test. */
    const net = { burst: 0 };
    /** A tab of the demo: local addresses only, the API behind the test's 5xx switch. */
    async function tab(context: BrowserContext): Promise<Page> {
      const page = await context.newPage();
      await loopbackOnly(page);
      await page.route(`${api.baseUrl}/**`, (route) => {
        const request = route.request();
        if (net.burst <= 0 || request.method() === "OPTIONS") return route.fallback();
        net.burst--;
        return route.fulfill({
          status: 503,
          headers: {
            "content-type": "application/problem+json",
            "access-control-allow-origin": request.headers()["origin"] ?? "*",
          },
          body: JSON.stringify({ status: 503, title: "Service Unavailable", detail: "overloaded" }),
        });
      });
      return page;
    }

    /** A new workbook (a fresh browser profile): the page, its key, VAT off. */
    async function freshPage(): Promise<Page> {
      const context = await host.browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await tab(context);
      await page.goto(new URL("VERSION", host.url).href);
      await page.evaluate((item) => window.localStorage.setItem(item, "off"), COUNT_VAT_ITEM);
      await openWithApi(page, host.url, api.baseUrl);
      await saveKey(page, api.keyFor("demo"));
      return page;
    }

    /** Start a 6-product build of shop 100001 SG. */
    async function startBuild(page: Page): Promise<void> {
      await openPricing(page, "A:100001");
      await page.fill("#pricing-sheet", SHEET);
      await page.fill("#pricing-products", "6");
      await page.click("#pricing-new");
    }

    /** The step the pricing line shows now, or 0. */
    const stepShown = async (page: Page): Promise<number> =>
      Number(/^Step (\d+) of/.exec((await page.textContent("#pricing-status")) ?? "")?.[1] ?? 0);

    /** The built sheet, stamps aside. */
    async function built(page: Page) {
      const unstamped = (v: unknown): unknown =>
        typeof v === "string"
          ? v.replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?Z?/g, "<t>")
          : v;
      const formulas = await sheetFormulas(page, SHEET);
      // A formula cell is compared by its formula: the engine computes its value when it gets
      // to it, which on a busy machine may be after this read (a race, not the job's doing).
      const values = (await sheetValues(page, SHEET)).map((r, i) =>
        r.map((v, j) => (/^=/.test(String(formulas[i]?.[j] ?? "")) ? "<formula>" : unstamped(v))),
      );
      return { values, formulas };
    }

    test(`${BUILDS} builds stopped at a random step each end equal to the uninterrupted build`, async () => {
      const plain = await freshPage();
      await startBuild(plain);
      await plain.waitForFunction(
        () => document.querySelector("#pricing-status")?.classList.contains("ok") === true,
        undefined,
        { timeout: 120_000, polling: 20 },
      );
      const want = await built(plain);
      expect(want.values.length).toBeGreaterThan(6);
      await plain.context().close();

      const random = seeded(SEED);
      const seen: string[] = [];
      for (let i = 0; i < BUILDS; i++) {
        const stop = STOPS[Math.floor(random() * STOPS.length)] ?? "reload";
        let page = await freshPage();
        await startBuild(page);
        const at = 1 + Math.floor(random() * 3);
        await page.waitForFunction(
          (k) => {
            const m = /^Step (\d+) of/.exec(
              document.querySelector("#pricing-status")?.textContent ?? "",
            );
            return m !== null && Number(m[1]) >= k;
          },
          at,
          { timeout: 120_000, polling: 5 },
        );
        const shown = await stepShown(page);
        const label = [`seed ${SEED}`, i, stop, shown];
        seen.push(`${stop}@${shown}`);
        let line = "#jobs-status";
        if (stop === "5xx") {
          // The page itself waits out the burst and goes on: its own line ends the build.
          net.burst = 8;
          line = "#pricing-status";
        } else if (stop === "reload") {
          await page.reload();
        } else {
          const context = page.context();
          await page.close();
          page = await tab(context);
          await page.goto(host.url);
        }
        await page.locator("#api-key").waitFor();
        // The reopened sidebar finds the job in the workbook and goes on with it.
        await page
          .waitForFunction(
            (at) => document.querySelector(at)?.classList.contains("ok") === true,
            line,
            { timeout: 180_000, polling: 20 },
          )
          .catch(async (e: unknown) => {
            await page.screenshot({ path: `${ARTIFACTS}/web-jobs-kill-${i}.png` });
            throw new Error(`${label.join(" ")}: ${String(e)}`);
          });
        if (stop !== "5xx") expect(await page.textContent(line)).toMatch(/finished\.$/);
        net.burst = 0;
        expect([...label, await built(page)]).toEqual([...label, want]);
        await page.context().close();
      }
      console.log(
        `Web kill test (seed ${SEED}; MKT_KILL_SEED=${SEED} repeats it): ${seen.join(", ")}`,
      );
    });
  },
);
