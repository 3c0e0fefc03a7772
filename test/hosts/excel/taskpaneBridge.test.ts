/**
 * The Excel task pane's sheet writes over office-addin-mock: one values write per 500-row
 * chunk into a hidden staging sheet, swapped in with one sync (a failure leaves the old data
 * as it was), text cells formatted "@" (so =HYPERLINK(...) stays text), number formats,
 * frozen header, a note; settings in OfficeRuntime.storage-like storage, definitions in
 * document settings, the key never in the workbook, and "refresh on open" switching
 * Office.addin's startup behavior.
 */
// office-addin-mock imports office-addin-manifest only for its host names; that package's
// ESM-only dependency cannot load under Jest's CommonJS, so give it the names alone.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import { ManualClock } from "../../../src/core/clock";
import { createScheduling } from "../../../src/core/schedule/registry";
import type { AsyncTransport } from "../../../src/core/asyncDriver";
import { zonedTime, type ImportTable } from "../../../src/imports/table";
import { MAX_CELL_TEXT } from "../../../src/core/cellLimit";
import { TRICKY_TEXTS } from "../../helpers/trickyText";
import type { SettingsStorage } from "../../../src/hosts/shared/asyncBridge";
import {
  createExcelTaskpaneBridge,
  excelWorkbook,
  stagingSheetName,
  type AddinStartup,
} from "../../../src/hosts/excel/taskpaneBridge";
import { fakeWorkbook } from "./fakeWorkbook";
import { writeAnswers } from "../../../src/sidebar/answerPlace";
import { insertAsking } from "../../../src/sidebar/formulaPlace";

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

const OLD_TABLE = [
  ["Item id", "Name"],
  ...Array.from({ length: 2500 }, (_, i) => [9000 + i, `Old product ${i}`]),
];

