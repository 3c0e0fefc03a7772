/**
 * What the two hosts ship agrees function by function: dist/excel/functions.json against the
 * Apps Script stubs in dist/sheets (names, parameter order, optionality). Until the Sheets
 * build writes stubs, the catalog's own lists stand in (and the test says so).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CATALOG } from "../../../src/functions";
import type { ExcelFunctionsMetadata } from "../../../src/hosts/shared/metadata";
import {
  excelSignatures,
  sheetsStubSignatures,
  signatureDifferences,
} from "../../../src/hosts/excel/parity";

const DIST = path.resolve(__dirname, "..", "..", "..", "dist");

test("functions.json and the Sheets stubs agree function by function", () => {
  const jsonFile = path.join(DIST, "excel", "functions.json");
  expect(existsSync(jsonFile)).toBe(true); // run `npm run build` first
  const excel = excelSignatures(
    JSON.parse(readFileSync(jsonFile, "utf8")) as ExcelFunctionsMetadata,
  );
  const sheetsDir = path.join(DIST, "sheets");
  const stubs = existsSync(sheetsDir)
    ? readdirSync(sheetsDir)
        .filter((f) => /\.(js|gs)$/.test(f))
        .flatMap((f) => sheetsStubSignatures(readFileSync(path.join(sheetsDir, f), "utf8")))
    : [];
  if (stubs.length === 0)
    console.warn("dist/sheets has no @customfunction stubs yet: comparing with the catalog");
  const sheets =
    stubs.length > 0
      ? stubs
      : CATALOG.map((f) => ({
          name: f.name,
          params: f.params.map((p) => ({ name: p.name, optional: p.optional })),
        }));
  expect(excel.length).toBe(CATALOG.length);
  expect(signatureDifferences(excel, sheets)).toEqual([]);
});
