import * as fs from "fs";
import * as path from "path";
import { ENDPOINTS, endpointById, isEndpointId, MAX_BATCH_IDS } from "../../src/api/endpoints";
import { CURSOR_REQUEST_FIELD } from "../../src/api/pagination";
import type { EndpointSpec, FieldSpec } from "../../src/api/types";
import {
  checkTable,
  parseProseField,
  parseSpec,
  sharedIdentifierTypes,
  splitTop,
} from "./spec-text";

const SPEC = fs.readFileSync(path.resolve(__dirname, "../../docs/api-spec.md"), "utf8");
const NOTES = fs.readFileSync(path.resolve(__dirname, "../../docs/contract-notes.md"), "utf8");

type Mutable<T> = { -readonly [K in keyof T]: MutableValue<T[K]> };
// Distributes over unions, so optional (`| undefined`) arrays become mutable too.
type MutableValue<V> = V extends readonly (infer U)[]
  ? MutableValue<U>[]
  : V extends object
    ? Mutable<V>
    : V;

/** A deep copy of the table with one endpoint changed. */
function tableWith(id: string, change: (e: Mutable<EndpointSpec>) => void): EndpointSpec[] {
  const copy = JSON.parse(JSON.stringify(ENDPOINTS)) as Mutable<EndpointSpec>[];
  const e = copy.find((x) => x.id === id);
  if (!e) throw new Error(id);
  change(e);
  return copy;
}

function bodyField(e: { body: readonly FieldSpec[] }, name: string): FieldSpec {
  const f = e.body.find((x) => x.name === name);
  if (!f) throw new Error(`no body field ${name}`);
  return f;
}

const numberedIds = [
  ...Array.from({ length: 22 }, (_, i) => `A${i + 1}`),
  ...Array.from({ length: 16 }, (_, i) => `B${i + 1}`),
  ...Array.from({ length: 10 }, (_, i) => `C${i + 1}`),
];

describe("the spec parser", () => {
  const eps = parseSpec(SPEC);

  it("finds all 50 endpoint headers, with bodies for every POST", () => {
    expect(eps).toHaveLength(50);
    expect(eps.filter((e) => e.id).map((e) => e.id)).toEqual(numberedIds);
    for (const e of eps.filter((x) => x.method === "POST")) {
      expect({ id: e.id, parsed: e.body !== null && e.body.length > 0 }).toEqual({
        id: e.id,
        parsed: true,
      });
    }
  });

  it("reads prose items with nested parentheses, defaults and element lists", () => {
    expect(splitTop("a (x, y (z)), b; c")).toEqual(["a (x, y (z))", "b", "c"]);
    expect(parseProseField("effectiveDate (string (date), required, date the new rates)")).toEqual({
      name: "effectiveDate",
      type: "date",
      required: true,
    });
    expect(parseProseField("page (integer, 0-based, 0)")).toMatchObject({ default: 0 });
    expect(parseProseField("lookbackDays (30)")).toMatchObject({ default: 30 });
    expect(parseProseField("targetMargin (number 0 to 1, required)")).toMatchObject({
      type: "number",
      min: 0,
      max: 1,
      required: true,
    });
    expect(
      parseProseField("skus (array, required, each: itemId, optional skuId, optional cogs)"),
    ).toMatchObject({
      elements: [
        { name: "itemId", optional: false },
        { name: "skuId", optional: true },
        { name: "cogs", optional: true },
      ],
    });
    // "days back from today" is a note, not the default today
    expect(parseProseField("lookbackDays (integer, days back from today, default 30)")).toEqual({
      name: "lookbackDays",
      type: "integer",
      required: false,
      default: 30,
    });
  });

  it("resolves shared bodies, section commons and table defaults", () => {
    const get = (id: string) => eps.find((e) => e.id === id);
    expect(get("A16")?.body?.map((f) => f.name)).toEqual([
      "from",
      "to",
      "topN",
      "compareToPrevious",
      "includeVat",
    ]);
    expect(get("A13")?.body?.find((f) => f.name === "to")?.default).toBe("today");
    expect(get("A13")?.body?.find((f) => f.name === "from")?.default).toBeUndefined();
    expect(get("B6")?.body?.find((f) => f.name === "sellerType")?.default).toBe("REGULAR");
    expect(get("C3")?.body?.find((f) => f.name === "hasVat")?.default).toBe(false);
    expect(
      get("C2")
        ?.body?.filter((f) => f.required)
        .map((f) => f.name),
    ).toEqual(["shopId", "productId"]);
    expect(get("A21")?.body?.find((f) => f.name === "mode")).toMatchObject({
      default: "PROFIT",
      enum: ["PROFIT", "MARGIN"],
    });
    expect(get("A21")?.body?.find((f) => f.name === "targetProfit")?.default).toBeUndefined();
    expect(get("B5")?.unnamedGroups).toEqual(["plus coin settings"]);
    expect(get("B10")?.bodyOptional).toBe(true);
  });
});

