/**
 * Bad (and good) requests for every endpoint, generated from the endpoint table: for each
 * body field and path parameter, wrong types, missing values, out-of-range and extreme
 * numbers, bad enums and dates, huge and empty lists, bad nested elements and map entries,
 * and unknown and prototype keys. Each case is the parameters a caller would pass (path
 * parameters and body fields in one record, as core/request.ts takes them).
 */
import { ENDPOINTS } from "../../../src/api/endpoints";
import type { EndpointSpec, FieldSpec, FieldType } from "../../../src/api/types";

export interface RequestCase {
  readonly spec: EndpointSpec;
  /** What the case breaks, for failure messages. */
  readonly label: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A valid value of a field's type (ids of the demo account where it matters). */
export function validValue(field: FieldSpec): unknown {
  if (field.enum) return field.enum[0];
  return validOfType(field.type, field);
}

function validOfType(type: FieldType, field?: FieldSpec): unknown {
  switch (type) {
    case "integer":
      return field?.min ?? 1;
    case "number":
      return field?.max !== undefined ? Math.min(field.max, (field.min ?? 0) + 0.5) : 12.5;
    case "string":
      return field?.name === "region" ? "SG" : "x1";
    case "boolean":
      return true;
    case "date":
      return "2025-07-30"; // after the test server's today: A19 wants a future date

    case "array": {
      const item =
        field?.items === "object"
          ? validObject(field.fields ?? [])
          : validOfType(field?.items ?? "string");
      return [item];
    }
    case "object":
      return field?.fields ? validObject(field.fields) : { p1: 1 };
  }
}

function validObject(fields: readonly FieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, validValue(f)]));
}

/** Ids of the demo account's first shop of each marketplace, so good requests find data. */
const DEMO_IDS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  A: { shopId: 100001, region: "SG", categoryId: 100001 },
  B: { sellerId: 500001, region: "MY", categoryId: 200001 },
  C: {
    shopId: 700001,
    region: "TH",
    categoryL1: "Beauty & Personal Care",
    categoryL2: "Skincare",
    categoryL3: "Serums",
  },
};

/** `params` with the demo ids of the endpoint's marketplace wherever it has those fields. */
function withDemoIds(spec: EndpointSpec, params: Record<string, unknown>): Record<string, unknown> {
  const demo = DEMO_IDS[spec.marketplace ?? ""] ?? {};
  const out = { ...params };
  for (const [name, id] of Object.entries(demo)) if (name in out) out[name] = id;
  return out;
}

/** Path parameters and required body fields of an endpoint, all valid. */
export function validParams(spec: EndpointSpec): Record<string, unknown> {
  return withDemoIds(spec, { ...validObject(spec.pathParams), ...validObject(spec.body) });
}

/** A record with an own key (even "__proto__"), as JSON.parse would make it. */
function withOwnKey(
  base: Readonly<Record<string, unknown>>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  return Object.fromEntries([...Object.entries(base), [key, value]]);
}

