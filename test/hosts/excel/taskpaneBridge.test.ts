/**
 * The Excel task pane's sheet writes over office-addin-mock: one values write per 500-row
 * chunk, text cells formatted "@" (so =HYPERLINK(...) stays text), number formats, frozen
 * header, a note; settings in OfficeRuntime.storage-like storage, definitions in document
 * settings, and the key never in the workbook.
 */
import { OfficeMockObject } from "office-addin-mock";

// office-addin-mock imports office-addin-manifest only for its host names; that package's
// ESM-only dependency cannot load under Jest's CommonJS, so give it the names alone.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import type { AsyncTransport } from "../../../src/core/asyncDriver";
import type { ImportTable } from "../../../src/imports/table";
import type { SettingsStorage } from "../../../src/ui/asyncHostBridge";
import {
  createExcelTaskpaneBridge,
  excelWorkbook,
  type ExcelRun,
  type XlContext,
} from "../../../src/hosts/excel/taskpaneBridge";

interface WrittenRange {
  readonly at: [number, number, number, number];
  values?: unknown[][];
  numberFormat?: unknown[][];
}

function fakeExcel(existing: boolean) {
  const ranges: WrittenRange[] = [];
  const settings = new Map<string, string>();
  const log: string[] = [];
  let syncs = 0;
  const used = { isNullObject: false, clear: (what: string) => log.push(`clear ${what}`) };
  const sheet = {
    name: "Profit",
    isNullObject: !existing,
    getRangeByIndexes: (r: number, c: number, n: number, w: number) => {
      const range: WrittenRange = { at: [r, c, n, w] };
      ranges.push(range);
      return range;
    },
    getUsedRangeOrNullObject: () => used,
    freezePanes: { freezeRows: (n: number) => log.push(`freeze ${n}`) },
    notes: {
      add: (where: string, text: string) => log.push(`note ${where} ${text.split("\n")[1] ?? ""}`),
    },
  };
  const mock = new OfficeMockObject({
    context: {
      workbook: {
        worksheets: {
          getItemOrNullObject: () => sheet,
          add: (name: string) => {
            log.push(`add ${name}`);
            return { ...sheet, isNullObject: false };
          },
        },
        settings: {
          getItemOrNullObject: (name: string) => ({
            isNullObject: !settings.has(name),
            value: settings.get(name) ?? null,
            load: () => undefined,
          }),
          add: (name: string, value: string) => settings.set(name, value),
        },
      },
      sync: async () => {
        syncs++;
      },
    },
  });
  const context = (mock as unknown as { context: XlContext }).context;
  // The sheet and used-range objects need load(); office-addin-mock adds it to its own objects only.
  Object.assign(sheet, { load: () => undefined });
  Object.assign(used, { load: () => undefined });
  const run: ExcelRun = (batch) => batch(context);
  return { run, ranges, settings, log, syncs: () => syncs };
}

function productTable(rows: number): ImportTable {
  return {
    columns: [
      { header: "Item id", path: "itemId", format: "integer" },
      { header: "Name", path: "name", format: "text" },
      { header: "Total profit", path: "totalProfit", format: "money" },
      { header: "Margin", path: "metadata.margin", format: "percentPoints" },
    ],
    rows: Array.from({ length: rows }, (_, i) => [
      1000 + i,
      i === 7 ? '=HYPERLINK("http://x","y")' : i === 8 ? "+Plus Size Linen Shirt" : `Product ${i}`,
      100 - i,
      i === 9 ? "" : 25.5,
    ]),
    dataFreshAt: "2025-06-30T02:00:00Z",
    importedAt: "2025-07-01T08:00:00.000Z",
    title: "Products sorted by profit · A 100001 SG → Profit",
  };
}

