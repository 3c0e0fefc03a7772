/**
 * An import as a job (src/sidebar/jobs/importJob.ts) and its step machine over a scripted API:
 * pages are fetched in order, the table is written once and only when complete; a failure
 * the API gives for good or a cancel writes nothing; a passing one (no connection) is waited
 * out and the import goes on from its next page.
 */
import type { ApiCall } from "../../src/core/effects";
import { ApiError } from "../../src/core/errors";
import type { ImportDefinition } from "../../src/imports/definitions";
import { ADDIN_SHEETS, definitionProblem } from "../../src/imports/definitions";
import { COST_BOOK_SHEET } from "../../src/sidebar/costBookSheet";
import { HISTORY_SHEET, LEGACY_HISTORY_SHEET } from "../../src/sidebar/history";
import { REFRESH_LOG_SHEET } from "../../src/sidebar/refreshLog";
import { firstState, readStep, stepCall } from "../../src/imports/plan";
import { runImport } from "../../src/sidebar/importOnce";
import type { JobView } from "../../src/sidebar/jobs/jobRecord";
import type { ImportTable } from "../../src/imports/table";
import { NUMBER_FORMATS } from "../../src/imports/table";

const line = (amount: number, label: string) => ({ amount, label, rate: null, base: null });

/** A ranked A11 list of `total` products served in pages, like the reference server. */
function offsetApi(total: number) {
  const calls: ApiCall[] = [];
  const entries = Array.from({ length: total }, (_, i) => ({
    rank: i + 1,
    itemId: 1000 + i,
    name: i === 0 ? '=HYPERLINK("http://x","y")' : `Product ${i}`,
    breakdown: {
      originalModelPrice: line(20, "Original price"),
      commissionFee: line(-2, "Commission fee"),
    },
    metadata: { currency: "SGD", netProfit: 18, margin: 90, commissionRate: 0.1 },
    unitsSold: 3,
    totalProfit: 1000 - i,
  }));
  const fetchData = async (c: ApiCall): Promise<unknown> => {
    calls.push(c);
    const page = Number(c.params.page);
    const size = Number(c.params.pageSize);
    return {
      entries: entries.slice(page * size, (page + 1) * size),
      page,
      pageSize: size,
      totalItems: total,
      totalPages: Math.ceil(total / size),
      dataFreshAt: [2025, 6, 30, 2, 0, 0],
    };
  };
  return { calls, entries, fetchData };
}

const A11: ImportDefinition = {
  id: "t1",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Profit",
};

