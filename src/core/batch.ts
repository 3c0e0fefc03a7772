/**
 * Id helpers for batch endpoints (spec.batch): distinct ids, chunks, the merge key of calls
 * that may share a request, and a response's entries by id. The scheduler does the merging.
 */
import type { EndpointSpec } from "../api/types";
import { ApiError } from "./errors";
import { canonicalJson } from "./hash";

/** Ids compare as strings: "17" from a cell and 17 from JSON are the same product. */
export function idKey(id: unknown): string {
  return String(id);
}

/** Distinct ids (first occurrence kept, compared as strings). */
export function distinctIds<T>(ids: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const id of ids) {
    const key = idKey(id);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(id);
    }
  }
  return out;
}

/** The params of a batch call without its ids. */
export function paramsWithoutIds(
  params: Readonly<Record<string, unknown>>,
  idsField: string,
): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (k !== idsField) rest[k] = v;
  return rest;
}

/** Calls with the same key may share one request: endpoint + canonical params without ids. */
export function batchKey(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  idsField: string,
): string {
  return `${endpoint} ${canonicalJson(paramsWithoutIds(params, idsField))}`;
}

/** Entries of a batch response grouped by their id (as a string). */
export function groupEntriesById(
  entries: readonly unknown[],
  resultIdField: string,
): Map<string, unknown[]> {
  const byId = new Map<string, unknown[]>();
  for (const entry of entries) {
    if (entry === null || typeof entry !== "object") continue;
    const id = (entry as Record<string, unknown>)[resultIdField];
    if (id === undefined || id === null) continue;
    const key = idKey(id);
    const list = byId.get(key);
    if (list) list.push(entry);
    else byId.set(key, [entry]);
  }
  return byId;
}

/** The ids array of a batch call, or an INVALID_ARGUMENT error. */
export function batchIds(spec: EndpointSpec, params: Readonly<Record<string, unknown>>): unknown[] {
  const field = spec.batch?.idsField ?? "ids";
  const ids = params[field];
  if (!Array.isArray(ids) || ids.length === 0) {
    throw new ApiError("INVALID_ARGUMENT", `${field} must list at least one id`, { field });
  }
  return ids as unknown[];
}
