/**
 * "Freeze values": the add-in's formulas in a selection or sheet become the values they show
 * (a table a formula spilled too), so the workbook reads the same for a teammate without the
 * add-on or a key; each formula is kept (ports' FormulaCells: the table-records sheet in
 * Sheets, a document setting in Excel, the sheet's metadata in the web demo) so "Unfreeze"
 * puts back exactly what was there. Only catalog formulas are touched; the seller's own stay.
 */
import type { Cell } from "../functions/cells";
import { CATALOG, functionByName } from "../functions";
import { columnLetters } from "../imports/rangeAddress";
import { io, type Op } from "./op";
import type { FormulaCells } from "./ports";

const OURS = new RegExp(`\\b(${CATALOG.map((f) => f.name).join("|")})\\s*\\(`, "i");
const isOurs = (formula: string): boolean => formula.startsWith("=") && OURS.test(formula);
/** Only a function that answers with a table spills; a scalar one fills its own cell. */
const spills = (formula: string): boolean =>
  functionByName(OURS.exec(formula)?.[1] ?? "")?.result !== "scalar";

/** A kept formula: its anchor cell ("row,col", 0-based) and the block its answer filled. */
type Kept = Record<
  string,
  {
    readonly f: string;
    readonly rows: number;
    readonly cols: number;
    /** The block's values when frozen: Unfreeze empties only cells that still hold them. */
    readonly v?: readonly (readonly Cell[])[];
    /** Cells Freeze gave a number format (Excel: the answer's own): Unfreeze takes it back. */
    readonly n?: ReadonlyArray<readonly [row: number, col: number]>;
  }
>;

/** What a freeze or unfreeze did. */
export interface FreezeResult {
  readonly sheetName: string;
  readonly formulas: number;
  /** Frozen cells whose formula stayed kept: their value changed or moved since the freeze. */
  readonly notRestored?: string;
  /** Formulas left as they are by a freeze because they show an error (its reason stays). */
  readonly leftWithErrors?: number;
}

const blank = (c: Cell | undefined): boolean => c === undefined || c === null || c === "";
const asNumber = (c: Cell | undefined): number | null =>
  typeof c === "number"
    ? c
    : typeof c === "string" && c.trim() !== "" && Number.isFinite(Number(c))
      ? Number(c)
      : null;
/**
 * A cell still holds the frozen value as the host reads it back: a host may give a written
 * number back as text or with float noise (the web engine), or text with its spaces trimmed.
 */
const same = (a: Cell | undefined, b: Cell | undefined): boolean => {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x));
  return String(a).trim() === String(b).trim();
};
/** What a cell shows when its formula failed; freezing it would keep the code, not the reason. */
const showsError = (c: Cell | undefined): boolean =>
  typeof c === "string" && /^#[A-Z/0-9_]+[!?]?$/.test(c.trim());

const cellName = (row: number, col: number): string => `${columnLetters(col)}${row + 1}`;
const movedWords = (cells: readonly string[]): string =>
  `${cells.length === 1 ? "the frozen cell" : "the frozen cells"} ${cells.slice(0, 5).join(", ")}${cells.length > 5 ? ` and ${cells.length - 5} more` : ""}`;

function parseKept(text: string | null): Kept {
  try {
    const k = JSON.parse(text ?? "{}") as unknown;
    return k && typeof k === "object" ? (k as Kept) : {};
  } catch {
    return {};
  }
}

