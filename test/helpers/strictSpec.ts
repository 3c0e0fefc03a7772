/**
 * A strict reading of docs/api-spec.md, for test servers that behave like "another API":
 * which requests the spec allows (method, path, headers, body fields and types, from the
 * endpoint table with the spec's own words where the table is more lenient), and answers cut
 * down to what the spec shows, optionally with B/C breakdown lines as plain signed numbers.
 */
import { ENDPOINTS } from "../../src/api/endpoints";
import type { EndpointSpec, FieldSpec } from "../../src/api/types";

/** How the strict server answers. */
export interface StrictAnswers {
  /** B and C breakdown lines as plain signed numbers (`"originalPrice": 25`). */
  readonly plainNumberLines: boolean;
}

interface Route {
  readonly spec: EndpointSpec;
  readonly pattern: RegExp;
}

const ROUTES: readonly Route[] = ENDPOINTS.map((spec) => ({
  spec,
  pattern: new RegExp(`^${spec.path.replace(/\{[^}]+\}/g, "([^/]+)")}$`),
}));

/**
 * Fields the spec allows to be null. 2.4: modelId is null for single-variant products (and
 * A21/A22 list it in every models[] element, so there it must be present); B2 and C1 describe
 * skuId null as "the aggregate".
 */
const NULLABLE: Readonly<Record<string, readonly string[]>> = {
  A21: ["models.modelId"],
  A22: ["models.modelId"],
  B2: ["skuId"],
  C1: ["skuId"],
};
const REQUIRED_NULLABLE: Readonly<Record<string, readonly string[]>> = {
  A21: ["models.modelId"],
  A22: ["models.modelId"],
};

/** The endpoint a request is for, or undefined (a path the spec does not show; the reference
 * server's extensions count only `withExtensions`). */
export function routeOf(
  method: string,
  path: string,
  withExtensions = false,
): { spec: EndpointSpec; pathValues: string[] } | undefined {
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (m && route.spec.method === method && (withExtensions || !route.spec.extension))
      return { spec: route.spec, pathValues: m.slice(1).map(decodeURIComponent) };
  }
  return undefined;
}

/** Everything a request does that the spec does not allow (empty when it is fine). */
export function requestProblems(
  method: string,
  url: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string,
): string[] {
  const [path = "", query] = url.split("?");
  const found = routeOf(method, path);
  if (!found) return [`${method} ${path}: no such endpoint in the spec`];
  const { spec, pathValues } = found;
  const problems: string[] = [];
  const where = `${spec.id}`;
  if (query !== undefined)
    problems.push(`${where}: a query string (${query}) the spec does not show`);
  if (!/^Bearer \S+$/.test(String(headers.authorization ?? "")))
    problems.push(`${where}: no "Authorization: Bearer <API_KEY>" header`);
  spec.pathParams.forEach((f, i) => {
    const v = pathValues[i] ?? "";
    if (f.type === "integer" && !/^-?\d+$/.test(v))
      problems.push(`${where}: path ${f.name} "${v}" is not an integer`);
    if (v === "") problems.push(`${where}: path ${f.name} is empty`);
  });
  if (spec.method === "GET") {
    if (body !== "") problems.push(`${where}: a GET with a body`);
    return problems;
  }
  if (body === "") {
    if (spec.bodyRequired) problems.push(`${where}: the body is required`);
    return problems;
  }
  if (!/^application\/json\b/.test(String(headers["content-type"] ?? "")))
    problems.push(`${where}: body without Content-Type: application/json`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, `${where}: body is not JSON`];
  }
  checkObject(spec.id, "", spec.body, parsed, problems);
  return problems;
}

function checkObject(
  id: string,
  prefix: string,
  fields: readonly FieldSpec[],
  value: unknown,
  problems: string[],
): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    problems.push(`${id}: ${prefix || "body"} must be an object`);
    return;
  }
  const record = value as Record<string, unknown>;
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(record))
    if (!known.has(key)) problems.push(`${id}: field ${prefix}${key} is not in the spec`);
  for (const f of fields) {
    const name = `${prefix}${f.name}`;
    const present = Object.prototype.hasOwnProperty.call(record, f.name);
    const v = record[f.name];
    if (!present) {
      if (f.required || REQUIRED_NULLABLE[id]?.includes(name))
        problems.push(`${id}: required field ${name} is missing`);
      continue;
    }
    if (v === null) {
      if (!NULLABLE[id]?.includes(name)) problems.push(`${id}: ${name} is null`);
      continue;
    }
    checkValue(id, name, f, v, problems);
  }
}