describe("Excel task pane writes", () => {
  test("a 2,000-row import is one values write per 500-row chunk, text kept as text", async () => {
    const excel = fakeExcel(true);
    await excelWorkbook(excel.run).writeTable("Profit", productTable(2000));
    // header + 4 chunks; never one write per cell
    expect(excel.ranges.map((r) => r.at)).toEqual([
      [0, 0, 1, 4],
      [1, 0, 500, 4],
      [501, 0, 500, 4],
      [1001, 0, 500, 4],
      [1501, 0, 500, 4],
    ]);
    expect(
      excel.ranges.every((r) => Array.isArray(r.values) && Array.isArray(r.numberFormat)),
    ).toBe(true);
    const body = excel.ranges.slice(1).flatMap((r) => r.values ?? []);
    const formats = excel.ranges.slice(1).flatMap((r) => r.numberFormat ?? []);
    expect(body).toHaveLength(2000);
    expect(body[7]?.[1]).toBe('=HYPERLINK("http://x","y")');
    expect(formats[7]?.[1]).toBe("@");
    expect(formats[8]?.[1]).toBe("@");
    expect(formats[0]).toEqual(["0", "@", "#,##0.00", '0.00"%"']);
    expect(formats[9]?.[3]).toBe("@"); // an empty text cell: no number format needed, and no formula either
    expect(excel.ranges[0]?.values).toEqual([["Item id", "Name", "Total profit", "Margin"]]);
    expect(excel.log).toEqual([
      "clear All",
      "freeze 1",
      "note 'Profit'!A1 Data fresh at: 2025-06-30T02:00:00Z",
    ]);
    // one sync to find the sheet, one for its used range, one that sends every write
    expect(excel.syncs()).toBe(3);
  });

  test("a missing sheet is added; dates become serial numbers", async () => {
    const excel = fakeExcel(false);
    const table = productTable(1);
    const withDate: ImportTable = {
      ...table,
      columns: [...table.columns, { header: "Fresh", path: "d", format: "date" }],
      rows: [[...(table.rows[0] ?? []), new Date(Date.UTC(2025, 5, 30, 12))]],
    };
    await excelWorkbook(excel.run).writeTable("Profit", withDate);
    expect(excel.log[0]).toBe("add Profit");
    expect(excel.ranges[1]?.values?.[0]?.[4]).toBeCloseTo(45838.5, 6);
  });

  test("settings go to the per-user store, definitions and refresh-on-open to the document", async () => {
    const excel = fakeExcel(true);
    const store = new Map<string, string>();
    const storage: SettingsStorage = {
      get: async (n) => store.get(n) ?? null,
      set: async (n, v) => void store.set(n, v),
      remove: async (n) => void store.delete(n),
    };
    const key = "mkta_pat_" + "A".repeat(40);
    const transport: AsyncTransport = {
      fetch: async (req) => ({
        status: req.headers.Authorization === `Bearer ${key}` ? 200 : 401,
        headers: {},
        body: JSON.stringify({ status: "SUCCESS", statusCode: 200, message: "OK", data: [] }),
      }),
    };
    const bridge = createExcelTaskpaneBridge({
      run: excel.run,
      storage,
      transport,
      defaultBaseUrl: "https://api.example.test",
    });
    expect(bridge.formulaPrefix).toBe("MKT.");
    const view = await bridge.saveApiKey(key);
    expect(view.keyPrefix).toBe("mkta_pat_AAAA…");
    expect(store.get("mkt.apiKey")).toBe(key);
    await bridge.saveImport({
      id: "x",
      kind: "productsByProfit",
      marketplace: "A",
      shopId: "1",
      region: "SG",
      sheetName: "P",
    });
    await bridge.setAutoRefresh(true);
    expect((await bridge.getAutoRefresh()).enabled).toBe(true);
    expect((await bridge.listImports()).map((d) => d.id)).toEqual(["x"]);
    const documentText = [...excel.settings.values()].join("\n");
    expect(documentText).toContain("productsByProfit");
    expect(documentText).not.toContain(key);
    expect(documentText).not.toContain("pat_");
  });
});
