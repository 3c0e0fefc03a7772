/**
 * Is a successful answer in a shape the spec allows for its endpoint? A 200 whose `data` is
 * null, a list where an object is due, or an object with none of the fields the spec shows
 * is not "no shops" or "no such field": it is an API (or a base URL) that is not the one the
 * add-in talks to, and the seller is told so, never blamed for an argument.
 */
import { endpointById, isEndpointId } from "../api/endpoints";
import type { EndpointSpec } from "../api/types";
import { outOfBoundsValue } from "./answerBounds";
import { ApiError, shorten } from "./errors";
import { breakdownLines, isRecord } from "./lines";

/** The error for an answer the add-in cannot read (`what`: how it answered). */
export function unexpectedShapeError(
  endpointId: string,
  detail: string,
  what = "in an unexpected shape",
): ApiError {
  return new ApiError(
    "BAD_RESPONSE",
    `The API answered ${what} (endpoint ${endpointId}): ${detail}. Check the base URL in Settings; if it is right, tell your API provider`,
    { retryable: false },
  );
}

/** A short picture of what came instead, for the message. */
function sample(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return shorten(text, 40);
}

/** Why `data` does not fit the endpoint's response, or null when it does. */
export function shapeProblem(spec: EndpointSpec, data: unknown): string | null {
  const { kind, fields } = spec.response;
  if (kind === "array") {
    // The search response is not shown in the spec: a list, or an object holding one.
    const list = spec.id === "SEARCH" && isRecord(data) ? listIn(data) : data;
    if (!Array.isArray(list)) return `a list was expected, got ${sample(data)}`;
    const odd = list.find((entry) => !isRecord(entry));
    if (odd !== undefined) return `a list of records was expected, got an entry ${sample(odd)}`;
    // A batch answer names each entry's id: without it no cell can tell which entry is its own.
    // Where the spec lets the id be null (A1's modelId of a single-variant product), null or
    // absent is an id too: schedule/deliver.ts gives it the one model asked that it answers.
    const idField = spec.batch?.resultIdField;
    const mayLack = fields.some((f) => f.name === idField && f.nullable);
    const idless =
      idField && !mayLack ? list.find((e) => isRecord(e) && !hasId(e[idField])) : undefined;
    return idless === undefined ? null : `an entry without its ${idField}: ${sample(idless)}`;
  }
  if (!isRecord(data)) return `an object was expected, got ${sample(data)}`;
  if (kind === "cursorPage" || kind === "offsetPage") {
    return listIn(data) ? null : `a page with a list of entries was expected, got ${sample(data)}`;
  }
  const names = fields.map((f) => f.name);
  // Breakdown results (A2 lists its lines as its fields) must carry lines of some shape.
  const isBreakdown = names.includes("breakdown") && !names.includes("requiredListingPrice");
  if (isBreakdown || spec.id === "A2") {
    return breakdownLines(data).length > 0
      ? null
      : `a breakdown with lines was expected, got ${sample(data)}`;
  }
  if (names.length > 0 && !names.some((n) => Object.prototype.hasOwnProperty.call(data, n))) {
    return `none of ${shorten(names.join(", "), 60)} in ${sample(data)}`;
  }
  return null;
}

/** A list answer without its list of entries (a page keeps its other fields). */
function withoutEntries(data: unknown): unknown {
  if (Array.isArray(data)) return [];
  if (!isRecord(data)) return data;
  const list = listIn(data);
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== list));
}

function hasId(value: unknown): boolean {
  return typeof value === "number" || (typeof value === "string" && value !== "");
}

function listIn(record: Record<string, unknown>): unknown[] | undefined {
  for (const name of ["data", "entries", "rows"]) {
    const value = record[name];
    if (Array.isArray(value)) return value;
  }
  return undefined;
}

/**
 * `data` as it came, or an unexpected-shape error for endpoints of the table (also for a
 * value outside the spec's bounds: answerBounds.ts). `entries: "apart"`: a list answer's own
 * entries are not held to the bounds here (an import holds each entry to them on its own,
 * entriesWithinBounds: one bad row fails one row); the rest of the answer is.
 */
export function checkResponseShape(
  endpointId: string,
  data: unknown,
  entries: "whole" | "apart" = "whole",
): unknown {
  if (!isEndpointId(endpointId)) return data;
  const problem = shapeProblem(endpointById(endpointId), data);
  if (problem !== null) throw unexpectedShapeError(endpointId, problem);
  const outOfBounds = outOfBoundsValue(entries === "whole" ? data : withoutEntries(data));
  if (outOfBounds !== null)
    throw unexpectedShapeError(endpointId, outOfBounds, "with a value the spec does not allow");
  return data;
}