describe("Excel task pane writes", () => {
  test("a 2,000-row import is staged one values write per 500-row chunk, then swapped in", async () => {
    const excel = fakeWorkbook();
    const kept = excel.addSheet("Profit", OLD_TABLE);
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable(
      "Profit",
      productTable(2000),
      true,
    );
    const staging = stagingSheetName("Profit");
    // header + 4 chunks, all into the staging sheet; never one write per cell
    expect(excel.writes).toEqual([
      { sheet: staging, at: [0, 0, 1, 4] },
      { sheet: staging, at: [1, 0, 500, 4] },
      { sheet: staging, at: [501, 0, 500, 4] },
      { sheet: staging, at: [1001, 0, 500, 4] },
      { sheet: staging, at: [1501, 0, 500, 4] },
    ]);
    // The same sheet object holds the new data (cells that refer to it keep working) ...
    expect(excel.sheets.get("Profit")).toBe(kept);
    expect([...excel.sheets.keys()]).toEqual(["Profit"]);
    const body = excel.table("Profit");
    // ... and nothing of the longer, narrower old table is left below or beside it.
    expect(body).toHaveLength(2001);
    expect(body[0]).toEqual(["Item id", "Name", "Total profit", "Margin"]);
    expect(body[8]?.[1]).toBe('=HYPERLINK("http://x","y")');
    expect(kept.formats.get("8,1")).toBe("@");
    expect(kept.formats.get("9,1")).toBe("@");
    expect([0, 1, 2, 3].map((c) => kept.formats.get(`1,${c}`))).toEqual([
      "0",
      "@",
      "#,##0.00",
      '0.00"%"',
    ]);
    // An empty cell keeps its column's format: a number typed there later looks like the rest.
    expect(kept.formats.get("10,3")).toBe('0.00"%"');
    expect(kept.frozenRows).toBe(1);
    expect(kept.notes).toEqual([expect.stringContaining("'Profit'!A1 ") as unknown as string]);
    // In the page's time zone (Excel has no workbook time zone), which the note names.
    expect(kept.notes[0]).toContain(`Data fresh at: ${zonedTime("2025-06-30T02:00:00Z")}`);
    // lookup, 4 chunks, the old used range, the swap, the note
    expect(excel.syncs()).toBe(8);
  });

  test("text Excel would parse (the probes: = behind invisible characters, ＝, −12, 1.234,56, TRUE, 1/2 ...) is written as text, long text cut to a cell", async () => {
    const excel = fakeWorkbook();
    const long = "x".repeat(40_000);
    const table: ImportTable = {
      ...productTable(0),
      rows: [...TRICKY_TEXTS, long].map((text, i) => [1000 + i, text, 1, 2]),
    };
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Tricky", table, true);
    const sheet = excel.sheets.get("Tricky");
    const names = excel
      .table("Tricky")
      .slice(1)
      .map((r) => r[1]);
    expect(names.slice(0, TRICKY_TEXTS.length)).toEqual([...TRICKY_TEXTS]);
    const cut = String(names[TRICKY_TEXTS.length]);
    expect([cut.length, cut.endsWith("…")]).toEqual([MAX_CELL_TEXT, true]);
    // Every text cell is formatted "@": Excel then keeps what is written as text.
    names.forEach((_, i) => expect([i, sheet?.formats.get(`${i + 1},1`)]).toEqual([i, "@"]));
  });

  test("an empty list writes its header and a 'no rows yet' note", async () => {
    const excel = fakeWorkbook();
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Empty", productTable(0), true);
    expect(excel.table("Empty")).toEqual([["Item id", "Name", "Total profit", "Margin"]]);
    expect(excel.sheets.get("Empty")?.notes[0]).toMatch(/Rows: 0\nNo rows yet: /);
  });

  test("a sync failing on the 3rd chunk leaves the previous data untouched and no staging sheet", async () => {
    const excel = fakeWorkbook();
    const kept = excel.addSheet("Profit", OLD_TABLE);
    const before = excel.table("Profit");
    excel.failSync(4); // 1: lookup, 2-3: chunks 1-2, 4: chunk 3
    await expect(
      excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", productTable(2000), true),
    ).rejects.toThrow("The connection to Excel was lost");
    expect(excel.writes.filter((w) => w.sheet === "Profit")).toEqual([]);
    expect(excel.sheets.get("Profit")).toBe(kept);
    expect(excel.table("Profit")).toEqual(before);
    expect([...excel.sheets.keys()]).toEqual(["Profit"]);
    // The next import works and replaces the data.
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", productTable(3), true);
    expect(excel.table("Profit")).toHaveLength(4);
    expect(excel.table("Profit")[1]).toEqual([1000, "Product 0", 100, 25.5]);
  });

  test("a failing swap sync leaves the previous data; a staging sheet left behind is removed next time", async () => {
    const excel = fakeWorkbook();
    excel.addSheet("Profit", OLD_TABLE);
    const before = excel.table("Profit");
    excel.failSync(4); // lookup, 1 chunk, old used range, then the swap fails
    await expect(
      excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", productTable(10), true),
    ).rejects.toThrow("lost");
    expect(excel.table("Profit")).toEqual(before);
    expect(excel.sheets.get(stagingSheetName("Profit"))?.visibility).toBe("Hidden");
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", productTable(10), true);
    expect([...excel.sheets.keys()]).toEqual(["Profit"]);
    expect(excel.table("Profit")).toHaveLength(11);
  });

  test("a swap sync that fails half-way (Excel keeps the operations before the failure): the import fails loudly and the next one makes the sheet whole", async () => {
    const excel = fakeWorkbook();
    excel.addSheet("Profit", OLD_TABLE);
    // lookup, 1 chunk, old used range; then the swap: the copy lands, the tail clear does not.
    excel.failSync(4, 1);
    await expect(
      excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", productTable(10), true),
    ).rejects.toThrow("lost");
    const mixed = excel.table("Profit");
    expect(mixed[1]?.[0]).toBe(1000); // the new rows on top ...
    expect(mixed).toHaveLength(OLD_TABLE.length); // ... over the old tail: not a clean table
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", productTable(10), true);
    expect([...excel.sheets.keys()]).toEqual(["Profit"]);
    expect(excel.table("Profit")).toHaveLength(11);
    expect(excel.table("Profit")[1]).toEqual([1000, "Product 0", 100, 25.5]);
  });

  test("ExcelApi 1.8 (no Range.copyFrom): the import is written over the sheet in place, the same cells and formats as with copyFrom", async () => {
    const imported = async (excelApi: string) => {
      const excel = fakeWorkbook({ excelApi });
      const kept = excel.addSheet("Profit", OLD_TABLE);
      await excelWorkbook(excel.run, excel.hasExcelApi).writeTable(
        "Profit",
        productTable(1200),
        true,
      );
      expect(excel.sheets.get("Profit")).toBe(kept); // formulas pointing at it keep working
      expect([...excel.sheets.keys()]).toEqual(["Profit"]);
      return { table: excel.table("Profit"), formats: [...kept.formats].sort(), kept, excel };
    };
    const [withCopy, without] = [await imported("1.14"), await imported("1.8")];
    expect(without.table).toHaveLength(1201);
    expect(without.table).toEqual(withCopy.table);
    expect(without.formats).toEqual(withCopy.formats);
    expect([without.kept.frozenRows, without.kept.notes.length]).toEqual([1, 1]);
    // No staging: lookup, old used range, 3 chunks, tail cleared and finished, the note.
    expect(without.excel.writes.every((w) => w.sheet === "Profit")).toBe(true);
    expect(without.excel.syncs()).toBe(7);
  });

  test("a missing sheet is the staged sheet renamed and shown; dates become serial numbers", async () => {
    const excel = fakeWorkbook();
    const table = productTable(1);
    const withDate: ImportTable = {
      ...table,
      columns: [...table.columns, { header: "Fresh", path: "d", format: "date" }],
      rows: [[...(table.rows[0] ?? []), new Date(Date.UTC(2025, 5, 30, 12))]],
    };
    await excelWorkbook(excel.run, excel.hasExcelApi).writeTable("Profit", withDate, false);
    expect([...excel.sheets.keys()]).toEqual(["Profit"]);
    const sheet = excel.sheets.get("Profit");
    expect(sheet?.visibility).toBe("Visible");
    expect(sheet?.frozenRows).toBe(1);
    expect(excel.table("Profit")[1]?.[4]).toBeCloseTo(45838.5, 6);
  });
});

