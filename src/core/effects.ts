/**
 * The sans-I/O vocabulary. A function body is a generator that yields these effects and
 * returns cells; a driver (sync for Apps Script, async for Excel and the browser) performs
 * them. Bodies never see a transport, a key, a cache or a clock.
 */
import type { ParamsCheck } from "../api/contract";
import type { ApiError } from "./errors";
import { nameTheCulprit } from "./culprit";
import { marginsAsFractions } from "./marginUnit";
import { checkResponseShape } from "./responseShape";

/**
 * What a body reads from an answer: one `field` (pickField), or the profit table (breakdown
 * lines with their metadata). Declaring it lets the scheduler answer the call from a shop-wide
 * list entry that carries this much (see core/schedule/listPairs.ts).
 */
export type AnswerReads = { readonly field: string } | { readonly profitTable: true };

/** Ask the API for one endpoint. `params` holds path parameters and body fields by name. */
export interface ApiCall {
  readonly kind: "call";
  readonly endpoint: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** What the body reads from the answer; absent: anything (then only the endpoint answers). */
  readonly reads?: readonly AnswerReads[];
  /**
   * The caller asks again in smaller parts when the server cannot finish this request in its
   * time (a job's batch: its 503): the driver then gives the 503 back at once instead of
   * retrying the same request whole. Other failures are retried as usual.
   */
  readonly callerSplits?: boolean;
}

/** How a call is asked, besides its params. */
export interface CallHow {
  /** See ApiCall.callerSplits. */
  readonly callerSplits?: boolean;
}

/** Run several calls at once where the host can (UrlFetchApp.fetchAll, Promise.all). */
export interface ParallelCalls {
  readonly kind: "parallel";
  readonly calls: readonly ApiCall[];
}

export type Effect = ApiCall | ParallelCalls;

/** A function body: yields effects, returns its result. */
export type Program<T> = Generator<Effect, T, unknown>;

/** One settled outcome of a parallel call. */
export type Settled<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

/** Describe one API call (pure). */
export function apiCall<E extends string, P extends Readonly<Record<string, unknown>>>(
  endpoint: E,
  params: P & ParamsCheck<E, P>,
  reads?: readonly AnswerReads[],
  how: CallHow = {},
): ApiCall {
  return {
    kind: "call",
    endpoint,
    params,
    ...(reads === undefined ? {} : { reads }),
    ...(how.callerSplits ? { callerSplits: true } : {}),
  };
}

/**
 * Call one endpoint and get its `data`. A failure is thrown into the body as an ApiError,
 * and so is an answer in a shape the spec does not allow (see responseShape.ts; `entries:
 * "apart"`: a list's entries are left for the caller to hold to the bounds one by one).
 * For a batch endpoint (see BatchSpec) the result holds the entries of the ids asked,
 * in any order; an id with no entry is simply absent.
 */
export function* call<
  T = unknown,
  E extends string = string,
  P extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>,
>(
  endpoint: E,
  params: P & ParamsCheck<E, P>,
  reads?: readonly AnswerReads[],
  entries: "whole" | "apart" = "whole",
  how: CallHow = {},
): Program<T> {
  const loose: Readonly<Record<string, unknown>> = params;
  let answer: unknown;
  try {
    answer = yield apiCall(endpoint as string, loose, reads, how);
  } catch (error) {
    throw nameTheCulprit(error, endpoint, loose);
  }
  return marginsAsFractions(endpoint, checkResponseShape(endpoint, answer, entries)) as T;
}

/** Run calls in parallel; each outcome settles on its own, so one failed row spoils no other. */
export function* parallel<T = unknown>(calls: readonly ApiCall[]): Program<Array<Settled<T>>> {
  const settled = (yield { kind: "parallel", calls }) as Array<Settled<T>>;
  return settled.map((outcome, i) => {
    const asked = calls[i];
    if (!outcome.ok)
      return asked
        ? {
            ok: false,
            error: nameTheCulprit(outcome.error, asked.endpoint, asked.params) as ApiError,
          }
        : outcome;
    try {
      const endpoint = calls[i]?.endpoint ?? "";
      checkResponseShape(endpoint, outcome.value);
      return { ok: true, value: marginsAsFractions(endpoint, outcome.value) as T };
    } catch (error) {
      return { ok: false, error: error as ApiError };
    }
  });
}
