/**
 * Freeze values then Unfreeze in the web demo, on spilled tables (a breakdown and a ROAS
 * table) as the README types them: after Unfreeze both spill again (the frozen values the
 * engine reads back are emptied first, no #SPILL!), and a formula showing an error is left a
 * formula by the freeze, which says so, so its reason is not lost.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import {
  openWithApi,
  saveKey,
  settledValues,
  sheetFormulas,
  sheetValues,
  typeInto,
} from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(150_000);

describeBrowser("freeze and unfreeze spilled tables in the web demo", () => {
  let server: TestServer;
  let host: WebHost;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1200, height: 800 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
    await saveKey(page, server.keyFor("demo"));
  });

  afterAll(async () => {
    await host?.close();
    await server?.close();
  });

  const status = async (done: RegExp): Promise<string> => {
    await page.waitForFunction(
      (source) =>
        new RegExp(source).test(document.querySelector("#team-status")?.textContent ?? ""),
      done.source,
    );
    return (await page.textContent("#team-status")) ?? "";
  };

  test("Unfreeze: sheet spills the tables again; an error cell keeps its formula", async () => {
    const breakdown = '=MKTA_BREAKDOWN(100001, "SG", 10001691)';
    const roas = '=PROFIT_ROAS("A", 100001, "SG", 10001691, "CLEANED")';
    const failing = '=MKTA_BREAKDOWN(100001, "SG", 1, , "netProfit")';
    await typeInto(page, "Sheet1", "A8", breakdown);
    await typeInto(page, "Sheet1", "E17", roas);
    await typeInto(page, "Sheet1", "H1", failing);
    const spilled = (v: (string | number | boolean)[][]): boolean =>
      v[7]?.[0] === "Line" && v[16]?.[4] === "Field" && typeof v[8]?.[1] === "number";
    const before = await settledValues(
      page,
      "Sheet1",
      (v) => spilled(v) && /^#/.test(String(v[0]?.[7])),
      60_000,
      40,
      8,
    );
    if (!(await page.locator("#sec-team").evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.locator("#sec-team > summary").click();

    await page.click("#team-freeze-sheet");
    expect(await status(/frozen as values/)).toMatch(
      /^2 formulas of Sheet1 frozen as values.* 1 formula showing an error left as formulas/,
    );
    const frozen = await sheetFormulas(page, "Sheet1");
    expect(frozen[7]?.[0]).toBe("");
    expect(frozen[0]?.[7]).toBe(failing);

    await page.click("#team-unfreeze-sheet");
    expect(await status(/put back/)).toMatch(/^2 formulas of Sheet1 put back\.$/);
    // The tables spill again in steps (a figure may show its cell's old value for a moment
    // while the engine re-runs it): wait for the values to come back, then compare.
    const table = (v: (string | number | boolean)[][]) =>
      JSON.stringify(v.slice(7, 40).map((r) => r.slice(0, 6)));
    const after = await settledValues(
      page,
      "Sheet1",
      (v) => spilled(v) && table(v) === table(before),
      60_000,
      40,
      8,
    ).catch(() => sheetValues(page, "Sheet1", 40, 8));
    expect(after.flat()).not.toContain("#SPILL!");
    expect(after.slice(7, 40).map((r) => r.slice(0, 6))).toEqual(
      before.slice(7, 40).map((r) => r.slice(0, 6)),
    );
    const formulas = await sheetFormulas(page, "Sheet1");
    expect([formulas[7]?.[0], formulas[16]?.[4], formulas[0]?.[7]]).toEqual([
      breakdown,
      roas,
      failing,
    ]);
  });
});