describe("refresh on open", () => {
  const storage = (): SettingsStorage => {
    const store = new Map<string, string>();
    return {
      get: async (n) => store.get(n) ?? null,
      set: async (n, v) => void store.set(n, v),
      remove: async (n) => void store.delete(n),
    };
  };
  const noNetwork: AsyncTransport = {
    fetch: async () => {
      throw new Error("no request expected");
    },
  };

  test("turning it on sets the startup behavior to load, off to none", async () => {
    const excel = fakeWorkbook();
    const calls: string[] = [];
    const startup: AddinStartup = {
      setStartupBehavior: async (b) => void calls.push(b),
    };
    const bridge = createExcelTaskpaneBridge({
      run: excel.run,
      storage: storage(),
      transport: noNetwork,
      defaultBaseUrl: "https://api.example.test",
      startup,
    });
    expect(await bridge.setAutoRefresh(true)).toMatchObject({ enabled: true });
    expect(await bridge.setAutoRefresh(false)).toMatchObject({ enabled: false });
    expect(calls).toEqual(["load", "none"]);
    expect(excel.settings.get("mkt.autoRefresh")).toBe("off");
  });

  test("without the API the option is still saved; a refused switch says so", async () => {
    const excel = fakeWorkbook();
    const without = createExcelTaskpaneBridge({
      run: excel.run,
      storage: storage(),
      transport: noNetwork,
      defaultBaseUrl: "https://api.example.test",
      startup: null,
    });
    expect(await without.setAutoRefresh(true)).toMatchObject({ enabled: true });
    const refusing = createExcelTaskpaneBridge({
      run: excel.run,
      storage: storage(),
      transport: noNetwork,
      defaultBaseUrl: "https://api.example.test",
      startup: {
        setStartupBehavior: async () => {
          throw new Error("Not supported on this platform");
        },
      },
    });
    await expect(refusing.setAutoRefresh(true)).rejects.toThrow(
      /Saved, but Excel did not accept loading the add-in .*Not supported/,
    );
    expect((await refusing.getAutoRefresh()).enabled).toBe(true);
  });
});

