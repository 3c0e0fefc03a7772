/**
 * The common bodies of catalog functions: one request shaped as a table (or one `field`),
 * and one request per distinct row for endpoints without a batch form.
 */
import type { BatchSpec } from "../api/types";
import { type AnswerReads, type ApiCall, type Program, apiCall, call } from "../core/effects";
import type { Cell, CellResult, ResultTable } from "./cells";
import type { IdArg } from "./params";
import { fetchEach } from "./requests";
import { anyRange, at, idCell, rangeResult, rowCount, single } from "./rows";
import { defined, fetchBatch, fetchPages, type RowOutcome } from "./requests";
import { ApiError } from "../core/errors";
import { recordsTable } from "../core/shape";
import { DEFAULT_LIMIT } from "./common";
import { labelledRows, pickShown } from "./shownField";
import { profitTable } from "./shape";

/** Display options most functions take. */
export interface Display {
  readonly field?: string | undefined;
  readonly headers?: boolean | undefined;
}

/** A table shaper for one result; `sent` is the request's body (its basis, for the table). */
export type Shape = (
  value: unknown,
  headers: boolean,
  sent?: Readonly<Record<string, unknown>>,
) => ResultTable;

/** Shape one result: the `field` figure when asked, else the table. */
export function present(
  value: unknown,
  display: Display,
  shape: Shape,
  sent?: Readonly<Record<string, unknown>>,
): CellResult {
  if (display.field === undefined) return shape(value, display.headers ?? true, sent);
  // Also a label only the table shows ("Basis", "Margin"): the table is shaped on a miss only.
  return pickShown(value, display.field, () => {
    try {
      return labelledRows(shape(value, true, sent));
    } catch {
      return [];
    }
  });
}

/**
 * What a body shaped by `present` reads from each answer: the `field`, or (one id, no field)
 * the profit table. A range without a field flattens whole records: anything (undefined).
 * Declared on a call, it lets the scheduler answer it from a shop-wide list entry.
 */
export function readsOf(display: Display, isRange: boolean): AnswerReads[] | undefined {
  if (display.field !== undefined) return [{ field: display.field }];
  return isRange ? undefined : [{ profitTable: true }];
}

/** One request, shaped. */
export function* answerOne(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  display: Display,
  shape: Shape,
): Program<CellResult> {
  const value: unknown = yield* call(endpoint, params);
  return present(value, display, shape, params);
}

/**
 * The body of a function that sends every argument but the display ones to one endpoint;
 * `check` rejects argument combinations the API would refuse, before the request.
 */
export function answerArgs(
  endpoint: string,
  shape: Shape,
  check?: (args: Readonly<Record<string, unknown>>) => void,
): (args: Display & Readonly<Record<string, unknown>>) => Program<CellResult> {
  return function* run(args) {
    const { field: _f, headers: _h, ...body } = args;
    check?.(body);
    return yield* answerOne(endpoint, defined(body), args, shape);
  };
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
  const reads = readsOf(display, anyRange(...Object.values(plan.ranges)));
  const calls = Array.from({ length: n }, (_, i) => {
    const c = plan.callOf(i);
    return c && reads ? { ...c, reads } : c;
  });
  const outcomes = yield* fetchEach(calls);
  if (!anyRange(...Object.values(plan.ranges))) {
    return single(outcomes[0] ?? null, (v) => present(v, display, shape, calls[0]?.params));
  }
  return rangeResult(
    Array.from({ length: n }, (_, i) => plan.idsOf(i)),
    outcomes,
    { field: display.field, headers: display.headers ?? true },
  );
}

/**
 * One `endpoint` request per input row: the row's ids (in the order given; a row without the
 * first id is left empty) added to `fields`, each row's ids leading its result row.
 */
export function* answerEachRow(
  endpoint: string,
  ids: Readonly<Record<string, IdArg<string | number> | undefined>>,
  fields: Readonly<Record<string, unknown>>,
  display: Display,
  shape: Shape,
): Program<CellResult> {
  const names = Object.keys(ids);
  const idsAt = (i: number): Array<[string, string | number | undefined]> =>
    names.map((n) => [n, at(ids[n], i)]);
  return yield* answerRows(
    {
      ranges: ids,
      idsOf: (i) => idsAt(i).map(([n, v]): [string, Cell] => [n, idCell(v)]),
      callOf: (i) => {
        const row = idsAt(i);
        if (row[0]?.[1] === undefined) return null;
        return apiCall(endpoint, defined({ ...fields, ...Object.fromEntries(row) }));
      },
    },
    display,
    shape,
  );
}

