/**
 * Issue 14, client half, in Excel: every catalog function through the BUILT
 * dist/excel/functions.js in Chromium against two servers behind a strict spec proxy
 * (test/helpers/specProxy.ts): one answering only what the spec shows, one also sending B/C
 * breakdown lines as plain signed numbers. Every request must be one the spec allows and
 * every valid call must answer a value (no #VALUE!, no failed row inside a spill). Then an
 * API answering in shapes the spec does not allow, or with texts longer than a cell holds
 * (test/helpers/oddApi.ts): issue 14 findings 3, 4 and 6 in Excel.
 */
import { endpointById } from "../../../src/api/endpoints";
import { CATALOG } from "../../../src/functions";
import { startTestServer, type TestServer } from "../../helpers/server";
import { startSpecProxy, type SpecProxy } from "../../helpers/specProxy";
import { ODD_MODES, startOddApi, type OddApi } from "../../helpers/oddApi";
import { MAX_CELL_TEXT } from "../../../src/core/cellLimit";
import { browserTestsBlocker, openExcelPage, type ExcelPage } from "./harness/browser";
import { catalogCases, demoIds, lineShapeCases } from "./harness/catalogCases";
import type { CallOutcome } from "./nodeExcel";

const blocker = browserTestsBlocker();
if (blocker) console.warn(blocker);
const describeBrowser = blocker ? describe.skip : describe;

jest.setTimeout(180_000);

interface ShimWindow {
  excelShim: {
    loadMetadata(url?: string): Promise<number>;
    callMany(calls: Array<{ id: string; args: unknown[] }>): Promise<CallOutcome[]>;
    setStorage(items: Record<string, string>): Promise<void>;
  };
  mktExcelRuntime: { reloadSettings(): void };
}

/** Why an outcome is not a value, or null. */
function failureIn(outcome: CallOutcome): string | null {
  // A product without ad spend has no ROAS: #N/A with that reason is its answer (issue 23).
  if (!outcome.ok && /No ad spend in this window/.test(outcome.message)) return null;
  if (!outcome.ok) return `${outcome.error} ${outcome.message}`;
  const cells = Array.isArray(outcome.value) ? outcome.value.flat() : [outcome.value];
  const bad = cells.find(
    (c) =>
      typeof c === "object" &&
      c !== null &&
      "error" in c &&
      !/No ad spend in this window/.test(String((c as { message?: unknown }).message)),
  );
  return bad ? JSON.stringify(bad) : null;
}