describe("Excel task pane settings", () => {
  test("settings go to the per-user store, definitions and refresh-on-open to the document", async () => {
    const excel = fakeWorkbook();
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

describe("Excel bulk answers", () => {
  test("go beside the cells that were read, even after the seller selected another sheet", async () => {
    const book = fakeWorkbook();
    book.addSheet("Inputs", [
      ["cogs", "margin"],
      [10, 0.2],
      [12, 0.25],
    ]);
    book.addSheet("Other", [["keep me"]]);
    book.select("Inputs", 0, 0, 3, 2);
    const surface = excelWorkbook(book.run, book.hasExcelApi);
    book.select("Other", 0, 0, 1, 1); // clicked away during the minutes the run queued
    const written = await writeAnswers(surface, "Inputs!A1:B3", [["price"], [20], ["=1+1"]]);
    expect(book.table("Inputs").map((r) => r[2])).toEqual(["price", 20, "=1+1"]);
    expect(book.table("Other")).toEqual([["keep me"]]);
    expect(written).toEqual({ address: expect.stringMatching(/^Inputs!C1/), written: true });
  });

  test("figures get their formats (money, %), text stays Text, other numbers General", async () => {
    const book = fakeWorkbook();
    book.addSheet("Inputs", [["cogs"], [10], [12]]);
    const surface = excelWorkbook(book.run, book.hasExcelApi);
    const values = [
      ["price", "margin"],
      [20.5, 0.25],
      [24, "Error: no such category"],
    ];
    const formats = [
      ["", ""],
      ["#,##0.00", "0.00%"],
      ["#,##0", ""],
    ];
    await writeAnswers(surface, "Inputs!A1:A3", values, {}, formats);
    const shown = book.sheets.get("Inputs")?.formats;
    const at = (r: number, c: number) => shown?.get(`${r},${c}`);
    expect([at(0, 1), at(0, 2)]).toEqual(["@", "@"]);
    expect([at(1, 1), at(1, 2)]).toEqual(["#,##0.00", "0.00%"]);
    expect([at(2, 1), at(2, 2)]).toEqual(["#,##0", "@"]);
  });

  test("skip a column that holds data; beside it only after the seller confirms", async () => {
    const book = fakeWorkbook();
    const inputs = [
      ["cogs", "margin", "Name"],
      [10, 0.2, "Mat"],
      [12, 0.25, "Lamp"],
    ];
    book.addSheet("Inputs", inputs);
    const surface = excelWorkbook(book.run, book.hasExcelApi);
    const answers = [["price"], [20], [24]];
    const free = await writeAnswers(surface, "Inputs!A1:B3", answers);
    expect(free).toEqual({ address: "Inputs!D1:D3", written: true });
    expect(book.table("Inputs").map((r) => r[2])).toEqual(["Name", "Mat", "Lamp"]);
    const asked: string[] = [];
    const no = async (q: string) => (asked.push(q), false);
    const declined = await writeAnswers(surface, "Inputs!A1:B3", [["x"], [1], [2]], {
      beside: true,
      confirm: no,
    });
    expect(declined).toEqual({ address: "Inputs!C1:C3", written: false });
    expect(asked).toEqual([
      "Inputs!C1:C3 holds data. Write the answers over it, or leave it as it is?",
    ]);
    expect(book.table("Inputs").map((r) => r[2])).toEqual(["Name", "Mat", "Lamp"]);
    await writeAnswers(surface, "Inputs!A1:B3", [["x"], [1], [2]], {
      beside: true,
      confirm: async () => true,
    });
    expect(book.table("Inputs").map((r) => r[2])).toEqual(["x", 1, 2]);
  });

  test("a sheet deleted during the run is reported, and nothing is written elsewhere", async () => {
    const book = fakeWorkbook();
    book.addSheet("Other", [["keep me"]]);
    book.select("Other", 0, 0, 1, 1);
    await expect(
      writeAnswers(excelWorkbook(book.run, book.hasExcelApi), "Gone!A1:A2", [[1], [2]]),
    ).rejects.toThrow(/Gone/);
    expect(book.table("Other")).toEqual([["keep me"]]);
  });
});

describe("Excel insert formula", () => {
  test("only the add-in's own functions go in (as in Sheets), never another formula", async () => {
    const book = fakeWorkbook();
    book.addSheet("Inputs", [[""]]);
    book.select("Inputs", 0, 0, 1, 1);
    const insert = excelWorkbook(book.run, book.hasExcelApi).insertFormula;
    const before = book.table("Inputs");
    for (const formula of [
      '=HYPERLINK("https://evil.example","x")',
      '=WEBSERVICE("https://evil.example")',
      "=MKT.NOPE(1)",
      '=cmd|"/c calc"!A1',
    ])
      await expect(insert(formula)).rejects.toThrow(
        "Only the add-in's own functions can be inserted",
      );
    expect(book.table("Inputs")).toEqual(before);
    await insert("=MKT.MKTA_CATEGORIES(100001)");
    expect(book.table("Inputs")).toEqual([["=MKT.MKTA_CATEGORIES(100001)"]]);
  });

  test("asks before a cell that holds data; the yes writes there, not at the new selection", async () => {
    const book = fakeWorkbook();
    book.addSheet("Inputs", [["keep me", ""]]);
    book.select("Inputs", 0, 0, 1, 1);
    const insert = excelWorkbook(book.run, book.hasExcelApi).insertFormula;
    const formula = '=MKT.MKTA_CATEGORIES(100001,"SG")';
    const questions: string[] = [];
    const no = await insertAsking(insert, formula, async (q) => (questions.push(q), false));
    expect(no).toEqual({ address: "Inputs!A1:A1", written: false });
    expect(questions).toEqual([
      "Inputs!A1:A1 holds data. Write the formula over it, or leave it as it is?",
    ]);
    expect(book.table("Inputs")).toEqual([["keep me"]]);
    const yes = await insertAsking(insert, formula, async () => {
      book.select("Inputs", 4, 4, 1, 1);
      return true;
    });
    expect(yes.written).toBe(true);
    expect(book.table("Inputs")).toEqual([[formula]]);
    book.select("Inputs", 0, 1, 1, 1);
    const empty = await insertAsking(insert, formula, async () => false);
    expect(empty).toEqual({ address: "Inputs!B1:B1", written: true });
    expect(book.table("Inputs")).toEqual([[formula, formula]]);
  });
});

describe("one 60-a-minute budget for the cells and the task pane", () => {
  test("requests the cells made count against the pane's quota (a shared limiter)", async () => {
    const key = "mkta_pat_" + "Zy9".repeat(14);
    const store = new Map<string, string>([["mkt.apiKey", key]]);
    const clock = new ManualClock(5_000_000);
    const shared = createScheduling(clock);
    const bridge = createExcelTaskpaneBridge({
      run: fakeWorkbook().run,
      storage: {
        get: async (n) => store.get(n) ?? null,
        set: async (n, v) => void store.set(n, v),
        remove: async (n) => void store.delete(n),
      },
      transport: {
        fetch: async () => {
          throw new Error("no request expected");
        },
      },
      defaultBaseUrl: "https://api.example.test",
      scheduling: shared,
    });
    for (let i = 0; i < 45; i++) expect(shared.quota.acquire(key).granted).toBe(true); // 45 cells
    expect(await bridge.getQuota()).toMatchObject({ requestsLastMinute: 45, limitPerMinute: 60 });
  });
});