function checkValue(id: string, name: string, f: FieldSpec, v: unknown, problems: string[]): void {
  const bad = (what: string): void => {
    problems.push(`${id}: ${name} must be ${what}, got ${JSON.stringify(v)?.slice(0, 40)}`);
  };
  switch (f.type) {
    case "integer":
      if (!Number.isInteger(v)) return bad("an integer");
      break;
    case "number":
      if (typeof v !== "number" || !Number.isFinite(v)) return bad("a number");
      break;
    case "string":
      if (typeof v !== "string") return bad("a string");
      if (f.enum && !f.enum.includes(v)) return bad(`one of ${f.enum.join(", ")}`);
      return;
    case "boolean":
      if (typeof v !== "boolean") return bad("true or false");
      return;
    case "date":
      if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return bad("a YYYY-MM-DD date");
      return;
    case "object":
      if (v === null || typeof v !== "object" || Array.isArray(v)) return bad("an object");
      if (f.fields) checkObject(id, `${name}.`, f.fields, v, problems);
      return;
    case "array": {
      if (!Array.isArray(v)) return bad("a list");
      if ((f.min !== undefined && v.length < f.min) || (f.max !== undefined && v.length > f.max))
        return bad(`a list of ${f.min ?? 0} to ${f.max ?? "any"} entries`);
      v.forEach((item) => {
        if (f.items === "object") checkObject(id, `${name}.`, f.fields ?? [], item, problems);
        else if (f.items)
          checkValue(
            id,
            `${name}[]`,
            { ...f, type: f.items, min: undefined, max: undefined } as FieldSpec,
            item,
            problems,
          );
      });
      return;
    }
  }
  if (
    typeof v === "number" &&
    ((f.min !== undefined && v < f.min) || (f.max !== undefined && v > f.max))
  )
    bad(`from ${f.min ?? "-"} to ${f.max ?? "-"}`);
}

// ------------------------------------------------------------------ answers, as strict as the spec

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A line object reduced to what the spec shows: an amount (or, B/C, the plain number). */
function strictLines(breakdown: Record<string, unknown>, plain: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, line] of Object.entries(breakdown)) {
    if (isRecord(line) && typeof line.amount === "number")
      out[k] = plain ? line.amount : { amount: line.amount };
    else out[k] = line;
  }
  return out;
}

/** Every `breakdown` object anywhere in `value`, rewritten by strictLines. */
function rewriteBreakdowns(value: unknown, plain: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteBreakdowns(v, plain));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = k === "breakdown" && isRecord(v) ? strictLines(v, plain) : rewriteBreakdowns(v, plain);
  return out;
}

/** Only the fields the spec shows, where its type is not marked [partial]. */
function shownOnly(spec: EndpointSpec, record: unknown): unknown {
  if (!isRecord(record)) return record;
  const out: Record<string, unknown> = { ...record };
  if (!spec.response.partial) {
    const shown = new Set(spec.response.fields.map((f) => f.name));
    for (const k of Object.keys(out)) if (!shown.has(k)) delete out[k];
  }
  // "modelId (integer, null for single-variant)": another API may leave it out instead.
  if (out.modelId === null) delete out.modelId;
  return out;
}

/** `data` of a successful answer as a strict server would send it. */
export function strictData(spec: EndpointSpec, data: unknown, answers: StrictAnswers): unknown {
  const plain = answers.plainNumberLines && spec.marketplace !== "A" && spec.marketplace !== null;
  let out: unknown;
  switch (spec.response.kind) {
    case "array":
      out = Array.isArray(data) ? data.map((e) => shownOnly(spec, e)) : data;
      break;
    case "cursorPage":
    case "offsetPage": {
      if (!isRecord(data)) return data;
      const listName = spec.response.kind === "cursorPage" ? "data" : "entries";
      const list = data[listName];
      out = {
        ...data,
        [listName]: Array.isArray(list) ? list.map((e) => shownOnly(spec, e)) : list,
      };
      break;
    }
    case "object":
      // A2 lists its lines as its fields: those stay.
      out = spec.id === "A2" ? data : shownOnly(spec, data);
      break;
  }
  return rewriteBreakdowns(out, plain);
}