/** Freeze the catalog formulas of the selection or the active sheet. */
export function* freezeValues(cells: FormulaCells, scope: "selection" | "sheet"): Op<FreezeResult> {
  const got = yield* io(() => cells.read(scope));
  const kept = parseKept(yield* io(() => cells.readKept(got.sheetName)));
  const writes: {
    row: number;
    col: number;
    formula: string | null;
    value: Cell;
    format?: string;
  }[] = [];
  const taken = new Set<string>();
  const at = (r: number, c: number) => ({
    f: got.formulas[r]?.[c] ?? "",
    v: got.values[r]?.[c],
  });
  let frozen = 0;
  let errors = 0;
  got.formulas.forEach((line, r) =>
    line.forEach((f, c) => {
      if (!isOurs(f)) return;
      if (showsError(at(r, c).v)) {
        errors++;
        return;
      }
      // The block its answer spilled into: right and down while cells hold values, no formula.
      const table = spills(f);
      let cols = 1;
      while (table && c + cols < line.length && !at(r, c + cols).f && !blank(at(r, c + cols).v))
        cols++;
      let rows = 1;
      while (
        table &&
        r + rows < got.formulas.length &&
        !at(r + rows, c).f &&
        !blank(at(r + rows, c).v)
      )
        rows++;
      const v: Cell[][] = [];
      const n: Array<[number, number]> = [];
      for (let i = 0; i < rows; i++)
        for (let j = 0; j < cols; j++) {
          const key = `${r + i},${c + j}`;
          if (taken.has(key) || (i + j > 0 && at(r + i, c + j).f)) continue;
          taken.add(key);
          (v[i] ??= [])[j] = at(r + i, c + j).v ?? "";
          // A figure whose format was its value's own (Excel) keeps it on the frozen cell.
          const format = got.formats?.[r + i]?.[c + j] ?? "";
          if (format !== "" && format !== "General") n.push([i, j]);
          writes.push({
            row: got.row + r + i,
            col: got.col + c + j,
            formula: null,
            value: at(r + i, c + j).v ?? "",
            ...(format !== "" && format !== "General" ? { format } : {}),
          });
        }
      kept[`${got.row + r},${got.col + c}`] = { f, rows, cols, v, ...(n.length > 0 ? { n } : {}) };
      frozen++;
    }),
  );
  if (frozen === 0)
    throw new Error(
      errors > 0
        ? `Nothing frozen: ${errors === 1 ? "the add-in's formula" : `the add-in's ${errors} formulas`} in ${scope === "selection" ? "the selection" : got.sheetName} ${errors === 1 ? "shows" : "show"} an error (select one to read why); fix them first, a frozen error would lose its reason`
        : `No formula of the add-in in ${scope === "selection" ? "the selection" : got.sheetName}: nothing to freeze`,
    );
  // The formulas are kept before any cell changes: a failed write loses none.
  yield* io(() => cells.writeKept(got.sheetName, JSON.stringify(kept)));
  yield* io(() => cells.write(got.sheetName, writes));
  return {
    sheetName: got.sheetName,
    formulas: frozen,
    ...(errors > 0 ? { leftWithErrors: errors } : {}),
  };
}

/** Put back the formulas frozen in the selection or the active sheet. */
export function* unfreezeValues(
  cells: FormulaCells,
  scope: "selection" | "sheet",
): Op<FreezeResult> {
  const got = yield* io(() => cells.read(scope));
  const kept = parseKept(yield* io(() => cells.readKept(got.sheetName)));
  const height = got.values.length;
  const width = Math.max(0, ...got.values.map((r) => r.length));
  const inside = (r: number, c: number): boolean =>
    scope === "sheet" ||
    (r >= got.row && r < got.row + height && c >= got.col && c < got.col + width);
  const writes: {
    row: number;
    col: number;
    formula: string | null;
    value: Cell;
    format?: string;
  }[] = [];
  let restored = 0;
  const moved: string[] = [];
  for (const [key, k] of Object.entries(kept)) {
    const [r, c] = key.split(",").map(Number) as [number, number];
    if (!inside(r, c)) continue;
    const now = (i: number, j: number): Cell | undefined =>
      got.values[r + i - got.row]?.[c + j - got.col];
    // A row or column inserted above or left since the freeze moved the frozen value away
    // from where it was kept: putting the formula back there would overwrite another cell.
    if (k.v && !same(now(0, 0), k.v[0]?.[0])) {
      moved.push(cellName(r, c));
      continue;
    }
    // The spilled block is emptied so the answer can spill again (only cells still holding
    // the frozen value: one the seller changed since stays), then the formula goes back. A
    // format Freeze set goes with it: the answer brings its own (issue 35), and a cell it no
    // longer fills reads as on a fresh sheet.
    const formatted = new Set((k.n ?? []).map(([i, j]) => `${i},${j}`));
    const back = (i: number, j: number) => (formatted.has(`${i},${j}`) ? { format: "" } : {});
    for (let i = 0; i < k.rows; i++)
      for (let j = 0; j < k.cols; j++)
        if (i + j > 0 && !blank(now(i, j)) && same(now(i, j), k.v?.[i]?.[j]))
          writes.push({ row: r + i, col: c + j, formula: null, value: "", ...back(i, j) });
    writes.push({ row: r, col: c, formula: k.f, value: "", ...back(0, 0) });
    delete kept[key];
    restored++;
  }
  if (restored === 0 && moved.length > 0)
    throw new Error(
      `Not unfrozen: ${movedWords(moved)} changed since the freeze (a row or column inserted, or a value typed over it), so the formula kept for it would land on another cell. Put the value back, or type the formula yourself`,
    );
  if (restored === 0)
    throw new Error(
      `No frozen formula in ${scope === "selection" ? "the selection" : got.sheetName}: select the frozen cells (or the sheet) and try again`,
    );
  yield* io(() => cells.write(got.sheetName, writes));
  yield* io(() => cells.writeKept(got.sheetName, JSON.stringify(kept)));
  return {
    sheetName: got.sheetName,
    formulas: restored,
    ...(moved.length > 0 ? { notRestored: movedWords(moved) } : {}),
  };
}