describe("runImport", () => {
  test("fetches every page in order, then writes the whole table once", async () => {
    const api = offsetApi(1234);
    const writes: Array<[string, ImportTable]> = [];
    const progress: JobView[] = [];
    const table = await runImport(A11, {
      fetchData: api.fetchData,
      writeTable: async (name, t) => {
        writes.push([name, t]);
      },
      onProgress: (p) => progress.push(p),
      now: () => new Date("2025-07-01T08:00:00Z"),
    });
    expect(api.calls.map((c) => c.params.page)).toEqual([0, 1, 2]);
    expect(api.calls.every((c) => c.endpoint === "A11" && c.params.pageSize === 500)).toBe(true);
    expect(api.calls[0]?.params).toMatchObject({ shopId: 100001, region: "SG" });
    expect(writes).toHaveLength(1);
    expect(writes[0]?.[0]).toBe("Profit");
    expect(table.rows).toHaveLength(1234);
    const header = table.columns.map((c) => c.header);
    expect(header.slice(0, 3)).toEqual(["Rank", "Item id", "Name"]);
    const itemCol = header.indexOf("Item id");
    expect(table.rows.map((r) => r[itemCol])).toEqual(api.entries.map((e) => e.itemId));
    const profit = table.columns.find((c) => c.header === "Total profit");
    expect(profit && NUMBER_FORMATS[profit.format]).toBe("#,##0.00");
    // Margins are fractions on every marketplace (core/marginUnit.ts): 0.00%.
    expect(table.columns.find((c) => c.path === "metadata.margin")?.format).toBe("fraction");
    expect(table.columns.find((c) => c.path === "metadata.commissionRate")?.format).toBe(
      "fraction",
    );
    expect(table.dataFreshAt).toBe("2025-06-30T02:00:00Z");
    expect(table.importedAt).toBe("2025-07-01T08:00:00.000Z");
    // Two pages a step: the line said the third page, the rows staged and the rows to come.
    expect(progress.map((p) => p.doing)).toContain("asking page 3 of 3 (1,000 rows staged)");
    expect(progress.map((p) => p.left.rows)).toContain(1500);
    expect(progress[progress.length - 1]?.phase).toBe("done");
  });

  test("a page the API refuses writes nothing and names the page", async () => {
    const api = offsetApi(1600);
    const writeTable = jest.fn(async () => undefined);
    const failing = async (c: ApiCall): Promise<unknown> => {
      if (c.params.page === 2) throw new ApiError("NOT_FOUND", "No such shop");
      return api.fetchData(c);
    };
    await expect(runImport(A11, { fetchData: failing, writeTable })).rejects.toThrow(
      /Import stopped at page 3: No such shop\. The sheet is unchanged: the import writes only once every page has arrived\./,
    );
    expect(writeTable).not.toHaveBeenCalled();
  });

  test("a page that could not reach the API is asked again after a wait, not from page 1", async () => {
    const api = offsetApi(1600);
    let clock = Date.UTC(2025, 6, 1, 8);
    let down = 2;
    const failing = async (c: ApiCall): Promise<unknown> => {
      if (c.params.page === 2 && down-- > 0)
        throw new ApiError("NETWORK", "Could not reach the API");
      return api.fetchData(c);
    };
    const waits: number[] = [];
    const table = await runImport(A11, {
      fetchData: failing,
      writeTable: async () => undefined,
      now: () => new Date(clock),
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    expect(table.rows).toHaveLength(1600);
    // Every page answered once: after the two failures page 2 was asked again, not page 0.
    expect(api.calls.map((c) => c.params.page)).toEqual([0, 1, 2, 3]);
    expect(down).toBe(-1);
    expect(waits.length).toBeGreaterThanOrEqual(2);
  });

  test("cancel between pages writes nothing", async () => {
    const api = offsetApi(2000);
    const controller = new AbortController();
    const writeTable = jest.fn(async () => undefined);
    const fetchData = async (c: ApiCall): Promise<unknown> => {
      if (c.params.page === 1) controller.abort();
      return api.fetchData(c);
    };
    await expect(
      runImport(A11, { fetchData, writeTable, signal: controller.signal }),
    ).rejects.toThrow(/^Cancelled/);
    expect(api.calls).toHaveLength(2);
    expect(writeTable).not.toHaveBeenCalled();
  });

  test("limit stops early and trims the last page", async () => {
    const api = offsetApi(2000);
    let rows = 0;
    await runImport(
      { ...A11, options: { limit: 700, lookbackDays: 30, vat: true } },
      { fetchData: api.fetchData, writeTable: async (_n, t) => void (rows = t.rows.length) },
    );
    expect(rows).toBe(700);
    // Page 1 at pageSize 200 would be rows 200-399: offset pages keep the first page's size.
    expect(api.calls.map((c) => c.params.pageSize)).toEqual([500, 500]);
    expect(api.calls[0]?.params).toMatchObject({ lookbackDays: 30, includeVat: true });
  });
});

describe("step machine", () => {
  test("cursor paging follows nextCursor and stops at null", () => {
    const def: ImportDefinition = { ...A11, kind: "allProducts" };
    let state = firstState(def);
    expect(stepCall(def, state).params.cursorRtProductId).toBeUndefined();
    state = readStep(def, state, {
      data: [{ itemId: 1, name: "a" }],
      nextCursor: { cursorRtProductId: 1 },
      dataFreshAt: null,
    }).state;
    expect(stepCall(def, state).params.cursorRtProductId).toBe(1);
    const end = readStep(def, state, {
      data: [{ itemId: 2, name: "b" }],
      nextCursor: null,
      dataFreshAt: null,
    });
    expect(end.state.done).toBe(true);
    expect(end.rows).toEqual([[2, "b"]]);
  });

  test("a repeated cursor is an error, not an endless loop", () => {
    const def: ImportDefinition = { ...A11, kind: "allProducts" };
    const s1 = readStep(def, firstState(def), {
      data: [{ itemId: 1 }],
      nextCursor: { cursorRtProductId: 7 },
    }).state;
    expect(() =>
      readStep(def, s1, { data: [{ itemId: 2 }], nextCursor: { cursorRtProductId: 7 } }),
    ).toThrow(/repeated/);
  });

  test("overviews stack sections of A14..A18 as long rows", () => {
    const def: ImportDefinition = {
      ...A11,
      kind: "shopOverview",
      options: { topN: 3, from: "2025-06-01" },
    };
    let state = firstState(def);
    const endpoints: string[] = [];
    const rows: unknown[][] = [];
    while (!state.done) {
      const c = stepCall(def, state);
      endpoints.push(c.endpoint);
      expect(c.params).toMatchObject({ topN: 3, from: "2025-06-01" });
      const out = readStep(def, state, {
        totalProfit: 12.5,
        comparison: { deltas: { totalProfit: 3 } },
        topProfitProducts: [{ name: "Mug", profit: 4 }],
        // A field each of A16..A18 shows in the spec, so every answer is in its shape.
        costBreakdown: [],
        channelBreakdown: {},
        marginDistribution: {},
      });
      rows.push(...out.rows);
      state = out.state;
    }
    expect(endpoints).toEqual(["A14", "A15", "A16", "A17", "A18"]);
    // In the seller's words: no endpoint codes, humanized metrics.
    expect(rows).toContainEqual(["Summary", "", "Total profit", 12.5]);
    expect(rows).toContainEqual(["Comparison", "", "Deltas total profit", 3]);
    expect(rows).toContainEqual(["Top profit products", "Mug", "Profit", 4]);
    expect(rows.some((r) => /^A1\d/.test(String(r[0])))).toBe(false);
  });

  test("definitions are checked before any request", () => {
    expect(definitionProblem({ ...A11, marketplace: "C" })).toMatch(/not offered/);
    expect(definitionProblem({ ...A11, shopId: "" })).toMatch(/shop/);
    expect(definitionProblem({ ...A11, sheetName: "a/b" })).toMatch(/sheet/);
    // New user: a 10,000-character name and the add-in's own hidden sheet were imported into.
    expect(definitionProblem({ ...A11, sheetName: "x".repeat(10_000) })).toBe(
      "Name the target sheet in at most 100 characters (got 10000)",
    );
    expect(definitionProblem({ ...A11, sheetName: "x".repeat(100) })).toBeNull();
    for (const name of ["~mkt tables", " ~MKT Profit"])
      expect(definitionProblem({ ...A11, sheetName: name })).toMatch(/"~mkt" are the add-in's own/);
    expect(definitionProblem({ ...A11, sheetName: "~mktg plan" })).toBeNull();
    // The add-in's own sheets are not import targets (it offered to replace the Refresh log).
    expect(ADDIN_SHEETS).toEqual([
      REFRESH_LOG_SHEET,
      HISTORY_SHEET,
      LEGACY_HISTORY_SHEET,
      COST_BOOK_SHEET,
    ]);
    expect(definitionProblem({ ...A11, sheetName: "refresh log " })).toBe(
      '"Refresh log" is the add-in\'s own sheet: import into another sheet',
    );
    expect(definitionProblem({ ...A11, sheetName: "History" })).toMatch(/add-in's own sheet/);
    expect(definitionProblem({ ...A11, options: { lookbackDays: 0 } })).toMatch(/Lookback/);
    expect(
      definitionProblem({ ...A11, kind: "productList", marketplace: "C", region: undefined }),
    ).toMatch(/product id/);
    expect(definitionProblem(A11)).toBeNull();
    expect(() => firstState({ ...A11, region: "" })).toThrow(/region/);
  });
});
