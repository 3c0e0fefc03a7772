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
  const written = await writeAnswers(excelWorkbook(book.run), `Inputs!A1:A${answers.length}`, [
    ...answers,
  ]);
  expect(written.written).toBe(true);
  const table = book.table("Inputs");
  expect(table.slice(1).map((r) => r[1])).toEqual([...TRICKY_TEXTS]);
  expect(table.slice(1).map((r) => r[0])).toEqual(TRICKY_TEXTS.map((_, i) => 10 + i));
  const formats = book.sheets.get("Inputs")?.formats;
  expect(TRICKY_TEXTS.map((_, i) => formats?.get(`${i + 1},1`))).toEqual(
    TRICKY_TEXTS.map(() => "@"),
  );
});
