/**
 * One way to show a figure, everywhere (issue 35, item 1): every catalog function's answers
 * (its example, its whole table, a range of ids), over real HTTP to the reference server, are
 * shown as each host shows them (Excel: formatted numbers and cards; the web demo: the values
 * and cell formats its engine gets; Sheets: the values and the formats the add-on sets; the
 * sidebar: its preview text), rendered here by the number formats of the one figure table
 * (src/core/figure.ts FIGURE_LOOKS), and read as a seller reads them: no bare fraction, no
 * ".00" on a count, a percentage where the label names a rate or margin, no API name as a label.
 */
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { FIGURE_LOOKS } from "../../src/core/figure";
import { figureKind, contractNames } from "../../src/api/figures";
import { ENDPOINTS } from "../../src/api/endpoints";
import { isApiError } from "../../src/core/errors";
import { humanize } from "../../src/core/shape";
import { CATALOG, functionByName, type CellInput } from "../../src/functions";
import type { SheetFunction } from "../../src/functions/define";
import {
  errorsAsText,
  resultFormats,
  resultText,
  type CellResult,
} from "../../src/functions/cells";
import { excelResult } from "../../src/hosts/shared/excelValues";
import { EXCEL_PLACES, WEB_PLACES } from "../../src/hosts/shared/places";
import type { ExcelCell } from "../../src/hosts/shared/officeGlobals";
import { ENGINE_ERRORS, shownResult, withPlainCells } from "../../src/hosts/web/engineErrors";
import { fakeCustomFunctions } from "../hosts/excel/nodeExcel";
import { exampleArgs, formulasIn, parseFormula } from "../helpers/exampleArgs";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(120_000);

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

// ------------------------------------------------------------ the test's own renderer

/** The formats of the figure table, for every currency the contract names. */
const TABLE_FORMATS = new Set(
  Object.values(FIGURE_LOOKS).flatMap((look) => [look.format(null), look.format("VND")]),
);

/**
 * A number as a spreadsheet shows it under `format`: only the figure table's formats and the
 * host's automatic one are known here, so a format from anywhere else fails the test.
 */
