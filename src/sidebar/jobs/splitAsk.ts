/**
 * A job's batch the server could not finish in time (its 503 for a request past its time budget,
 * or no answer in time) is asked again in halves, down to a floor, instead of whole for ever:
 * a slow server still moves the job on. The rows a request carries after a split are kept in the
 * job's state (`Split`), so the batches after it, and the step resumed after a stop, go at that
 * size at once; the plan counts its requests at that size (the time left grows). Answers of the
 * parts are joined as one answer (lists end to end), so what a unit folds is what one request
 * would have given: no row twice, none skipped.
 */
import type { CallHow } from "../../core/effects";
import { isApiError } from "../../core/errors";
import type { Op } from "../op";

/** Rows a request keeps at least: a batch this small that still times out is a passing stop. */
export const SPLIT_FLOOR = 25;

/**
 * The rows a job's batches carry at most since a split, by endpoint (absent: as planned); and
 * under `answeredKey(endpoint)`, the most rows one of its requests was answered with.
 */
export type Split = Record<string, number>;

/** Where a split keeps the most rows an endpoint answered in one request of this job. */
const answeredKey = (endpoint: string): string => `${endpoint} answered`;
const isAnsweredKey = (key: string): boolean => key.endsWith(" answered");

/** The list a batch body carries its rows in (the spec's names), or null: not a batch. */
const LIST_FIELDS = ["models", "skus", "modelIds", "skuIds", "productIds", "itemIds"] as const;
const listOf = (params: Record<string, unknown>): [string, unknown[]] | null => {
  for (const k of LIST_FIELDS) {
    const v = params[k];
    if (Array.isArray(v)) return [k, v];
  }
  return null;
};

/**
 * How a batch of `rows` rows is asked: above the floor its 503 comes back at once, for its
 * halves to go at the first refusal (the driver's whole retries would each spend a request of
 * the key's 60 a minute on a batch the server has no time for). At the floor and below, a
 * request that is no batch, and a size the endpoint has answered in this job (its 503 is the
 * server's moment, not the batch's size: halving would make every later batch cost twice), the
 * driver retries it as any other.
 */
const howFor = (endpoint: string, rows: number, split: Split | undefined): CallHow =>
  rows > SPLIT_FLOOR && rows > (split?.[answeredKey(endpoint)] ?? 0) ? { callerSplits: true } : {};

/** The server ran out of time for this request: a smaller one may pass. */
export const isTooBig = (e: unknown): boolean =>
  isApiError(e) && (e.status === 503 || /did not answer in time/.test(e.message));

/** Requests a batch of `rows` rows to `endpoint` takes at the split's size. */
export function asksFor(endpoint: string, rows: number, split: Split | undefined): number {
  const size = split?.[endpoint];
  return size && rows > size ? Math.ceil(rows / size) : 1;
}

/**
 * The one request a batch is asked in (sent ahead with its neighbours: StepContext.ahead), or
 * null when the split asks it in parts.
 */
export function oneAsk(
  endpoint: string,
  params: Record<string, unknown>,
  split: Split | undefined,
): { endpoint: string; params: Record<string, unknown>; how: CallHow } | null {
  const list = listOf(params);
  if (!list) return { endpoint, params, how: {} };
  return asksFor(endpoint, list[1].length, split) > 1
    ? null
    : { endpoint, params, how: howFor(endpoint, list[1].length, split) };
}

/** Two answers of one batch's parts as one: lists end to end, other fields the first's. */
function joined(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a && b && typeof a === "object" && typeof b === "object") {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b as Record<string, unknown>)) {
      const was = out[k];
      out[k] = Array.isArray(was) && Array.isArray(v) ? [...was, ...v] : (was ?? v);
    }
    return out;
  }
  return a ?? b;
}

/** The words of a split for the progress line ("" when none). */
export function splitWords(split: Split | undefined): string {
  const sizes = Object.entries(split ?? {})
    .filter(([k]) => !isAnsweredKey(k))
    .map(([, v]) => v);
  return sizes.length
    ? ` (the API was slow: ${Math.min(...sizes).toLocaleString("en-US")} rows a request)`
    : "";
}

/**
 * Ask `params`, in parts of `split[endpoint]` rows where set; a part the server could not finish
 * in time halves the size (kept in `split`) and is asked again in halves, at its first 503. Each answered part is
 * reported to `answered` (the job's request count).
 */
export function* askSplit(
  ask: (endpoint: string, params: Record<string, unknown>, how?: CallHow) => Op<unknown>,
  endpoint: string,
  params: Record<string, unknown>,
  split: Split,
  answered: () => void = () => undefined,
): Op<unknown> {
  const list = listOf(params);
  if (!list) {
    const data = yield* ask(endpoint, params);
    answered();
    return data;
  }
  const [field, rows] = list;
  const size = split[endpoint];
  if (size !== undefined && rows.length > size) {
    let out: unknown = undefined;
    for (let i = 0; i < rows.length; i += size) {
      const part = { ...params, [field]: rows.slice(i, i + size) };
      const data = yield* askSplit(ask, endpoint, part, split, answered);
      out = out === undefined ? data : joined(out, data);
    }
    return out;
  }
  try {
    const data = yield* ask(endpoint, params, howFor(endpoint, rows.length, split));
    answered();
    const key = answeredKey(endpoint);
    split[key] = Math.max(split[key] ?? 0, rows.length);
    return data;
  } catch (e) {
    if (!isTooBig(e) || rows.length <= SPLIT_FLOOR) throw e;
    split[endpoint] = Math.max(SPLIT_FLOOR, Math.ceil(rows.length / 2));
    return yield* askSplit(ask, endpoint, params, split, answered);
  }
}
