/**
 * Bulk calculation's column mapping in the seller's terms: a header that names an argument
 * ("Shop", "shop_id", "Item ID", "COGS") is that argument's column without a click; a
 * required argument left unmapped is named before anything runs; columns are called by the
 * letters the sheet shows, wherever the selection starts. A header that names a number
 * argument over a column of text (a pricing sheet's cost source, "The API's (entered)") is not
 * mapped to it: its cells are no figures, and the note says so.
 */
import type { Cell } from "../core/shape";
import { paramLabel } from "../functions/paramLabels";
import { columnLetters, parseRangeAddress } from "./rangeAddress";

interface ParamLike {
  readonly name: string;
  /** "number": only a column of numbers (or empty cells) is mapped to it by its header. */
  readonly type?: string;
  readonly optional?: boolean;
  readonly needed?: boolean;
}

/** Words sellers put in headers for an argument (beyond its own name). */
const SAME_AS: Readonly<Record<string, readonly string[]>> = {
  cogs: ["cost", "unit cost", "product cost", "manufacturing cogs"],
  manufacturingCogs: ["cogs", "cost", "unit cost", "product cost"],
  listingPrice: ["price", "list price"],
  sellerId: ["seller"],
  region: ["country", "market region"],
};

const clip = (text: string): string => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

const words = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The names a header may use for `param`: its own, without a trailing "Id", the label the
 * panel shows ("Product (item id)"), and synonyms.
 */
function namesOf(param: string): Set<string> {
  const own = words(param);
  return new Set(
    [
      own,
      own.endsWith("id") ? own.slice(0, -2) : own,
      words(paramLabel(param)),
      ...(SAME_AS[param] ?? []).map(words),
    ].filter((n) => n !== ""),
  );
}

/** The first cell of column `c` below the header that is text, not a number (null: none). */
export function textIn(body: readonly (readonly Cell[])[], c: number): string | null {
  for (const row of body) {
    const cell = row[c];
    if (typeof cell === "string" && cell.trim() !== "" && !Number.isFinite(Number(cell.trim())))
      return cell;
  }
  return null;
}

/** Whether column `c` can feed `param`: a number argument takes no column of text. */
const fits = (param: ParamLike, body: readonly (readonly Cell[])[], c: number): boolean =>
  param.type !== "number" || textIn(body, c) === null;

/**
 * For each argument, "col:i" when exactly one header names it and its cells fit (a number
 * argument takes no column of text), else what `current` chose (a seller's choice is kept; a
 * column is given to one argument only). `body`: the selection's rows below its header.
 */
export function matchHeaders(
  params: readonly ParamLike[],
  header: readonly Cell[],
  current: readonly string[] = [],
  body: readonly (readonly Cell[])[] = [],
): string[] {
  const taken = new Set(current.filter((s) => s.startsWith("col:")));
  return params.map((p, i) => {
    const chosen = current[i] ?? "";
    if (chosen !== "") return chosen;
    const names = namesOf(p.name);
    const hits = header
      .map((h, c) =>
        typeof h === "string" && names.has(words(h)) && fits(p, body, c) ? `col:${c}` : null,
      )
      .filter((s): s is string => s !== null && !taken.has(s));
    if (hits.length !== 1) return "";
    taken.add(hits[0] ?? "");
    return hits[0] ?? "";
  });
}

/** The required arguments a mapping leaves empty (their names, in order). */
export function unmappedRequired(
  params: readonly ParamLike[],
  sources: readonly string[],
): string[] {
  return params
    .filter((p, i) => (!p.optional || p.needed) && (sources[i] ?? "") === "")
    .map((p) => p.name);
}

/** The sheet's letter for column `c` of the selection at `address` ("C" when it starts at C). */
export function selectionColumn(address: string | undefined, c: number): string {
  let first = 0;
  try {
    if (address) first = parseRangeAddress(address).c0;
  } catch {
    first = 0; // a single cell or an odd address: count from A
  }
  return columnLetters(first + c);
}

/** A function as the column mapping sees it. */
interface FunctionLike {
  readonly name: string;
  readonly params: readonly ParamLike[];
}

/**
 * What the run leaves out: each header of the selection that no argument is mapped to, said in
 * the sheet's letters, and the catalog functions that take an argument of that name ('Column C
 * "COGS" is not used by MKTA_BREAKDOWN: MKTA_NEW_PRODUCT, REQUIRED_PRICE take it'). Empty when
 * every headed column is used.
 */
export function unusedColumnsNote(
  fn: FunctionLike,
  header: readonly Cell[],
  sources: readonly string[],
  catalog: readonly FunctionLike[],
  address?: string,
  body: readonly (readonly Cell[])[] = [],
): string {
  const used = new Set(sources.filter((s) => s.startsWith("col:")));
  const notes = header.flatMap((h, c) => {
    if (typeof h !== "string" || h.trim() === "" || used.has(`col:${c}`)) return [];
    // Named for one of this function's numbers, yet text: say why it was not taken.
    const named = fn.params.find((p) => namesOf(p.name).has(words(h)) && !fits(p, body, c));
    const text = textIn(body, c);
    if (named && text !== null)
      return [
        `Column ${selectionColumn(address, c)} "${h.trim()}" holds text ("${clip(text)}"), not a number, so it is not taken as ${paramLabel(named.name)}: map a column of costs, or type one value for every row`,
      ];
    const takers = catalog
      .filter((f) => f.name !== fn.name && f.params.some((p) => namesOf(p.name).has(words(h))))
      .map((f) => f.name);
    const where = `Column ${selectionColumn(address, c)} "${h.trim()}"`;
    const shown = takers.slice(0, 3).join(", ") + (takers.length > 3 ? ", ..." : "");
    return [takers.length > 0 ? `${where} (${shown} take it)` : where];
  });
  return notes.length === 0 ? "" : `Not used by ${fn.name}: ${notes.join("; ")}.`;
}