/** Rows of a paginated listing, up to `limit` (default 100), one table row per entry. */
export function* answerPages(
  endpoint: string,
  fields: Readonly<Record<string, unknown>>,
  limit: number | undefined,
  headers: boolean | undefined,
): Program<CellResult> {
  return recordsTable(
    yield* fetchPages(endpoint, defined(fields), limit ?? DEFAULT_LIMIT),
    headers ?? true,
  );
}

/**
 * The body of a per-row function: the `ids` arguments (first one required in a row) lead each
 * request and each result row; every other argument but the display ones goes in each request.
 */
export function answerRowsOf<const K extends string>(endpoint: string, ids: readonly K[]) {
  return function* run(
    args: Display & { readonly [N in K]?: IdArg<string | number> | undefined } & Readonly<
        Record<string, unknown>
      >,
  ): Program<CellResult> {
    const { field: _f, headers: _h, ...fields } = args;
    const idArgs: Partial<Record<K, IdArg<string | number> | undefined>> = {};
    for (const name of ids) {
      idArgs[name] = args[name];
      delete fields[name];
    }
    return yield* answerEachRow(endpoint, idArgs, fields, args, profitTable);
  };
}

/** The body of a listing: pages of `endpoint` (`roasEndpoint` when sorted by ROAS). */
export function answerListing(endpoint: string, roasEndpoint = endpoint) {
  return function* run(
    args: {
      readonly sortBy?: string | undefined;
      readonly limit?: number | undefined;
      readonly headers?: boolean | undefined;
    } & Readonly<Record<string, unknown>>,
  ): Program<CellResult> {
    const { sortBy, limit, headers, ...body } = args;
    return yield* answerPages(sortBy === "ROAS" ? roasEndpoint : endpoint, body, limit, headers);
  };
}

/**
 * A batch answer laid out by the seller's rows: each id's entry, or `missing(id)` in that
 * id's row (the whole cell when it is the only id).
 */
export function entriesByRow(
  byId: ReadonlyMap<string, Record<string, unknown>>,
  ids: IdArg<string | number>,
  idName: string,
  missing: (id: string | number) => string,
  display: Display,
  shape: Shape,
): CellResult {
  const outcomes: RowOutcome[] = ids.values.map((id) => {
    if (id === undefined) return null;
    const entry = byId.get(String(id));
    if (!entry) return { ok: false, error: new ApiError("NOT_FOUND", missing(id)) };
    const failed = entryFailure(entry);
    return failed === undefined
      ? { ok: true, value: entry }
      : { ok: false, error: new ApiError("NOT_FOUND", failed || missing(id)) };
  });
  if (!ids.isRange) return single(outcomes[0] ?? null, (v) => present(v, display, shape));
  return rangeResult(
    ids.values.map((id) => [[idName, idCell(id)]]),
    outcomes,
    { field: display.field, headers: display.headers ?? true },
  );
}

/**
 * The reason a batch answer gives for one id it could not answer (an entry that carries an
 * `error`, as A10 marks an unknown item; docs/contract-notes.md), or undefined.
 */
function entryFailure(entry: Record<string, unknown>): string | undefined {
  const error = entry.error;
  if (error === undefined || error === null) return undefined;
  const message =
    typeof error === "string"
      ? error
      : typeof error === "object" && typeof (error as { message?: unknown }).message === "string"
        ? (error as { message: string }).message
        : "";
  return message.slice(0, 200);
}

/**
 * The body of a batch function: the `idName` argument's ids go to `endpoint` in chunks of its
 * maxIds (`listSpec` where the endpoint table has no batch form) with every other argument but
 * the display ones, and each id's entry lands in that id's row (`missing(id)` where none).
 */
export function answerBatch<const K extends string>(
  endpoint: string,
  idName: K,
  missing: (id: string | number) => string,
  shape: Shape,
  listSpec?: BatchSpec,
) {
  return function* run(
    args: Display & { readonly [N in K]: IdArg<string | number> } & Readonly<
        Record<string, unknown>
      >,
  ): Program<CellResult> {
    const { field: _f, headers: _h, [idName]: ids, ...body } = args;
    const byId = yield* fetchBatch(endpoint, defined(body), ids.values, listSpec);
    return entriesByRow(byId, ids, idName, missing, args, shape);
  };
}