describe("ENDPOINTS against the spec text", () => {
  it("agrees with every endpoint of the spec (method, path, body, defaults, response)", () => {
    expect(checkTable(ENDPOINTS, SPEC)).toEqual([]);
  });

  it.each([
    ["a changed path", "A4", (e: Mutable<EndpointSpec>) => void (e.path += "s"), /A4: path/],
    [
      "a changed default",
      "A1",
      (e: Mutable<EndpointSpec>) => void (e.body[3]!.default = 90),
      /A1: lookbackDays: default 90/,
    ],
    [
      "a default the spec does not give",
      "A2",
      (e: Mutable<EndpointSpec>) => void (e.body[6]!.default = "today"),
      /A2: effectiveDate: default/,
    ],
    [
      "a B hasVat default flipped",
      "B6",
      (e: Mutable<EndpointSpec>) => void (e.body[1]!.default = false),
      /B6: hasVat: default false, spec true/,
    ],
    [
      "a required flag dropped",
      "C7",
      (e: Mutable<EndpointSpec>) => void (e.body[1]!.required = false),
      /C7: productIds: required/,
    ],
    ["a field removed", "B14", (e: Mutable<EndpointSpec>) => void e.body.pop(), /B14: spec body/],
    [
      "a field the spec does not list",
      "C1",
      (e: Mutable<EndpointSpec>) =>
        void e.body.push({ name: "region", type: "string", required: false, doc: "x" }),
      /C1: body field region not in spec/,
    ],
    [
      "a wrong method",
      "SHOPS_A",
      (e: Mutable<EndpointSpec>) => void (e.method = "POST"),
      /GET \/api\/mkt-a\/fetch-all-user-shops: not in the table/,
    ],
    [
      "an enum changed",
      "A21",
      (e: Mutable<EndpointSpec>) => void (e.body[3]!.enum = ["PROFIT"]),
      /A21: mode: enum/,
    ],
    [
      "an element made required",
      "B14",
      (e: Mutable<EndpointSpec>) => void (e.body[2]!.fields![1]!.required = true),
      /B14: skus: element skuId should be optional/,
    ],
    [
      "a bound changed",
      "C6",
      (e: Mutable<EndpointSpec>) => void (e.body.find((f) => f.name === "targetMargin")!.max = 100),
      /C6: targetMargin: max 100/,
    ],
    [
      "a response type renamed",
      "A4",
      (e: Mutable<EndpointSpec>) => void (e.response.typeName = "X"),
      /A4: response X/,
    ],
    [
      "an inactive endpoint marked active",
      "B13",
      (e: Mutable<EndpointSpec>) => void (e.status = "active"),
      /B13: status/,
    ],
    [
      "a body made optional",
      "A19",
      (e: Mutable<EndpointSpec>) => void (e.bodyRequired = false),
      /A19: bodyRequired/,
    ],
    [
      "pagination dropped",
      "A11",
      (e: Mutable<EndpointSpec>) => void delete e.pagination,
      /A11: pagination/,
    ],
    [
      "a field the spec lets be null read as never null",
      "A1",
      (e: Mutable<EndpointSpec>) => void delete e.response.fields[1]!.nullable,
      /A1: response field modelId: the spec lets it be null/,
    ],
    [
      "a field marked nullable the spec does not say may be null",
      "A1",
      (e: Mutable<EndpointSpec>) => void (e.response.fields[0]!.nullable = true),
      /A1: response field itemId nullable, spec does not say/,
    ],
  ])("fails on %s", (_what, id, change, expected) => {
    const problems = checkTable(tableWith(id, change), SPEC);
    expect(problems.join("\n")).toMatch(expected);
  });
});