function render(value: number, format: string): string {
  const fixed = (n: number, digits: number, grouping: boolean): string =>
    n.toLocaleString("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
  switch (format) {
    case "":
    case "General":
      return String(value);
    case "#,##0.00":
      return fixed(value, 2, true);
    case "#,##0":
      return fixed(value, 0, true);
    case "0":
      return fixed(value, 0, false);
    case "0.00%":
      return `${fixed(value * 100, 2, false)}%`;
    case '0.00"%"':
      return `${fixed(value, 2, false)}%`;
    case "yyyy-mm-dd":
    case "yyyy-mm-dd hh:mm":
      return `(date ${value})`;
    default:
      throw new Error(`a host applied ${JSON.stringify(format)}, which the figure table lacks`);
  }
}

/** One shown cell: the text a seller reads, or a number with the format it is shown in. */
type Shown = { text: string } | { value: number; format: string };

const textOf = (s: Shown): string => ("text" in s ? s.text : render(s.value, s.format));

// ------------------------------------------------------------ how each host shows an answer

type View = (result: CellResult) => Shown[][];
const grid = <T>(x: T | T[][]): T[][] => (Array.isArray(x) ? x : [[x]]);

function excelCell(cell: ExcelCell): Shown {
  if (typeof cell === "number") return { value: cell, format: "General" };
  if (typeof cell === "string" || typeof cell === "boolean") return { text: String(cell) };
  if (cell instanceof Error) return { text: "#VALUE!" };
  if (cell.type === "Double") return { value: cell.basicValue, format: cell.numberFormat };
  // A card shows its text; its properties are checked apart.
  return { text: cell.text };
}

const VIEWS: Readonly<Record<string, View>> = {
  excel: (result) =>
    grid(excelResult(result, "matrix", fakeCustomFunctions, EXCEL_PLACES, "methods")).map((row) =>
      row.map(excelCell),
    ),
  web: (result) => {
    const shown = shownResult(
      excelResult(result, "matrix", ENGINE_ERRORS, WEB_PLACES, "formatted"),
    );
    const formats = new Map(
      withPlainCells(shown.value, shown.formats).map(([r, c, f]) => [`${r},${c}`, f]),
    );
    return grid(shown.value).map((row, r) =>
      row.map((v, c): Shown =>
        typeof v === "number"
          ? { value: v, format: formats.get(`${r},${c}`) ?? "" }
          : { text: String(v) },
      ),
    );
  },
  sheets: (result) => {
    const values = grid(errorsAsText(result));
    const formats = grid(resultFormats(result));
    return values.map((row, r) =>
      row.map((v, c): Shown =>
        typeof v === "number" ? { value: v, format: formats[r]?.[c] ?? "" } : { text: String(v) },
      ),
    );
  },
  preview: (result) => grid(resultText(result)).map((row) => row.map((text) => ({ text }))),
};

// ------------------------------------------------------------ reading a table as a seller

/** Labels as tables show the contract's names ("Units sold"), with the kind each names. */
const KIND_BY_LABEL = new Map(
  contractNames().flatMap((n) => {
    const kind = figureKind(n);
    return kind === null ? [] : [[humanize(n).toLowerCase(), kind] as const];
  }),
);
/** The kind a label names: its own, or its last words' ("Previous avg margin" -> avg margin). */
function labelKind(label: string): string | null {
  const words = label
    .toLowerCase()
    .replace(/\s*\(per unit\)$/, "")
    .split(" ");
  for (let i = 0; i < words.length; i++) {
    const kind = KIND_BY_LABEL.get(words.slice(i).join(" "));
    if (kind !== undefined) return kind;
  }
  return null;
}

const API_NAME = /^[a-z]+[A-Z][A-Za-z0-9]*$|^[a-z]+\.[a-zA-Z.]+$/;

/** What a seller would object to in one shown table. */
function objections(rows: Shown[][], scalarLabel: string | null): string[] {
  const found: string[] = [];
  let header: string[] | null = null;
  rows.forEach((row, r) => {
    const texts = row.map(textOf);
    for (const t of texts) if (API_NAME.test(t)) found.push(`API name shown: "${t}"`);
    const allText = row.every((s) => "text" in s);
    if (allText && texts.filter((t) => t !== "").length >= 2) header = texts;
    row.forEach((cell, c) => {
      if ("text" in cell && !/^-?[\d,]*\.?\d+%?$/.test(cell.text)) return;
      const text = textOf(cell);
      const label =
        scalarLabel ??
        (row.length >= 2 && c === 1 && "text" in (row[0] ?? { value: 0 })
          ? texts[0]
          : (header?.[c] ?? ""));
      const kind = labelKind(label ?? "");
      const where = `row ${r + 1} "${label}": ${text}`;
      if (
        "value" in cell &&
        !Number.isInteger(cell.value) &&
        (cell.format === "" || cell.format === "General")
      )
        found.push(`bare number, ${where}`);
      if ("text" in cell && /^-?\d*\.\d{3,}$/.test(text)) found.push(`bare number, ${where}`);
      if (kind === "count" && !/^-?[\d,]+$/.test(text)) found.push(`count with decimals, ${where}`);
      if ((kind === "percent" || kind === "points") && !text.endsWith("%"))
        found.push(`rate without %, ${where}`);
    });
  });
  return found;
}

// ------------------------------------------------------------ every function's answers

const INACTIVE = new Set(ENDPOINTS.filter((e) => e.status !== "active").map((e) => e.id));

interface Case {
  readonly fn: SheetFunction;
  readonly args: CellInput[];
  readonly label: string;
  readonly field: string | null;
}

/** Each function: its example, its whole table (no field) and a range of its first id. */
function casesOf(fn: SheetFunction): Case[] {
  const args = exampleArgs(fn);
  const fieldAt = fn.params.findIndex((p) => p.name === "field");
  const field =
    fieldAt >= 0 && typeof args[fieldAt] === "string" ? (args[fieldAt] as string) : null;
  const out: Case[] = [{ fn, args, label: fn.example, field }];
  if (field !== null) {
    const whole = [...args];
    whole[fieldAt] = undefined;
    out.push({ fn, args: whole, label: `${fn.name} without its field`, field: null });
  }
  const rangeAt = fn.params.findIndex(
    (p, i) => p.range && args[i] !== undefined && !Array.isArray(args[i]),
  );
  if (rangeAt >= 0) {
    const ranged = [...args];
    ranged[rangeAt] = [[args[rangeAt] as CellInput], [args[rangeAt] as CellInput]] as CellInput;
    if (fieldAt >= 0) ranged[fieldAt] = undefined;
    out.push({ fn, args: ranged, label: `${fn.name} over a range`, field: null });
  }
  return out;
}

/** Every formula the README and docs/functions.md show, as written. */
function documentedCases(): Case[] {
  const formulas = new Set([...formulasIn("README.md"), ...formulasIn("docs/functions.md")]);
  return [...formulas].flatMap((formula): Case[] => {
    const { name, args } = parseFormula(formula);
    const fn = functionByName(name);
    if (!fn || formula === fn.example) return [];
    const fieldAt = fn.params.findIndex((p) => p.name === "field");
    const field = typeof args[fieldAt] === "string" ? (args[fieldAt] as string) : null;
    return [{ fn, args, label: formula, field }];
  });
}

/** Each section of the A overview, a document of many lists. */
const SECTIONS: Case[] = ["SUMMARY", "PRODUCTS", "BREAKDOWNS", "FLOW", "DISTRIBUTION", "ALL"].map(
  (section) => ({
    fn: functionByName("MKTA_OVERVIEW") as SheetFunction,
    args: [100001, "SG", section],
    label: `MKTA_OVERVIEW ${section}`,
    field: null,
  }),
);

/** A listing's first 20 rows read like its 2,000th: fewer rows keep the walk quick. */
function shortened(c: Case): Case {
  const at = c.fn.params.findIndex((p) => p.name === "limit");
  if (at < 0) return c;
  const args = [...c.args];
  args[at] = 20;
  return { ...c, args };
}

const CASES = [...CATALOG.flatMap(casesOf), ...SECTIONS, ...documentedCases()].map(shortened);

test("the figure table has a format for every kind, and only those formats are applied", () => {
  expect(Object.keys(FIGURE_LOOKS).sort()).toEqual(
    ["count", "date", "day", "id", "money", "number", "percent", "points", "ratio"].sort(),
  );
  for (const format of TABLE_FORMATS) expect(() => render(-1234.5678, format)).not.toThrow();
});

test.each(CASES.map((c) => [c.label, c] as const))(
  "%s reads as a seller reads it in every host",
  async (_label, c) => {
    let result: CellResult;
    try {
      result = await runAsync(c.fn.program(c.args), env);
    } catch (e) {
      // B11 is "not yet active" (spec): its cells say so, there is no figure to show.
      if (c.fn.endpoints.every((x) => INACTIVE.has(x)) && isApiError(e)) return;
      throw e;
    }
    const found: string[] = [];
    for (const [host, view] of Object.entries(VIEWS))
      for (const o of objections(view(result), c.field)) found.push(`${host}: ${o}`);
    // A card's figures: each a formatted number in its kind's format.
    const card = grid(excelResult(result, "matrix", fakeCustomFunctions, EXCEL_PLACES, "methods"))
      .flat()
      .find((x) => typeof x === "object" && !(x instanceof Error) && x.type === "Entity");
    if (card && typeof card === "object" && !(card instanceof Error) && card.type === "Entity")
      for (const [name, prop] of Object.entries(card.properties)) {
        const shown: Shown =
          prop.type === "Double"
            ? { value: prop.basicValue, format: prop.numberFormat }
            : { text: prop.type === "String" ? prop.basicValue : "" };
        for (const o of objections([[shown]], humanize(name))) found.push(`card ${name}: ${o}`);
      }
    expect(found).toEqual([]);
  },
);
