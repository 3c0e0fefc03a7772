/**
 * The generated schemas state every rule of the endpoint table, and the add-in's interpreter
 * of them (core/schemaCheck.ts) explains each problem with what is allowed. That the server's
 * Ajv says the same is test/server/http/schemaAgreement.test.ts.
 */
import { endpointById } from "../../src/api/endpoints";
import {
  endpointSchemas,
  isRealDate,
  type JsonSchema,
  MAX_NUMBER_MAGNITUDE,
  withoutUnset,
} from "../../src/api/schema";
import type { EndpointSpec, FieldSpec } from "../../src/api/types";
import { schemaProblems } from "../../src/core/schemaCheck";

const field = (
  name: string,
  type: FieldSpec["type"],
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({ name, type, required: false, doc: "", ...extra });

const spec = (body: FieldSpec[]): EndpointSpec => ({
  id: "T",
  marketplace: null,
  method: "POST",
  path: "/t",
  pathParams: [],
  body,
  bodyRequired: true,
  summary: "",
  response: { typeName: "T", kind: "object", partial: false, fields: [] },
  status: "active",
});

describe("endpointSchemas", () => {
  it("states types, required, bounds, enums, defaults and refuses unknown fields", () => {
    const body = endpointSchemas(endpointById("A4")).body;
    expect(body.required).toEqual(["shopId", "region", "categoryId", "cogs", "targetMargin"]);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties?.targetDiscountPercent).toMatchObject({
      type: "number",
      minimum: 0,
      maximum: 100,
    });
    // Money: 0 to 1e12 (contract-notes "Limits").
    expect(body.properties?.cogs).toMatchObject({
      type: "number",
      minimum: 0,
      maximum: MAX_NUMBER_MAGNITUDE,
    });
    expect(body.properties?.hasVat).toMatchObject({ type: "boolean", default: false });
    expect(body.properties?.effectiveDate).toMatchObject({ type: "string", format: "date" });
  });

  it("states nested elements, id lists, maps of money and path parameters", () => {
    const a21 = endpointSchemas(endpointById("A21")).body.properties?.models;
    expect(a21).toMatchObject({ type: "array", minItems: 1, maxItems: 1000 });
    expect(a21?.items).toMatchObject({
      type: "object",
      required: ["itemId", "originalPrice"],
      additionalProperties: false,
    });
    expect(endpointSchemas(endpointById("A1")).body.properties?.modelIds).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: { type: "integer" },
    });
    expect(endpointSchemas(endpointById("C7")).body.properties?.adsCostByProductId).toEqual({
      type: "object",
      description: expect.any(String),
      propertyNames: { not: { enum: ["__proto__", "constructor", "prototype"] } },
      additionalProperties: {
        type: "number",
        minimum: -MAX_NUMBER_MAGNITUDE,
        maximum: MAX_NUMBER_MAGNITUDE,
      },
    });
    expect(endpointSchemas(endpointById("A6")).params).toMatchObject({
      required: ["shopId", "region", "itemId"],
      properties: { shopId: { type: "integer" }, region: { type: "string" } },
    });
    // "today" is the server's to resolve, never a literal default.
    expect(endpointSchemas(endpointById("A1")).body.properties?.effectiveDate).not.toHaveProperty(
      "default",
    );
  });
});

/** Field and sentence of each problem (without the value found). */
const problemsOf = (schema: JsonSchema, value: unknown) =>
  schemaProblems(schema, value).map(({ field, problem }) => ({ field, problem }));

describe("schemaProblems", () => {
  const body = endpointSchemas(
    spec([
      field("shopId", "integer", { required: true }),
      field("price", "number", { min: 0 }),
      field("share", "number", { min: 0, max: 1 }),
      field("lookbackDays", "integer", { default: 180, min: 1, max: 730 }),
      field("to", "date", { default: "today" }),
      field("mode", "string", { default: "PROFIT", enum: ["PROFIT", "MARGIN"] }),
      field("skuIds", "array", { items: "string", max: 2 }),
      field("map", "object", { values: "number" }),
      field("modelId", "integer"),
      field("flag", "boolean"),
    ]),
  ).body;

  it("accepts a valid body", () => {
    expect(
      schemaProblems(body, { shopId: 1, price: 2.5, to: "2024-02-29", map: { a: 1 } }),
    ).toEqual([]);
  });

  it("explains every problem with what is allowed", () => {
    expect(
      problemsOf(body, {
        price: -1,
        share: 2,
        lookbackDays: 731,
        to: "31/01/2025",
        mode: "profit",
        skuIds: ["a", 1, "c"],
        map: [],
        modelId: 1e20,
        flag: "yes",
      }),
    ).toEqual([
      { field: "price", problem: "must be a number from 0 to 1000000000000" },
      { field: "share", problem: "must be a number from 0 to 1" },
      { field: "lookbackDays", problem: "must be a whole number from 1 to 730" },
      { field: "to", problem: "must be a date written YYYY-MM-DD" },
      { field: "mode", problem: 'must be one of "PROFIT", "MARGIN"' },
      { field: "skuIds", problem: "must be a list of texts with at most 2 entries" },
      { field: "skuIds[1]", problem: "must be text" },
      { field: "map", problem: "must be an object ({...})" },
      { field: "modelId", problem: "must be a whole number from -1000000000000 to 1000000000000" },
      { field: "flag", problem: "must be true or false" },
      { field: "shopId", problem: "is required (a whole number)" },
    ]);
  });

  it("names unknown, prototype and map keys, and impossible dates", () => {
    const parsed = JSON.parse(
      '{"shopId":1,"__proto__":{"x":1},"constructor":1,"map":{"__proto__":1,"p1":1e13},"to":"2025-02-29"}',
    ) as unknown;
    expect(problemsOf(body, parsed)).toEqual([
      { field: "__proto__", problem: expect.stringMatching(/^is not a field of this request/) },
      { field: "constructor", problem: expect.stringMatching(/^is not a field of this request/) },
      { field: "map.__proto__", problem: expect.stringMatching(/reserved name/) },
      { field: "map.p1", problem: "must be a number from -1000000000000 to 1000000000000" },
      { field: "to", problem: "must be a real calendar date (2025-02-29 does not exist)" },
    ]);
    expect(problemsOf(body, [1])).toEqual([
      { field: "body", problem: "must be a JSON object ({...})" },
    ]);
  });
});

describe("withoutUnset and dates", () => {
  it("drops null and empty text at any depth, keeps array elements and prototype keys as data", () => {
    const parsed = JSON.parse('{"a":null,"b":"","c":[null,{"d":null,"e":1}],"__proto__":2}');
    const out = withoutUnset(parsed) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["c", "__proto__"]);
    expect(out.c).toEqual([null, { e: 1 }]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it("accepts leap days only in leap years", () => {
    expect(isRealDate("2024-02-29")).toBe(true);
    expect(isRealDate("2025-02-29")).toBe(false);
    expect(isRealDate("2025-13-01")).toBe(false);
  });
});
