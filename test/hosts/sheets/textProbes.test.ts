/**
 * Issue 22 item 6 in Sheets: every probe string stays exactly that text when the add-on writes
 * it (bulk answers and imports), over the shared SpreadsheetApp fake, which reads a raw string
 * as Sheets does. The first test shows the fake bites: written raw, the probes turn into
 * formulas, numbers and booleans.
 */
import type { Cell } from "../../../src/functions/cells";
import type { StagedTable } from "../../../src/sidebar/ports";
import { sheetStage } from "../../../src/hosts/sheets/sheet/sheetStage";
import { writeCells } from "../../../src/hosts/sheets/sheet/sheetWrite";
import { TRICKY_TEXTS } from "../../helpers/trickyText";
import { FakeSpreadsheet, type FakeSheet } from "./fakes";

/** Probes Sheets keeps as text even when typed raw (no formula sign, not a number or date). */
const TEXT_EVEN_RAW = new Set(['DDE("cmd")', "(12)", '"quoted"', "{1,2;3,4}"]);

const column = (sheet: FakeSheet, col: number, from: number, n: number) =>
  Array.from({ length: n }, (_, i) => sheet.cell(from + i, col));

test("the fake bites: written raw, every probe but a few plain ones stops being that text", () => {
  const sheet = new FakeSpreadsheet().getSheets()[0] as FakeSheet;
  sheet.getRange(1, 1, TRICKY_TEXTS.length, 1).setValues(TRICKY_TEXTS.map((t) => [t]));
  const changed = TRICKY_TEXTS.filter(
    (t, i) => JSON.stringify(sheet.cell(i + 1, 1)) !== JSON.stringify({ kind: "text", value: t }),
  );
  expect(TRICKY_TEXTS.filter((t) => !changed.includes(t))).toEqual(
    TRICKY_TEXTS.filter((t) => TEXT_EVEN_RAW.has(t)),
  );
  expect(changed.length).toBeGreaterThanOrEqual(48);
});

test("bulk answers: each probe reads back as itself; numbers stay numbers in the seller's format", () => {
  const sheet = new FakeSpreadsheet().getSheets()[0] as FakeSheet;
  const n = TRICKY_TEXTS.length;
  sheet.getRange(1, 2, n, 1).setNumberFormats(TRICKY_TEXTS.map(() => ["$#,##0.00"]));
  const rows: Cell[][] = TRICKY_TEXTS.map((t, i) => [t, 100 + i]);
  writeCells(sheet, 1, 1, 2, rows);
  expect(column(sheet, 1, 1, n)).toEqual(TRICKY_TEXTS.map((t) => ({ kind: "text", value: t })));
  expect(sheet.getRange(1, 1, n, 1).getValues().flat()).toEqual([...TRICKY_TEXTS]);
  expect(column(sheet, 2, 1, n)).toEqual(rows.map((r) => ({ kind: "number", value: r[1] })));
  expect(sheet.getRange(1, 2, n, 1).getNumberFormats().flat()).toEqual(
    TRICKY_TEXTS.map(() => "$#,##0.00"),
  );
  // One format read, one format write and one setValues per chunk; none per cell.
  expect(sheet.setValuesCalls).toEqual([{ row: 1, rows: n, columns: 2 }]);
});

test("where Plain text does not keep a string (not promised by Google), each probe is written again behind an apostrophe and reads back as itself", () => {
  const sheet = new FakeSpreadsheet().getSheets()[0] as FakeSheet;
  sheet.plainTextKeepsText = false;
  const n = TRICKY_TEXTS.length;
  writeCells(
    sheet,
    1,
    1,
    2,
    TRICKY_TEXTS.map((t, i) => [t, i]),
  );
  expect(column(sheet, 1, 1, n)).toEqual(TRICKY_TEXTS.map((t) => ({ kind: "text", value: t })));
  expect(sheet.getRange(1, 1, n, 1).getValues().flat()).toEqual([...TRICKY_TEXTS]);
  expect(column(sheet, 2, 1, n)).toEqual(
    TRICKY_TEXTS.map((_, i) => ({ kind: "number", value: i })),
  );
  // Only the probes Sheets changed were written again, one cell each.
  const again = sheet.setValuesCalls.length - 1;
  expect(again).toBeGreaterThanOrEqual(48);
  expect(again).toBeLessThan(n);
});

test("a block of numbers alone touches no format", () => {
  const sheet = new FakeSpreadsheet().getSheets()[0] as FakeSheet;
  sheet.getRange(1, 1, 1, 2).setNumberFormats([["0.0%", "$#,##0.00"]]);
  writeCells(sheet, 1, 1, 2, [[0.25, 12]]);
  expect(sheet.getRange(1, 1, 1, 2).getNumberFormats()).toEqual([["0.0%", "$#,##0.00"]]);
  expect(sheet.getRange(1, 1, 1, 2).getValues()).toEqual([[0.25, 12]]);
});

test("an import, staged and committed twice: probes stay text, money and counts stay numbers", () => {
  const book = new FakeSpreadsheet();
  const stage = sheetStage(
    () => book,
    (iso) => iso,
  );
  const table: StagedTable = {
    columns: [
      { header: "Item id", path: "itemId", format: "integer" },
      { header: "Name", path: "name", format: "text" },
      { header: "Total profit", path: "totalProfit", format: "money" },
    ],
    rowCount: TRICKY_TEXTS.length,
    dataFreshAt: null,
    importedAt: "2025-07-01T08:00:00.000Z",
    title: "Probes",
  };
  const rows: Cell[][] = TRICKY_TEXTS.map((t, i) => [1000 + i, t, 12.5 * i]);
  for (const round of [1, 2]) {
    void stage.open(`t${round}`);
    void stage.append(`t${round}`, {
      header: table.columns.map((c) => c.header),
      rows: rows.slice(0, 20),
      rowsBefore: 0,
      width: 3,
    });
    void stage.append(`t${round}`, {
      header: null,
      rows: rows.slice(20),
      rowsBefore: 20,
      width: 3,
    });
    void stage.commit(`t${round}`, "Probes", table, true);
    // The import job drops its staging once its checkpoint is past the commit.
    void stage.drop(`t${round}`);
    const sheet = book.getSheetByName("Probes") as FakeSheet;
    const n = TRICKY_TEXTS.length;
    expect(column(sheet, 2, 2, n)).toEqual(TRICKY_TEXTS.map((t) => ({ kind: "text", value: t })));
    expect(column(sheet, 3, 2, n)).toEqual(rows.map((r) => ({ kind: "number", value: r[2] })));
    expect(sheet.getRange(2, 1, 1, 3).getNumberFormats()).toEqual([["0", "@", "#,##0.00"]]);
    expect(sheet.allCells().filter((c) => c.kind !== "text" && c.kind !== "number")).toEqual([]);
    expect(book.getSheets().map((s) => s.getName())).toEqual(["Sheet1", "Probes"]);
  }
});
