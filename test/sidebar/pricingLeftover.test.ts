/**
 * A "New pricing sheet" cancelled midway (the seller pressed Cancel while the answers came)
 * leaves a "Pricing" sheet only the add-in wrote: the next "New pricing sheet" asks (the job's
 * question, before any request) to replace it and does so on the seller's yes; a sheet with
 * anything the seller typed (a note beside the table, a target) is never replaced. The sidebar
 * service over Excel's workbook fake, real HTTP to the reference server; Cancel is pressed when
 * the first A21 request goes out. (A build the page's closing stopped is resumed instead:
 * test/hosts/excel/jobsKill.test.ts.)
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import "../hosts/excel/paneOverServer";
import { createExcelTaskpaneBridge } from "../../src/hosts/excel/taskpaneBridge";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import { fakeWorkbook } from "../hosts/excel/fakeWorkbook";
import { byHeader } from "../helpers/pricingScenario";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const SHEET = "Pricing";
const ASK = { shopId: 100001, region: "SG", sheetName: SHEET } as const;

/** A task pane whose page closes (every later workbook call fails) once A21 is asked. */
function pane() {
  const excel = fakeWorkbook();
  const settings = new Map<string, string>([
    ["mkt.baseUrl", server.baseUrl],
    ["mkt.apiKey", server.keyFor("demo")],
  ]);
  const state = { cancelAtA21: null as AbortController | null, requests: [] as string[] };
  const bridge = createExcelTaskpaneBridge({
    run: excel.run,
    storage: {
      get: async (n) => settings.get(n) ?? null,
      set: async (n, v) => void settings.set(n, v),
      remove: async (n) => void settings.delete(n),
    },
    transport: fetchTransport((url, init) => {
      state.requests.push(url);
      if (url.endsWith("/preview-set-margin")) state.cancelAtA21?.abort();
      return fetch(url, init);
    }),
    defaultBaseUrl: server.baseUrl,
    refresher: {
      scopes: [],
      refresh: async () => 0,
      setLiveCalls: async () => undefined,
      liveCalls: async () => true,
    },
  });
  /** Build a sheet of `products` products, cancelled when its answers are asked. */
  const cutShort = async (products: number) => {
    state.cancelAtA21 = new AbortController();
    await expect(
      bridge.newPricingSheet({ ...ASK, products }, { signal: state.cancelAtA21.signal }),
    ).rejects.toThrow(/^Cancelled/);
    state.cancelAtA21 = null;
  };
  /** The questions asked, each answered `yes`. */
  const asking = (yes: boolean) => {
    const asked: { text: string; answers: unknown }[] = [];
    const confirm = async (text: string, answers: unknown) => {
      asked.push({ text, answers });
      return yes;
    };
    return { asked, confirm };
  };
  return { excel, bridge, state, cutShort, asking };
}

test("a build cut short is offered for replacing, and replaced on yes", async () => {
  const { excel, bridge, state, cutShort, asking } = pane();
  await cutShort(12);
  const left = byHeader(excel.table(SHEET));
  expect(left.rows.length).toBeGreaterThan(12);
  // Stopped before its answers: none written.
  expect(left.rows.every((r) => r[left.col("Price for target")] === "")).toBe(true);

  // Asked first: "Keep it" writes nothing and spends no request.
  const before = state.requests.length;
  const no = asking(false);
  await expect(bridge.newPricingSheet({ ...ASK, products: 5 }, no)).rejects.toThrow(
    /^Nothing written: Pricing is kept/,
  );
  expect(state.requests.length).toBe(before);
  expect(no.asked).toEqual([
    {
      text: `Pricing holds a pricing sheet the add-in wrote (${left.rows.length} rows, stopped before its answers came) and nothing typed by hand. Replace it with the new pricing sheet, or keep it?`,
      answers: { yes: "Replace Pricing", no: "Keep it" },
    },
  ]);
  expect(excel.table(SHEET)).toEqual([left.header, ...left.rows]);

  // Yes: the new (shorter) sheet, with its answers; the old rows below it are gone.
  const built = await bridge.newPricingSheet({ ...ASK, products: 5 }, asking(true));
  const now = byHeader(excel.table(SHEET));
  expect(now.rows.length).toBe(built.rows);
  expect(built.rows).toBeLessThan(left.rows.length);
  expect(now.rows.every((r) => typeof r[now.col("Price for target")] === "number")).toBe(true);
  const rest = excel.table(SHEET).slice(built.rows + 1);
  expect(rest.flat().filter((c) => c !== "")).toEqual([]);
  // One highlight rule: the old one covers the new rows.
  expect(excel.sheets.get(SHEET)?.conditionalFormats).toHaveLength(1);
  expect(excel.table("Refresh log").slice(1)).toHaveLength(1);

  // A finished sheet nobody typed in is offered too (its rows answered).
  const again = asking(false);
  await expect(bridge.newPricingSheet({ ...ASK, products: 5 }, again)).rejects.toThrow(/kept/);
  expect(again.asked[0]?.text).toMatch(
    new RegExp(
      `^Pricing holds a pricing sheet the add-in wrote \\(${built.rows} rows, ${built.rows} rows answered\\)`,
    ),
  );
});

test("a sheet with anything the seller typed is never replaced, even when asked to", async () => {
  const { excel, bridge, state, cutShort, asking } = pane();
  await cutShort(4);
  const sheet = excel.sheets.get(SHEET);
  const width = excel.table(SHEET)[0]?.length ?? 0;
  // A note to the right of the table.
  sheet?.values.set(`2,${width + 1}`, "call supplier");
  const before = state.requests.length;
  for (const replace of [false, true])
    await expect(bridge.newPricingSheet({ ...ASK, products: 4 }, asking(replace))).rejects.toThrow(
      /^Pricing!A1:[A-Z]+\d+ already holds data: name a new sheet \(a pricing sheet there is updated with Refresh\)$/,
    );
  expect(sheet?.values.get(`2,${width + 1}`)).toBe("call supplier");
  expect(state.requests.length).toBe(before);

  // A target the seller typed and refreshed: the sheet matches what the add-in wrote, but the
  // input is theirs, and the message names it.
  sheet?.values.delete(`2,${width + 1}`);
  await bridge.refreshPricingSheet(SHEET);
  const { col } = byHeader(excel.table(SHEET));
  sheet?.values.set(`3,${col("Target margin")}`, 0.35);
  await bridge.refreshPricingSheet(SHEET);
  const letter = String.fromCharCode(65 + col("Target margin"));
  await expect(bridge.newPricingSheet({ ...ASK, products: 4 }, asking(true))).rejects.toThrow(
    `already holds data: name a new sheet (a pricing sheet there is updated with Refresh; Pricing!${letter}4 was typed by hand)`,
  );
  expect(excel.table(SHEET)[3]?.[col("Target margin")]).toBe(0.35);
});
