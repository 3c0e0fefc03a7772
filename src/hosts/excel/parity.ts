/**
 * Excel and Sheets must offer the same functions with the same parameters in the same order:
 * a workbook moved between hosts keeps working. Both derive from the catalog; this check reads
 * what each host actually ships (functions.json vs the Apps Script stubs' JSDoc) and compares.
 */
import type { ExcelFunctionsMetadata } from "../shared/metadata";

/** One function's signature as a host shows it. */
export interface ShippedSignature {
  readonly name: string;
  readonly params: ReadonlyArray<{ readonly name: string; readonly optional: boolean }>;
}

const STUB = /\/\*\*([\s\S]*?)\*\/\s*function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/g;
/** `@param {type} name desc` or `@param {type} [name] desc`; Google's "[optional]" text also counts. */
const PARAM_TAG = /@param\s+(?:\{[^}]*\}\s+)?(\[?)([A-Za-z_$][\w$]*)(?:=[^\]]*)?\]?[ \t]*([^\n]*)/g;

/** Signatures of the `@customfunction` declarations in Apps Script stub source. */
export function sheetsStubSignatures(source: string): ShippedSignature[] {
  const found: ShippedSignature[] = [];
  for (const m of source.matchAll(STUB)) {
    const doc = m[1] ?? "";
    if (!doc.includes("@customfunction")) continue;
    const declared = (m[3] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    const optional = new Map<string, boolean>();
    for (const p of doc.matchAll(PARAM_TAG)) {
      optional.set(p[2] ?? "", p[1] === "[" || /^\[optional\]/i.test(p[3] ?? ""));
    }
    found.push({
      name: m[2] ?? "",
      params: declared.map((name) => ({ name, optional: optional.get(name) ?? false })),
    });
  }
  return found;
}

/** Signatures in functions.json. */
export function excelSignatures(metadata: ExcelFunctionsMetadata): ShippedSignature[] {
  // A card's reference methods (capturesCallingObject) are Excel's own: Sheets has no cards.
  return metadata.functions
    .filter((f) => f.options.capturesCallingObject !== true)
    .map((f) => ({
      name: f.id,
      params: f.parameters.map((p) => ({ name: p.name, optional: p.optional })),
    }));
}

function describe(sig: ShippedSignature): string {
  return `${sig.name}(${sig.params.map((p) => (p.optional ? `[${p.name}]` : p.name)).join(", ")})`;
}

/** Every difference between two hosts' signatures, one line each; empty when they agree. */
export function signatureDifferences(
  excel: readonly ShippedSignature[],
  sheets: readonly ShippedSignature[],
): string[] {
  const problems: string[] = [];
  const sheetsByName = new Map(sheets.map((s) => [s.name, s]));
  const excelNames = new Set(excel.map((s) => s.name));
  for (const e of excel) {
    const s = sheetsByName.get(e.name);
    if (!s) problems.push(`${e.name} is in Excel but not in Sheets`);
    else if (describe(s) !== describe(e))
      problems.push(`Excel ${describe(e)} differs from Sheets ${describe(s)}`);
  }
  for (const s of sheets)
    if (!excelNames.has(s.name)) problems.push(`${s.name} is in Sheets but not in Excel`);
  return problems;
}
