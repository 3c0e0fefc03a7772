/**
 * A need: one answer a call is waiting for that the cache did not have. A single call is one
 * need; a batch call is one need per missing id. Needs, not calls, are what the scheduler
 * coalesces: identical needs share a request, needs of a batch endpoint share chunks, and
 * needs a shop-wide list also answers may be answered from that list (see listPairs.ts).
 */
import type { AnswerReads } from "../effects";
import { canonicalJson } from "../hash";
import { breakdownLines, isRecord } from "../lines";
import { pickField } from "../pickField";

export interface Need {
  /** Identity: endpoint + canonical params. Identical needs share one request. */
  readonly key: string;
  /** The endpoint's spec id. */
  readonly endpoint: string;
  /** The need's own request params; for a batch id, the other params plus `[idsField]: [id]`. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The id, for a need of a batch endpoint. */
  readonly batchId?: unknown;
  /**
   * What the callers read from the answer; undefined when any caller may read anything.
   * Only needs with reads may be answered from a list entry that carries less.
   */
  readonly reads?: readonly AnswerReads[];
  /** False once a list failed to answer it: only its own endpoint will. */
  readonly listOk: boolean;
  /** False when the caller caches the whole call itself (a very large id range). */
  readonly cacheEach: boolean;
  /** A batch id asked in a request of its own (its batch answer could not tell it apart). */
  readonly alone?: boolean;
  /** Its caller splits a request the server had no time for (ApiCall.callerSplits). */
  readonly callerSplits?: boolean;
}

/** The identity of a need. */
export function needKey(endpoint: string, params: Readonly<Record<string, unknown>>): string {
  return `${endpoint} ${canonicalJson(params)}`;
}

/** Reads of two callers of the same need: any caller without reads reads everything. */
export function mergeReads(
  a: readonly AnswerReads[] | undefined,
  b: readonly AnswerReads[] | undefined,
): readonly AnswerReads[] | undefined {
  if (a === undefined || b === undefined) return undefined;
  return [...a, ...b];
}

/** Does `value` carry everything these reads need? */
export function readsSatisfied(value: unknown, reads: readonly AnswerReads[] | undefined): boolean {
  if (reads === undefined) return false;
  return reads.every((read) => {
    if ("field" in read) {
      try {
        pickField(value, read.field);
        return true;
      } catch {
        return false;
      }
    }
    return breakdownLines(value).length > 0 && isRecord(value) && isRecord(value.metadata);
  });
}