/** Wrong values of one field: types, bounds, enums, dates, lists, nested elements, maps. */
function badValues(field: FieldSpec): Array<[string, unknown]> {
  const wrongType: Record<FieldType, unknown[]> = {
    integer: ["7", true, 1.5, [1]],
    number: ["12.5", false, {}],
    string: [5, true, ["x"]],
    boolean: ["true", 1, "TRUE"],
    date: [20250601, "31/01/2025", "2025-02-30", "2025-6-1"],
    array: ["1,2", { 0: 1 }, 5],
    object: [[1], "x", 3],
  };
  const out: Array<[string, unknown]> = wrongType[field.type].map((v) => ["wrong type", v]);
  if (field.type === "integer" || field.type === "number") {
    const min = field.min ?? -1e12;
    const max = field.max ?? 1e12;
    out.push(["below minimum", min - 1], ["above maximum", max + 1], ["extreme", 1e308]);
    out.push(["extreme negative", -1e308]);
  }
  if (field.enum)
    out.push(["bad enum", "NOT_A_CHOICE"], ["lower-case enum", field.enum[0]?.toLowerCase()]);
  if (field.type === "array") {
    out.push(["empty list", []]);
    const item = (validValue(field) as unknown[])[0];
    out.push(["huge list", Array.from({ length: 5000 }, () => item)]);
    if (field.items === "object") {
      const element = item as Record<string, unknown>;
      const required = (field.fields ?? []).filter((f) => f.required);
      for (const f of required) {
        const { [f.name]: _dropped, ...missing } = element;
        out.push([`element without ${f.name}`, [missing]]);
        out.push([`element with a wrong ${f.name}`, [{ ...element, [f.name]: { x: 1 } }]]);
      }
      out.push(["element with an unknown key", [{ ...element, bogus: 1 }]]);
      out.push(["element with a __proto__ key", [withOwnKey(element, "__proto__", { x: 1 })]]);
      out.push(["element not an object", [5]]);
    } else {
      out.push(["bad element", [item, "x", null]]);
      out.push(["extreme element", [1e300]]);
    }
  }
  if (field.type === "object" && !field.fields) {
    out.push(["map value extreme", { p1: 1e308 }]);
    out.push(["map value text", { p1: "5" }]);
    out.push(["map with a __proto__ key", withOwnKey({}, "__proto__", 1)]);
    out.push(["map with a constructor key", { constructor: 1 }]);
  }
  return out;
}

/** Every bad case of every endpoint, then one good case each. */
export function requestCases(endpoints: readonly EndpointSpec[] = ENDPOINTS): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const spec of endpoints) {
    const valid = validParams(spec);
    const add = (label: string, params: Record<string, unknown>) =>
      cases.push({ spec, label: `${spec.id} ${label}`, params });
    for (const field of spec.pathParams) {
      if (field.type !== "integer") continue; // text in a URL cannot carry a wrong type
      for (const v of ["abc", 1.5, -1e13, 1e13, "1e3", " 7"]) {
        add(`path ${field.name} = ${JSON.stringify(v)}`, { ...valid, [field.name]: v });
      }
    }
    if (spec.method !== "POST") continue;
    for (const field of spec.body) {
      if (field.required) {
        const { [field.name]: _dropped, ...missing } = valid;
        add(`without ${field.name}`, missing);
        add(`${field.name} null`, { ...valid, [field.name]: null });
      }
      for (const [what, value] of badValues(field)) {
        add(`${field.name}: ${what}`, { ...valid, [field.name]: value });
      }
    }
    add("unknown key", { ...valid, bogus: 1 });
    add("__proto__ key", withOwnKey(valid, "__proto__", { polluted: true }));
    add("constructor key", withOwnKey(valid, "constructor", { prototype: { polluted: true } }));
    add("good (required only)", valid);
    const full = Object.fromEntries(spec.body.map((f) => [f.name, validValue(f)]));
    add("good (every field)", withDemoIds(spec, { ...valid, ...full }));
    add("good (optional fields empty)", {
      ...valid,
      ...Object.fromEntries(spec.body.filter((f) => !f.required).map((f) => [f.name, ""])),
    });
  }
  return cases;
}

/** The URL path and JSON body text a caller would send for a case, whatever its values. */
export function wireOf(c: RequestCase): { path: string; body: string | undefined } {
  let path = c.spec.path;
  const pathNames = new Set(c.spec.pathParams.map((p) => p.name));
  for (const p of c.spec.pathParams) {
    path = path.split(`{${p.name}}`).join(encodeURIComponent(String(c.params[p.name])));
  }
  if (c.spec.method !== "POST") return { path, body: undefined };
  const body = Object.fromEntries(Object.entries(c.params).filter(([k]) => !pathNames.has(k)));
  return { path, body: JSON.stringify(body) };
}
