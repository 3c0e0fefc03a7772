/**
 * The endpoint table Code.js decodes when it loads (build/sheetsEndpoints.ts) is the table of
 * src/api/endpoints.ts, less the spec's prose the add-on never reads: every endpoint, path,
 * field, default, bound, enum, batch and page rule the same, and the same lookups.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { compactEndpointsModule, evaluateEndpoints } from "../../build/sheetsEndpoints";
import * as source from "../../src/api/endpoints";

const file = path.resolve(__dirname, "..", "..", "src", "api", "endpoints.ts");
const compact = evaluateEndpoints(compactEndpointsModule(readFileSync(file, "utf8")));

type Obj = Record<string, unknown>;

/** A copy without the prose: docs, summary, status, marketplace, type names, note texts. */
function withoutProse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProse);
  if (value === null || typeof value !== "object") return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value as Obj)) {
    if (["doc", "summary", "status", "marketplace"].includes(k)) continue;
    out[k] = k === "typeName" || k === "inactiveNote" ? "" : withoutProse(v);
  }
  return out;
}

test("Code.js's endpoint table equals the source's, prose aside", () => {
  expect(compact.ENDPOINTS).toStrictEqual(withoutProse(source.ENDPOINTS));
  // A batch endpoint, a paged one and a nested body, read the way the add-on reads them.
  const byId = compact.endpointById as typeof source.endpointById;
  expect(byId("A1").batch).toStrictEqual(source.endpointById("A1").batch);
  expect(byId("B7").pagination).toBe("cursor");
  expect(
    byId("A21")
      .body.find((f) => f.name === "models")
      ?.fields?.map((f) => f.name),
  ).toEqual(["itemId", "modelId", "originalPrice"]);
});

test("the lookups and limits are the source's", () => {
  for (const name of ["P_A", "P_B", "P_C", "MAX_BATCH_IDS", "MAX_PREVIEW_ROWS"])
    expect(compact[name]).toBe((source as unknown as Obj)[name]);
  const isId = compact.isEndpointId as typeof source.isEndpointId;
  expect(["A22", "SHOPS_C", "C11", ""].map(isId)).toEqual([true, true, false, false]);
  expect(() => (compact.endpointById as typeof source.endpointById)("Z9")).toThrow(
    "Unknown endpoint id: Z9",
  );
});
