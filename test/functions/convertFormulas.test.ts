/**
 * Convert formulas between hosts (issue 24 item 3): Excel -> Sheets -> Excel gives back the
 * same formulas for all 31 catalog functions, nested in each other and in Excel's own
 * functions, with quoted texts and sheet names holding function names left alone; Sheets'
 * xlsx export form unwraps; other functions are never touched.
 */
import { CATALOG } from "../../src/functions";
import { convertFormula } from "../../src/functions/convertFormulas";

const toExcel = (f: string) => convertFormula(f, "excel");
const toSheets = (f: string) => convertFormula(f, "sheets");

/** The catalog example in Sheets' form, wrapped in tricky company. */
function sheetsFormulas(): string[] {
  return CATALOG.flatMap((fn, i) => {
    const call = fn.example.slice(1);
    const other = CATALOG[(i + 1) % CATALOG.length]!;
    return [
      fn.example,
      `=IFERROR(${call}, "${fn.name}( failed: ""${other.name}(1)"" said no")`,
      `=SUM(${call}) + ${other.example.slice(1)} * 'Sheet ${fn.name}('!A1`,
      `=${fn.name}(${other.name}(), "MKT.${fn.name}(")`,
    ];
  });
}

test("all 35 catalog functions: Sheets -> Excel -> Sheets and Excel -> Sheets -> Excel are exact", () => {
  expect(CATALOG).toHaveLength(35);
  const sheets = sheetsFormulas();
  const excel = sheets.map(toExcel);
  for (const [i, fn] of CATALOG.entries()) {
    expect(excel[i * 4]).toBe(`=MKT.${fn.example.slice(1)}`);
    expect(excel[i * 4 + 1]).toContain(`"${fn.name}( failed: ""`); // the text is untouched
    expect(excel[i * 4 + 2]).toContain(`'Sheet ${fn.name}('!A1`);
    expect(excel[i * 4 + 3]).toMatch(
      new RegExp(`^=MKT\\.${fn.name}\\(MKT\\.\\w+\\(\\), "MKT\\.${fn.name}\\("\\)$`),
    );
  }
  expect(excel.map(toSheets)).toEqual(sheets);
  expect(excel.map(toSheets).map(toExcel)).toEqual(excel);
  // Converting twice changes nothing more.
  expect(excel.map(toExcel)).toEqual(excel);
  expect(sheets.map(toSheets)).toEqual(sheets);
});

test("other functions, look-alike names, references and non-formulas stay as typed", () => {
  const untouched = [
    "=SUM(A1:A3)",
    "=MYSHOPS(1)",
    "=SHOPS_LIST(1)",
    "=OTHER.SHOPS()",
    "=Sheet1!SHOPS",
    "=SHOPS",
    '="=MKT.SHOPS()"',
    "MKT.SHOPS()",
    "SHOPS()",
    "",
    '=IFERROR(__xludf.DUMMYFUNCTION("GOOGLEFINANCE(""GOOG"")"),1234.5)',
  ];
  for (const f of untouched) {
    expect(toExcel(f)).toBe(f);
    expect(toSheets(f)).toBe(f);
  }
  expect(toExcel("=shops()")).toBe("=MKT.shops()");
  expect(toSheets("=mkt.SHOPS()")).toBe("=SHOPS()");
});

test("Sheets' xlsx export form becomes the host's formula; spill copies are emptied", () => {
  const exported =
    '=IFERROR(__xludf.DUMMYFUNCTION("MKTA_BREAKDOWN(100001,""SG"",10001691)"),"Net profit")';
  expect(toExcel(exported)).toBe('=MKT.MKTA_BREAKDOWN(100001,"SG",10001691)');
  expect(toSheets(exported)).toBe('=MKTA_BREAKDOWN(100001,"SG",10001691)');
  expect(toExcel('=__xludf.DUMMYFUNCTION("SHOPS()")')).toBe("=MKT.SHOPS()");
  expect(toExcel('=IFERROR(__xludf.DUMMYFUNCTION("""COMPUTED_VALUE"""),12.5)')).toBe("");
  for (const fn of CATALOG) {
    const inner = fn.example.slice(1).replace(/"/g, '""');
    expect(toExcel(`=IFERROR(__xludf.DUMMYFUNCTION("${inner}"),0)`)).toBe(
      `=MKT.${fn.example.slice(1)}`,
    );
  }
});
