/**
 * Pure request building: an endpoint spec plus parameters become a method, URL, headers
 * and JSON body. Nothing is sent here (octokit's endpoint() idea).
 */
import { endpointSchemas, withoutUnset } from "../api/schema";
import { placed } from "../api/schemaWords";
import type { EndpointSpec } from "../api/types";
import { ApiError, noKeyError } from "./errors";
import { schemaProblems, type ValueProblem } from "./schemaCheck";

/** A request ready for a transport. */
export interface HttpRequest {
  readonly method: "GET" | "POST";
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Where and as whom to send. */
export interface RequestTarget {
  /** Normalised base URL (see normaliseBaseUrl). */
  readonly baseUrl: string;
  readonly apiKey: string | null | undefined;
}

/** True for values treated as "not given": undefined, null and "". */
export function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** Build the HTTP request of one API call; refuses what the API's schema refuses, naming it. */
export function buildRequest(
  spec: EndpointSpec,
  params: Readonly<Record<string, unknown>>,
  target: RequestTarget,
): HttpRequest {
  const apiKey = checkedKey(target.apiKey);
  const problem = requestProblems(spec, params)[0];
  if (problem) {
    const got = "value" in problem ? ` (got ${describe(problem.value)})` : "";
    throw new ApiError("INVALID_ARGUMENT", `${problem.field} ${problem.problem}${got}`, {
      field: problem.field,
    });
  }

  let path = spec.path;
  for (const p of spec.pathParams) {
    path = path.split(`{${p.name}}`).join(encodeURIComponent(String(params[p.name])));
  }
  const pathNames = new Set(spec.pathParams.map((p) => p.name));
  const body: Record<string, unknown> = Object.fromEntries(
    Object.entries(params).filter(([name, value]) => !pathNames.has(name) && !isUnset(value)),
  );

  const headers: Record<string, string> = {
    Authorization: `Bearer ${apiKey}`,
    Accept: "application/json",
  };
  const hasBody = Object.keys(body).length > 0 || (spec.method === "POST" && spec.bodyRequired);
  if (spec.method === "GET" || !hasBody) {
    return { method: spec.method, url: joinUrl(target.baseUrl, path), headers };
  }
  headers["Content-Type"] = "application/json";
  return {
    method: spec.method,
    url: joinUrl(target.baseUrl, path),
    headers,
    body: JSON.stringify(body),
  };
}

/**
 * What the API would refuse in these parameters, checked against the endpoint's schema the
 * way the reference server checks it: path parameters first (with "(path parameter)"), then
 * the body, where null, "" and undefined mean "not given". Empty when the request is valid.
 */
export function requestProblems(
  spec: EndpointSpec,
  params: Readonly<Record<string, unknown>>,
): ValueProblem[] {
  const schemas = endpointSchemas(spec);
  const pathNames = new Set(spec.pathParams.map((p) => p.name));
  const given = (name: string): boolean =>
    Object.prototype.hasOwnProperty.call(params, name) && params[name] !== undefined;
  const pathValues = Object.fromEntries(
    spec.pathParams.filter((p) => !isUnset(params[p.name])).map((p) => [p.name, params[p.name]]),
  );
  const pathProblems = schemaProblems(schemas.params, pathValues).map((p) => ({
    ...p,
    problem: placed(p.problem, "path"),
  }));
  if (pathProblems.length > 0) return pathProblems;
  const bodyValues = Object.fromEntries(
    Object.keys(params)
      .filter((name) => !pathNames.has(name) && given(name))
      .map((name) => [name, params[name]]),
  );
  // An unknown top-level key is named against every parameter (path ones too), with the
  // endpoint's id: the caller mixes both in one record.
  const known = [...pathNames, ...spec.body.map((f) => f.name)];
  return schemaProblems(schemas.body, withoutUnset(bodyValues)).map((p) =>
    Object.prototype.hasOwnProperty.call(bodyValues, p.field) && !known.includes(p.field)
      ? {
          ...p,
          problem: `is not a parameter of ${spec.id} (allowed: ${known.join(", ") || "none"})`,
        }
      : p,
  );
}

/** The API key, trimmed; NO_KEY when absent, CONFIG when it could break the header. */
export function checkedKey(apiKey: string | null | undefined): string {
  const key = typeof apiKey === "string" ? apiKey.trim() : "";
  if (key === "") throw noKeyError();
  if (hasSpaceOrControl(key)) {
    throw new ApiError(
      "CONFIG",
      "The API key contains spaces or line breaks: paste it again in Settings",
    );
  }
  return key;
}

function hasSpaceOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "string")
    return JSON.stringify(value.length > 20 ? `${value.slice(0, 19)}…` : value);
  if (value !== null && typeof value === "object") return "an object";
  return String(value);
}
