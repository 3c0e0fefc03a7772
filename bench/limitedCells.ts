/**
 * Formula cells in Excel AT the API's limit of 60 requests a minute (issue 10): the built
 * functions.js in headless Chromium with the Office shim (one recalculation of every cell,
 * cancels and restarts as in Excel), against a reference server that enforces 60 a minute.
 * The page's clock and the server's rate limiter run 20 times faster from the same instant,
 * so a minute of the limit takes 3 real seconds; every time reported here is on that shared
 * clock: what a seller would wait. Beside the add-in, the naive client: one request per cell,
 * all at once, no queue (what it gets past the limit is a 429 the seller has to re-run).
 */
import { generateDemoData } from "../src/server/data/generate";
import { startTestServer, type TestServer } from "../test/helpers/server";
import { openExcelPage, scaledNow } from "../test/hosts/excel/harness/browser";
import { numbers, workbookOf, type Formula } from "../test/hosts/excel/harness/workbookPage";

/** One pass of one client over the cells. */
export interface LimitedPass {
  readonly cells: number;
  /** Cells that ended as a number with no action from the seller. */
  readonly answered: number;
  readonly requests: number;
  readonly refused: number;
  /** Minutes on the shared clock from the recalculation to the last cell settled. */
  readonly minutes: number;
}

/** A row of the bench: the add-in (maybe with list answers off) and the naive client. */
export interface LimitedRow {
  readonly name: string;
  readonly addin: LimitedPass;
  readonly addinListsOff?: LimitedPass;
  readonly naive: LimitedPass;
}

const FACTOR = 20;
const MINUTE = 60_000;
const SHOP = { shopId: 100001, region: "SG" } as const;

interface Cell extends Formula {
  /** The naive client's request for this cell: path and body. */
  readonly naive: { path: string; body: Record<string, unknown> };
}

const P_A = "/api/mkt-a/financial-breakdown";

function demoCells() {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" });
  const shop = data.accounts.find((a) => a.id === "demo")?.shopsA[0];
  if (!shop) throw new Error("no demo A shop");
  const item = (i: number): Cell => {
    const p = shop.products[(i * 7) % shop.products.length];
    if (!p) throw new Error("no product");
    return {
      address: `Sheet1!A${i + 1}`,
      id: "MKTA_BREAKDOWN",
      args: [SHOP.shopId, SHOP.region, p.itemId, undefined, "netProfit"],
      naive: { path: `${P_A}/product`, body: { ...SHOP, itemId: p.itemId } },
    };
  };
  const models = shop.products.flatMap((p) =>
    p.models.flatMap((m) => (m.modelId === null ? [] : [{ itemId: p.itemId, modelId: m.modelId }])),
  );
  const model = (i: number): Cell => {
    const m = models[i];
    if (!m) throw new Error("no model");
    return {
      address: `Sheet1!B${i + 1}`,
      id: "MKTA_BREAKDOWN",
      args: [SHOP.shopId, SHOP.region, m.itemId, m.modelId, "netProfit"],
      naive: { path: `${P_A}/product`, body: { ...SHOP, ...m } },
    };
  };
  const price = (i: number): Cell => {
    const p = shop.products[i];
    if (!p) throw new Error("no product");
    const cogs = 4 + (i % 50) * 0.5;
    return {
      address: `Sheet1!C${i + 1}`,
      id: "REQUIRED_PRICE",
      args: ["A", SHOP.shopId, SHOP.region, p.categoryId, cogs, 2, "requiredListingPrice"],
      naive: {
        path: `${P_A}/required-price`,
        body: { ...SHOP, categoryId: p.categoryId, cogs, targetMargin: 2 },
      },
    };
  };
  const range = <T>(n: number, f: (i: number) => T): T[] =>
    Array.from({ length: n }, (_, i) => f(i));
  return {
    items300: range(300, item),
    mixed1000: [...range(400, item), ...range(400, model), ...range(200, price)],
  };
}

