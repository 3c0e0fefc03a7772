/**
 * The common bodies of catalog functions: one request shaped as a table (or one `field`),
 * and one request per distinct row for endpoints without a batch form.
 */
import { type ApiCall, type Program, call } from "../core/effects";
import type { Cell, CellResult, Table } from "./cells";
import type { IdArg } from "./params";
import { fetchEach } from "./requests";
import { anyRange, rangeResult, rowCount, single } from "./rows";
import { pickField } from "./shape";

/** Display options most functions take. */
export interface Display {
  readonly field?: string | undefined;
  readonly headers?: boolean | undefined;
}

/** A table shaper for one result. */
export type Shape = (value: unknown, headers: boolean) => Table;

/** Shape one result: the `field` figure when asked, else the table. */
export function present(value: unknown, display: Display, shape: Shape): CellResult {
  return display.field !== undefined
    ? pickField(value, display.field)
    : shape(value, display.headers ?? true);
}

/** One request, shaped. */
export function* answerOne(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  display: Display,
  shape: Shape,
): Program<CellResult> {
  const value: unknown = yield* call(endpoint, params);
  return present(value, display, shape);
}

/** What `answerRows` needs: the range arguments, each row's ids and each row's request. */
export interface RowPlan {
  readonly ranges: Readonly<Record<string, IdArg<unknown> | undefined>>;
  readonly idsOf: (row: number) => Array<[string, Cell]>;
  /** The row's request, or null for an empty row. */
  readonly callOf: (row: number) => ApiCall | null;
}

/**
 * One request per distinct row, all in one `parallel` (too many -> the Bulk calculation
 * message). Without a range the single result is shaped like `answerOne`.
 */
export function* answerRows(plan: RowPlan, display: Display, shape: Shape): Program<CellResult> {
  const n = rowCount(plan.ranges);
  const calls = Array.from({ length: n }, (_, i) => plan.callOf(i));
  const outcomes = yield* fetchEach(calls);
  if (!anyRange(...Object.values(plan.ranges))) {
    return single(outcomes[0] ?? null, (v) => present(v, display, shape));
  }
  return rangeResult(
    Array.from({ length: n }, (_, i) => plan.idsOf(i)),
    outcomes,
    { field: display.field, headers: display.headers ?? true },
  );
}
