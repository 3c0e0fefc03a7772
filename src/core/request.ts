/**
 * Pure request building: an endpoint spec plus parameters become a method, URL, headers
 * and JSON body. Nothing is sent here (octokit's endpoint() idea).
 */
import type { EndpointSpec, FieldSpec } from "../api/types";
import { ApiError, noKeyError } from "./errors";

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

/** Build the HTTP request of one API call; refuses unknown, missing or mistyped parameters. */
export function buildRequest(
  spec: EndpointSpec,
  params: Readonly<Record<string, unknown>>,
  target: RequestTarget,
): HttpRequest {
  const apiKey = checkedKey(target.apiKey);
  const pathNames = new Set(spec.pathParams.map((p) => p.name));
  const bodyFields = new Map(spec.body.map((f) => [f.name, f]));
  for (const name of Object.keys(params)) {
    if (!pathNames.has(name) && !bodyFields.has(name)) {
      const allowed = [...pathNames, ...bodyFields.keys()].join(", ") || "none";
      throw new ApiError(
        "INVALID_ARGUMENT",
        `${name} is not a parameter of ${spec.id} (allowed: ${allowed})`,
        { field: name },
      );
    }
  }

  let path = spec.path;
  for (const p of spec.pathParams) {
    const value = params[p.name];
    if (isUnset(value)) throw missing(p.name);
    checkType(p, value, p.name);
    path = path.split(`{${p.name}}`).join(encodeURIComponent(String(value)));
  }

  const body: Record<string, unknown> = {};
  for (const field of spec.body) {
    const value = params[field.name];
    if (isUnset(value)) {
      if (field.required) throw missing(field.name);
      continue;
    }
    checkType(field, value, field.name);
    body[field.name] = value;
  }

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

function missing(name: string): ApiError {
  return new ApiError("INVALID_ARGUMENT", `${name} is required`, { field: name });
}

function typeError(name: string, expected: string, value: unknown): ApiError {
  return new ApiError("INVALID_ARGUMENT", `${name} must be ${expected} (got ${describe(value)})`, {
    field: name,
  });
}

/** Check a value against its field spec (type, enum, bounds), so mistakes fail before the wire. */
function checkType(field: FieldSpec, value: unknown, name: string): void {
  switch (field.type) {
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value))
        throw typeError(name, "a whole number", value);
      checkBounds(field, value, name);
      return;
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value))
        throw typeError(name, "a number", value);
      checkBounds(field, value, name);
      return;
    case "string":
      if (typeof value !== "string") throw typeError(name, "text", value);
      if (field.enum && !field.enum.includes(value))
        throw typeError(name, `one of ${field.enum.join(", ")}`, value);
      return;
    case "boolean":
      if (typeof value !== "boolean") throw typeError(name, "TRUE or FALSE", value);
      return;
    case "date":
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value))
        throw typeError(name, "a date YYYY-MM-DD", value);
      return;
    case "array":
      if (!Array.isArray(value)) throw typeError(name, "a list", value);
      if (field.min !== undefined && value.length < field.min)
        throw typeError(name, `a list of at least ${field.min}`, value);
      if (field.max !== undefined && value.length > field.max)
        throw typeError(name, `a list of at most ${field.max}`, value);
      if (field.items && field.items !== "object" && field.items !== "array") {
        const itemSpec: FieldSpec = { name, type: field.items, required: true, doc: "" };
        value.forEach((item: unknown, i) => checkType(itemSpec, item, `${name}[${i + 1}]`));
      }
      return;
    case "object":
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw typeError(name, "an object", value);
      return;
  }
}

function checkBounds(field: FieldSpec, value: number, name: string): void {
  const { min, max } = field;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const range =
      min !== undefined && max !== undefined
        ? `from ${min} to ${max}`
        : min !== undefined
          ? `at least ${min}`
          : `at most ${max}`;
    throw typeError(
      name,
      `${field.type === "integer" ? "a whole number" : "a number"} ${range}`,
      value,
    );
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "string")
    return JSON.stringify(value.length > 20 ? `${value.slice(0, 19)}…` : value);
  if (value !== null && typeof value === "object") return "an object";
  return String(value);
}
