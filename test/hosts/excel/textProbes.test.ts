/**
 * Issue 22 item 6 in Excel: every probe string stays exactly that text when the task pane
 * writes it as a bulk answer (imports: taskpaneBridge.test.ts), over the fake workbook, which
 * reads a raw string as Excel does. The first test shows the fake bites.
 */
// office-addin-mock imports office-addin-manifest only for its host names (see taskpaneBridge.test.ts).
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import { excelWorkbook } from "../../../src/hosts/excel/taskpaneBridge";
import { writeAnswers } from "../../../src/sidebar/answerPlace";
import { TRICKY_TEXTS } from "../../helpers/trickyText";
import type { ImportTable } from "../../../src/imports/table";
import { ParsedFormula, fakeWorkbook } from "./fakeWorkbook";

test("the fake bites: probes written raw into General cells become formulas, numbers, booleans", async () => {
  const book = fakeWorkbook();
  book.addSheet("Raw", [["x"]]);
  await book.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject("Raw");
    sheet.load("isNullObject");
    await context.sync();
    sheet.getRangeByIndexes(0, 0, TRICKY_TEXTS.length, 1).values = TRICKY_TEXTS.map((t) => [t]);
    await context.sync();
  });
  const stored = book.table("Raw").map((r) => r[0]);
  const kept = TRICKY_TEXTS.filter((t, i) => stored[i] === t);
  expect(kept).toEqual(['DDE("cmd")', "(12)", '"quoted"', "{1,2;3,4}"]);
  expect(stored.filter((v) => v instanceof ParsedFormula).length).toBeGreaterThanOrEqual(20);
});

test("bulk answers: each probe reads back as itself, in a Text cell; numbers stay numbers", async () => {
  const book = fakeWorkbook();
  book.addSheet("Inputs", [["cogs"], ...TRICKY_TEXTS.map((_, i) => [10 + i])]);
  const answers = [["answer"], ...TRICKY_TEXTS.map((t) => [t])];
  const written = await writeAnswers(
    excelWorkbook(book.run, book.hasExcelApi),
    `Inputs!A1:A${answers.length}`,
    [...answers],
  );
  expect(written.written).toBe(true);
  const table = book.table("Inputs");
  expect(table.slice(1).map((r) => r[1])).toEqual([...TRICKY_TEXTS]);
  expect(table.slice(1).map((r) => r[0])).toEqual(TRICKY_TEXTS.map((_, i) => 10 + i));
  const formats = book.sheets.get("Inputs")?.formats;
  expect(TRICKY_TEXTS.map((_, i) => formats?.get(`${i + 1},1`))).toEqual(
    TRICKY_TEXTS.map(() => "@"),
  );
});

describe('where Excel does not keep a Text ("@") cell\'s string as given (FAKES.md E-B3)', () => {
  const unkind = () => fakeWorkbook({ textFormatKept: false });

  test("the fake bites: probes written into Text cells become formulas, numbers, booleans", async () => {
    const book = unkind();
    book.addSheet("Raw", [["x"]]);
    await book.run(async (context) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject("Raw");
      sheet.load("isNullObject");
      await context.sync();
      const range = sheet.getRangeByIndexes(0, 0, TRICKY_TEXTS.length, 1);
      range.numberFormat = TRICKY_TEXTS.map(() => ["@"]);
      range.values = TRICKY_TEXTS.map((t) => [t]);
      await context.sync();
    });
    const stored = book.table("Raw").map((r) => r[0]);
    expect(TRICKY_TEXTS.filter((t, i) => stored[i] === t)).toHaveLength(4);
  });

  test("bulk answers: each probe is written again behind an apostrophe and reads back as itself", async () => {
    const book = unkind();
    book.addSheet("Inputs", [["cogs"], ...TRICKY_TEXTS.map((_, i) => [10 + i])]);
    const answers = [["answer"], ...TRICKY_TEXTS.map((t) => [t])];
    await writeAnswers(
      excelWorkbook(book.run, book.hasExcelApi),
      `Inputs!A1:A${answers.length}`,
      answers,
    );
    const table = book.table("Inputs");
    expect(table.slice(1).map((r) => r[1])).toEqual([...TRICKY_TEXTS]);
    expect(table.slice(1).map((r) => r[0])).toEqual(TRICKY_TEXTS.map((_, i) => 10 + i));
    // The block once, then one cell per converted probe (the rest, and the header, held).
    const single = book.writes.filter((w) => w.at[2] === 1 && w.at[3] === 1);
    expect(single.length).toBe(TRICKY_TEXTS.length - 4);
  });

  test.each(["1.14", "1.8"])(
    "an import (ExcelApi %s), new and over an old sheet, and a managed table's rows keep every probe",
    async (excelApi) => {
      const book = fakeWorkbook({ textFormatKept: false, excelApi });
      const table: ImportTable = {
        columns: [
          { header: "Item id", path: "itemId", format: "integer" },
          { header: "Name", path: "name", format: "text" },
        ],
        rows: TRICKY_TEXTS.map((t, i) => [1000 + i, t]),
        dataFreshAt: "2025-06-30T02:00:00Z",
        importedAt: "2025-07-01T08:00:00.000Z",
        title: "probes",
      };
      const surface = excelWorkbook(book.run, book.hasExcelApi);
      book.addSheet("Old", [["a", "b", "c"], ...TRICKY_TEXTS.map(() => [1, 2, 3])]);
      for (const name of ["New", "Old"]) {
        await surface.writeTable(name, table, false);
        expect([name, book.table(name).slice(1)]).toEqual([
          name,
          TRICKY_TEXTS.map((t, i) => [1000 + i, t]),
        ]);
      }
      await surface.managed?.write(
        "New",
        [{ row: 1, col: 2, values: TRICKY_TEXTS.map((t) => [t, 7]), formats: ["General", "0"] }],
        false,
      );
      expect(book.table("New").slice(1)).toEqual(TRICKY_TEXTS.map((t, i) => [1000 + i, t, t, 7]));
    },
  );
});