describe("ENDPOINTS as a table", () => {
  it("has the 50 spec endpoints and the two shop-list extensions, ids unique", () => {
    const ids = ENDPOINTS.map((e) => e.id);
    expect(ENDPOINTS).toHaveLength(52);
    expect(new Set(ids).size).toBe(52);
    expect(ids).toEqual(expect.arrayContaining([...numberedIds, "SHOPS_A", "SEARCH"]));
    const ext = ENDPOINTS.filter((e) => e.extension);
    expect(ext.map((e) => e.id)).toEqual(["SHOPS_B", "SHOPS_C"]);
    const notesExt = NOTES.split("## Reference-server extensions")[1] ?? "";
    for (const e of ext) {
      expect(notesExt).toContain(`${e.method} ${e.path}`);
      expect(SPEC).not.toContain(e.path);
    }
  });

  it("matches path braces and pathParams for every entry", () => {
    for (const e of ENDPOINTS) {
      const braces = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect({ id: e.id, params: e.pathParams.map((p) => p.name) }).toEqual({
        id: e.id,
        params: braces,
      });
      if (e.method === "GET") expect(e.body).toEqual([]);
      expect(e.summary.length).toBeGreaterThan(0);
    }
  });

  it("has the batch endpoints of contract-notes, each ids field a required bounded array", () => {
    const limits = /at most (\d+) ids/.exec(NOTES);
    expect(Number(limits?.[1])).toBe(MAX_BATCH_IDS);
    const list = /Batch endpoints \(([^)]*)\)/.exec(NOTES)?.[1] ?? "";
    const expected = [...list.matchAll(/([ABC]\d+) `(\w+)`/g)].map((m) => [m[1], m[2]]);
    expect(expected).toHaveLength(5);
    const actual = ENDPOINTS.filter((e) => e.batch).map((e) => [e.id, e.batch?.idsField]);
    expect(actual).toEqual(expected);
    for (const e of ENDPOINTS.filter((x) => x.batch)) {
      const b = e.batch!;
      const f = bodyField(e, b.idsField);
      expect(f).toMatchObject({ type: "array", required: true, min: 1, max: b.maxIds });
      expect(b.maxIds).toBe(MAX_BATCH_IDS);
      // the entries of the answer name the id they belong to
      expect(e.response.kind).toBe("array");
      expect(e.response.fields.map((x) => x.name)).toContain(b.resultIdField);
      expect(b.idsField).toBe(`${b.resultIdField}s`);
    }
  });

  it("applies the limits of contract-notes to every pageSize, lookbackDays and topN", () => {
    const pageMax = Number(/`pageSize` at most (\d+)/.exec(NOTES)?.[1]);
    const lb = /`lookbackDays` (\d+) to (\d+)/.exec(NOTES);
    const top = /`topN` (\d+) to (\d+)/.exec(NOTES);
    const fields = ENDPOINTS.flatMap((e) => e.body);
    const bounds = (name: string) =>
      fields.filter((f) => f.name === name).map((f) => [f.min, f.max]);
    expect(new Set(bounds("pageSize").map(String))).toEqual(new Set([`1,${pageMax}`]));
    expect(new Set(bounds("lookbackDays").map(String))).toEqual(new Set([`${lb?.[1]},${lb?.[2]}`]));
    expect(new Set(bounds("topN").map(String))).toEqual(new Set([`${top?.[1]},${top?.[2]}`]));
    expect(bounds("lookbackDays").length).toBeGreaterThan(20);
  });

  it("keeps B and C margins, rates and return rates as fractions 0..1", () => {
    for (const e of ENDPOINTS.filter((x) => x.marketplace === "B" || x.marketplace === "C")) {
      for (const f of e.body.filter((x) => /Margin|Rate|Percent/.test(x.name))) {
        expect({ id: e.id, name: f.name, min: f.min, max: f.max }).toEqual({
          id: e.id,
          name: f.name,
          min: 0,
          max: 1,
        });
      }
    }
  });

  it("sends C shops as integers and C products/SKUs as strings, with no region in C1-C9", () => {
    for (const e of ENDPOINTS.filter((x) => x.marketplace === "C" && x.method === "POST")) {
      const all = [...e.pathParams, ...e.body, ...e.body.flatMap((f) => f.fields ?? [])];
      for (const f of all) {
        if (f.name === "shopId") expect(f.type).toBe("integer");
        if (f.name === "productId" || f.name === "skuId") expect(f.type).toBe("string");
        if (f.name === "skuIds" || f.name === "productIds") expect(f.items).toBe("string");
      }
      if (e.id !== "C10") expect(e.body.map((f) => f.name)).not.toContain("region");
    }
  });

  it("gives paged endpoints their request fields", () => {
    const paged = ENDPOINTS.filter((e) => e.pagination).map((e) => [e.id, e.pagination]);
    expect(paged).toEqual([
      ["A7", "cursor"],
      ["A11", "offset"],
      ["A12", "offset"],
      ["B7", "cursor"],
      ["B12", "offset"],
      ["B13", "offset"],
    ]);
    for (const e of ENDPOINTS.filter((x) => x.pagination === "cursor")) {
      expect(bodyField(e, CURSOR_REQUEST_FIELD).type).toBe("integer");
      expect(bodyField(e, "pageSize").default).toBe(50);
    }
    for (const e of ENDPOINTS.filter((x) => x.pagination === "offset")) {
      expect(bodyField(e, "page")).toMatchObject({ default: 0, min: 0 });
      expect(e.response.kind).toBe("offsetPage");
    }
  });

  it("marks exactly B9, B10, B11 and B13 as not yet active", () => {
    const inactive = ENDPOINTS.filter((e) => e.status === "notYetActive").map((e) => e.id);
    expect(inactive).toEqual(["B9", "B10", "B11", "B13"]);
  });

  it("documents every field and keeps defaults inside enums and bounds", () => {
    for (const e of ENDPOINTS) {
      const all = [...e.pathParams, ...e.body, ...e.body.flatMap((f) => f.fields ?? [])];
      for (const f of all) {
        expect(f.doc.length).toBeGreaterThan(0);
        if (typeof f.default === "number") {
          expect(f.default).toBeGreaterThanOrEqual(f.min ?? -Infinity);
          expect(f.default).toBeLessThanOrEqual(f.max ?? Infinity);
        }
        if (f.enum && f.default !== undefined) expect(f.enum).toContain(f.default);
        if (f.items === "object") expect(f.fields?.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("endpointById", () => {
  it("returns the entry for a known id and throws on an unknown one", () => {
    expect(endpointById("A4").path).toBe("/api/mkt-a/financial-breakdown/required-price");
    expect(endpointById("SHOPS_C").extension).toBe(true);
    expect(() => endpointById("A23")).toThrow(/A23/);
    expect(isEndpointId("C10")).toBe(true);
    expect(isEndpointId("C11")).toBe(false);
  });
});

describe("spec 2.4 identifier types", () => {
  it("are read from the spec", () => {
    const types = sharedIdentifierTypes(SPEC);
    expect(Object.fromEntries(types)).toMatchObject({
      region: "string",
      shopId: "integer",
      sellerId: "integer",
      itemId: "integer",
      productId: "string",
      effectiveDate: "date",
    });
  });
});