describeBrowser("Excel functions.js against servers that read the spec strictly", () => {
  let server: TestServer;
  let excel: ExcelPage;
  const ids = demoIds();

  beforeAll(async () => {
    server = await startTestServer();
    excel = await openExcelPage();
    await excel.page.evaluate(() => (window as unknown as ShimWindow).excelShim.loadMetadata());
  });
  afterAll(async () => {
    await excel?.close();
    await server?.close();
  });

  // A fresh key per server: the add-in keeps each key under 60 requests a minute.
  const useApi = (baseUrl: string): Promise<void> =>
    excel.page.evaluate(
      async ({ key, url }) => {
        const w = window as unknown as ShimWindow;
        await w.excelShim.setStorage({ "mkt.apiKey": key, "mkt.baseUrl": url });
        w.mktExcelRuntime.reloadSettings();
      },
      { key: server.keyFor("demo"), url: baseUrl },
    );
  const callOne = async (id: string, args: unknown[]): Promise<CallOutcome> =>
    (
      await excel.page.evaluate(
        (c) => (window as unknown as ShimWindow).excelShim.callMany(c),
        [{ id, args }],
      )
    )[0] as CallOutcome;

  test.each([
    ["answers only what the spec shows", false],
    ["sends B/C breakdown lines as plain numbers", true],
  ])("a server that %s: only allowed requests, a value for every valid call", async (_n, plain) => {
    let proxy: SpecProxy | undefined;
    try {
      proxy = await startSpecProxy(server.baseUrl, { plainNumberLines: plain });
      await useApi(proxy.baseUrl);
      const cases = [...catalogCases(ids), ...lineShapeCases(ids)];
      expect(new Set(cases.map((c) => c.name))).toEqual(new Set(CATALOG.map((f) => f.name)));
      for (const c of cases) {
        const outcome = await callOne(c.name, c.args);
        const call = `${c.name}(${JSON.stringify(c.args)})`;
        const fn = CATALOG.find((f) => f.name === c.name);
        if (fn?.endpoints.every((e) => endpointById(e).status === "notYetActive")) {
          expect([call, outcome]).toEqual([
            call,
            expect.objectContaining({ ok: false, message: expect.stringMatching(/yet/i) }),
          ]);
        } else {
          expect([call, failureIn(outcome)]).toEqual([call, null]);
        }
      }
      expect(proxy.violations).toEqual([]);
      const models = proxy.requests
        .filter((r) => r.endpoint === "A21" || r.endpoint === "A22")
        .flatMap((r) => (r.body as { models: Array<Record<string, unknown>> }).models);
      expect(models.some((m) => m.modelId === null)).toBe(true);
      for (const m of models) expect(Object.prototype.hasOwnProperty.call(m, "modelId")).toBe(true);
      // B/C fields by line key or shown label answer the figure (a 1x1 spill of a number).
      const byLabel = await callOne("MKTC_NEW_PRODUCT", [
        ids.shopC,
        15,
        ids.categoryC,
        "Commission fee",
      ]);
      expect(byLabel).toEqual({ ok: true, value: [[expect.any(Number)]] });
      const shopsB = await callOne("SHOPS", ["B"]);
      expect(shopsB).toEqual({
        ok: false,
        error: "#N/A",
        message: expect.stringMatching(/no list of your marketplace B sellers.*type the seller id/),
      });
    } finally {
      await proxy?.close();
    }
  });

  describe("an API answering in shapes the spec does not allow", () => {
    let odd: OddApi;
    beforeAll(async () => {
      odd = await startOddApi();
    });
    afterAll(async () => {
      await odd?.close();
    });

    test.each(ODD_MODES)(
      "%s: the cell names the endpoint, never 'No shops' or 'Unknown field'",
      async (mode) => {
        await useApi(odd.urlFor(mode));
        const shops = await callOne("SHOPS", []);
        expect(shops).toEqual({
          ok: false,
          error: "#VALUE!",
          message: expect.stringMatching(
            /^The API answered in an unexpected shape \(endpoint SHOPS_A\): /,
          ),
        });
        const item = await callOne("MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]);
        expect(item).toEqual({
          ok: false,
          error: "#VALUE!",
          message: expect.stringMatching(
            /^The API answered in an unexpected shape \(endpoint A6\): /,
          ),
        });
      },
    );

    test("a 40,000-character note fits its cell: 32,767 characters ending in an ellipsis", async () => {
      await useApi(odd.urlFor("long"));
      const table = await callOne("MKTA_ITEM", [100001, "SG", 1]);
      // The shim answers an empty #VALUE! for any text over 32,767 characters, as Excel does.
      expect(table.ok).toBe(true);
      const rows = (table.ok ? table.value : []) as unknown[][];
      // A field the spec does not name is no row of the table, but can be asked by name.
      expect(rows.find((r) => r[0] === "Seller note")).toBeUndefined();
      const asked = await callOne("MKTA_ITEM", [100001, "SG", 1, "sellerNote"]);
      const note = String(asked.ok ? asked.value : "");
      expect([note.length, note.endsWith("…")]).toEqual([MAX_CELL_TEXT, true]);
      // A shop name that long is no name: an unexpected answer, not data (issue 22, item 8).
      expect(await callOne("SHOPS", ["A"])).toEqual({
        ok: false,
        error: "#VALUE!",
        message: expect.stringMatching(
          /^The API answered with a value the spec does not allow \(endpoint SHOPS_A\): shopName is 40,000 characters long/,
        ),
      });
    });

    test('SHOPS("C") where the API has no C list says how to type the shop id in', async () => {
      await useApi(odd.urlFor("object"));
      expect(await callOne("SHOPS", ["C"])).toEqual({
        ok: false,
        error: "#N/A",
        message: expect.stringMatching(
          /^This API has no list of your marketplace C shops .*type the shop id into the functions directly, or remember it under Shops in the sidebar$/,
        ),
      });
    });
  });
});