/** Measure the issue-10 Excel rows (each pass on a fresh key: its own 60 a minute). */
export async function measureLimitedExcel(): Promise<LimitedRow[]> {
  const scale = { factor: FACTOR, t0: Date.now() };
  const server = await startTestServer({ rateLimitPerMinute: 60, now: scaledNow(scale) });
  const excel = await openExcelPage({ timeScale: scale });
  try {
    const book = workbookOf(excel);
    const cells = demoCells();
    const addin = async (list: readonly Cell[], listAnswers: boolean): Promise<LimitedPass> => {
      await book.useKey(server.keyFor("demo"), server.baseUrl, {
        "mkt.listAnswers": listAnswers ? "on" : "off",
      });
      await book.resetFetches();
      const started = await book.now();
      await book.enter(list.map(({ address, id, args }) => ({ address, id, args })));
      await book.idle(600_000);
      const view = await book.cells();
      const log = await book.fetches();
      return {
        cells: list.length,
        answered: numbers(view).length,
        requests: log.length,
        refused: log.filter((f) => f.status === 429).length,
        minutes: (Math.max(...view.map((c) => c.settledAt ?? started)) - started) / MINUTE,
      };
    };
    const naive = (list: readonly Cell[]) => naivePass(excel.page, server, list);
    const rows: LimitedRow[] = [];
    rows.push({
      name: "300 item-level cells, Excel, one recalculation",
      addin: await addin(cells.items300, true),
      addinListsOff: await addin(cells.items300, false),
      naive: await naive(cells.items300),
    });
    rows.push({
      name: "1,000 mixed cells (400 item, 400 model, 200 required price), Excel",
      addin: await addin(cells.mixed1000, true),
      naive: await naive(cells.mixed1000),
    });
    return rows;
  } finally {
    await excel.close();
    await server.close();
  }
}

/** Every cell's own request at once from the page; a 429 stays an error until the seller acts. */
async function naivePass(
  page: Awaited<ReturnType<typeof openExcelPage>>["page"],
  server: TestServer,
  list: readonly Cell[],
): Promise<LimitedPass> {
  const out = await page.evaluate(
    async ({ baseUrl, key, requests }) => {
      const started = Date.now();
      const statuses = await Promise.all(
        requests.map(async (r) => {
          const res = await fetch(baseUrl + r.path, {
            method: "POST",
            headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
            body: JSON.stringify(r.body),
          });
          const body = (await res.json()) as { data?: unknown };
          return res.status === 200 && body.data !== undefined ? 200 : res.status;
        }),
      );
      return { statuses, ms: Date.now() - started };
    },
    { baseUrl: server.baseUrl, key: server.keyFor("demo"), requests: list.map((c) => c.naive) },
  );
  return {
    cells: list.length,
    answered: out.statuses.filter((s) => s === 200).length,
    requests: out.statuses.length,
    refused: out.statuses.filter((s) => s === 429).length,
    minutes: out.ms / MINUTE,
  };
}

/** The issue-10 table: each figure the median over the runs. */
export function limitedTable(
  runs: ReadonlyArray<readonly LimitedRow[]>,
  table: (header: string[], rows: string[][]) => string,
): string {
  const first = runs[0] ?? [];
  const median = (values: number[]): number => {
    const s = [...values].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
  };
  const rows: string[][] = [];
  first.forEach((row, r) => {
    const pick = (f: (x: LimitedRow) => LimitedPass | undefined): LimitedPass | null => {
      const passes = runs
        .map((run) => (run[r] ? f(run[r]) : undefined))
        .filter((p) => p !== undefined);
      if (passes.length === 0) return null;
      const m = (g: (p: LimitedPass) => number) => median(passes.map(g));
      return {
        cells: m((p) => p.cells),
        answered: m((p) => p.answered),
        requests: m((p) => p.requests),
        refused: m((p) => p.refused),
        minutes: m((p) => p.minutes),
      };
    };
    const line = (client: string, p: LimitedPass | null): void => {
      if (!p) return;
      rows.push([
        row.name,
        client,
        `${Math.round(p.answered)} of ${p.cells}`,
        String(Math.round(p.requests)),
        String(Math.round(p.refused)),
        p.minutes.toFixed(2),
        String(Math.ceil(p.requests / 60)),
      ]);
    };
    line(
      "add-in",
      pick((x) => x.addin),
    );
    line(
      "add-in, list answers off",
      pick((x) => x.addinListsOff),
    );
    line(
      "naive per-cell",
      pick((x) => x.naive),
    );
  });
  return table(
    [
      "Cells",
      "Client",
      "Answered with no user action",
      "Requests",
      "429s",
      "Wall minutes at 60/min",
      "Bound ceil(requests/60) min",
    ],
    rows,
  );
}
