/**
 * One result row per id: lining up range arguments, and turning each row's outcome into
 * cells (an error in one row shows in that row; the others still show their figures).
 */
import { ArgumentError } from "./argumentError";
import type { Cell, CellResult, ResultCell, ResultTable } from "./cells";
import type { IdArg } from "./params";
import type { RowOutcome } from "./requests";
import { CellError, figurePairs, humanize, pairsTable, recordHeaders, toCell } from "../core/shape";
import { pickWithExtra } from "./shownField";

/** Rows a call needs: the size of the range arguments (which must agree), else 1. */
export function rowCount(args: Readonly<Record<string, IdArg<unknown> | undefined>>): number {
  let count = 1;
  let from = "";
  for (const [name, arg] of Object.entries(args)) {
    if (!arg?.isRange || arg.values.length === 1) continue;
    if (count > 1 && arg.values.length !== count) {
      throw new ArgumentError(
        name,
        `has ${arg.values.length} cells but ${from} has ${count}: ranges must be the same size`,
      );
    }
    count = arg.values.length;
    from = name;
  }
  return count;
}

/** The value of an id argument in row i (a single value applies to every row). */
export function at<T>(arg: IdArg<T> | undefined, i: number): T | undefined {
  if (!arg) return undefined;
  return arg.values.length === 1 ? arg.values[0] : arg.values[i];
}

/** True when any argument is a range: the result is one row per id. */
export function anyRange(...args: ReadonlyArray<IdArg<unknown> | undefined>): boolean {
  return args.some((a) => a?.isRange === true);
}

/** A row's failure as its cell in a result table (#N/A for "not found", else #VALUE!). */
export function rowError(error: unknown): CellError {
  return CellError.of(error);
}

/**
 * Rows of a range result: each row starts with its ids, then either one `field` value or
 * every figure of its record. Empty input rows stay empty so rows line up with the input.
 */
export function rangeResult(
  ids: ReadonlyArray<ReadonlyArray<[string, Cell]>>,
  outcomes: readonly RowOutcome[],
  options: { readonly field?: string | undefined; readonly headers: boolean },
): ResultTable {
  if (options.field !== undefined) {
    const fieldName = options.field;
    return outcomes.map((o, i): ResultCell[] => {
      if (o === null) return [""];
      if (!o.ok) return [rowError(o.error)];
      // The row's ids are columns of the table too ("Item id"), also where the record lacks them.
      const idCells = (): Array<[string, Cell]> =>
        (ids[i] ?? []).flatMap(([k, v]): Array<[string, Cell]> => [
          [k, v],
          [humanize(k), v],
        ]);
      try {
        return [pickWithExtra(o.value, fieldName, idCells)];
      } catch (err) {
        if (o === outcomes.find((x) => x?.ok)) throw err; // a wrong field name fails the cell once
        return [rowError(err)];
      }
    });
  }
  const pairs = outcomes.map((o, i): Array<[string, ResultCell]> => {
    const idPairs = [...(ids[i] ?? [])];
    if (o === null) return idPairs.map(([k]) => [k, ""]);
    if (!o.ok) return [...idPairs, ["error", rowError(o.error)]];
    const known = new Set(idPairs.map(([k]) => k));
    return [...idPairs, ...figurePairs(o.value).filter(([k]) => !known.has(k))];
  });
  const values = outcomes.map((o) => (o?.ok ? o.value : null));
  return pairsTable(pairs, options.headers, recordHeaders(values));
}

/** One outcome as the cell's answer: its value shaped, or its error thrown. */
export function single(outcome: RowOutcome, shape: (value: unknown) => CellResult): CellResult {
  if (outcome === null) return "";
  if (!outcome.ok) throw outcome.error;
  return shape(outcome.value);
}

/** An id as a cell. */
export function idCell(value: string | number | undefined): Cell {
  return value === undefined ? "" : toCell(value);
}
