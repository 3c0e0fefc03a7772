/**
 * docs/functions.md, generated from the catalog (`npm run docs`, and every `npm run build`
 * through build/sheets.ts): signatures, parameters, notes, endpoints and examples.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ENDPOINTS } from "../src/api/endpoints";
import { CATALOG, SIDEBAR_ONLY } from "../src/functions";
import type { ParamSpec, SheetFunction } from "../src/functions/define";

function cellText(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** One type name per kind: a TRUE/FALSE choice is a boolean wherever it is declared. */
function kindOf(p: ParamSpec): string {
  const yesNo =
    p.allowed?.length === 2 && p.allowed.includes("TRUE") && p.allowed.includes("FALSE");
  return yesNo ? "boolean" : p.type;
}

function section(fn: SheetFunction): string {
  // Needed: optional in the signature only because an earlier parameter is (hosts pass by position).
  const required = (p: ParamSpec): boolean => !p.optional || p.needed === true;
  const sig = fn.params.map((p) => (required(p) ? p.name : `[${p.name}]`)).join(", ");
  const rows = fn.params.map((p) => {
    const kind = `${kindOf(p)}${p.range ? ", range ok" : ""}`;
    const allowed = p.allowed ? ` Allowed: ${p.allowed.join(", ")}.` : "";
    return `| ${p.name} | ${kind} | ${required(p) ? "yes" : "no"} | ${cellText(p.help + allowed)} |`;
  });
  const endpoints = fn.endpoints
    .map((id) => {
      const e = ENDPOINTS.find((x) => x.id === id);
      return e ? `${id} (${e.status === "active" ? e.summary : "not yet active"})` : id;
    })
    .join("; ");
  return [
    `### ${fn.name}`,
    "",
    fn.help,
    "",
    "```",
    `=${fn.name}(${sig})`,
    "```",
    "",
    "| Parameter | Type | Required | Meaning |",
    "|---|---|---|---|",
    ...rows,
    "",
    ...fn.notes.map((n) => `- ${n}`),
    `- Endpoints: ${endpoints}.`,
    `- Example: \`${fn.example}\``,
    "",
  ].join("\n");
}

/** The whole page. */
export function functionsMarkdown(): string {
  const groups: Array<[string, SheetFunction[]]> = [
    ["Marketplace A", CATALOG.filter((f) => f.marketplace === "A")],
    ["Marketplace B", CATALOG.filter((f) => f.marketplace === "B")],
    ["Marketplace C", CATALOG.filter((f) => f.marketplace === "C")],
    ["Across marketplaces", CATALOG.filter((f) => f.marketplace === null)],
  ];
  const covered = new Set(CATALOG.flatMap((f) => f.endpoints));
  const sidebarOnly = Object.entries(SIDEBAR_ONLY).map(([id, why]) => `- ${id}: ${why}`);
  const coverage = ENDPOINTS.map((e) => {
    const by = CATALOG.filter((f) => f.endpoints.includes(e.id)).map((f) => f.name);
    return `| ${e.id} | ${by.length > 0 ? by.join(", ") : covered.has(e.id) ? "" : "sidebar only"} |`;
  });
  return [
    "# Spreadsheet functions",
    "",
    "Generated from `src/functions` by `build/docs.ts`: do not edit by hand.",
    "",
    'The same names work in Google Sheets (`=MKTA_BREAKDOWN(100001, "SG", 10001691)`) and Excel (`=MKT.MKTA_BREAKDOWN(100001, "SG", 10001691)`). Examples use the demo account\'s ids (`npm start`).',
    "",
    "## Conventions",
    "",
    "- Required ids come first, options after. Each option's Meaning says what an empty one means.",
    '- One profit basis: the setting "Count output VAT as a cost" (TRUE unless you change it) and the',
    '  "Sales window" (180 days, marketplace A) under Settings > Profit basis. Every function and import',
    "  sends both explicitly (A `includeVat`, B and C `hasVat`, A `lookbackDays`), so the same product has",
    "  the same net profit per unit in every cell; a cell's own argument overrides the setting. Import",
    "  notes state the basis they used.",
    "- Any id argument may be a range: the answer has one row per cell. Batch endpoints answer 100 ids per request;",
    "  other functions ask each distinct row once, all together. A range that needs more than 25 requests says",
    '  "This range needs N requests; one cell may send at most 25: use Bulk calculation in the sidebar".',
    "- `field` returns one figure instead of the table: a breakdown line (`commissionFee`), a figure (`netProfit`,",
    "  `margin`, `requiredListingPrice`) or a path (`metadata.commissionRate`).",
    "- `headers` FALSE drops the header row. Listings take `limit` (rows, default 100) and follow pages.",
    "- Money is a number in the shop's currency. Margins are fractions on every marketplace (0.235 = 23.5 %;",
    "  format the cell as %). Marketplace A's API answers percent points: the add-in divides by 100 and keeps",
    '  the raw value reachable as `field` "marginPoints" ("productMarginPoints", ...). Dates become sheet dates.',
    "- Results are cached per API key (10 minutes by default); Clear cache in the menu forgets them.",
    "- In a shared Google Sheet every formula runs with the sheet OWNER's key (Apps Script rule).",
    "",
    ...groups.flatMap(([title, fns]) => [`## ${title}`, "", ...fns.map(section)]),
    "## Endpoint coverage",
    "",
    "| Endpoint | Function |",
    "|---|---|",
    ...coverage,
    "",
    ...(sidebarOnly.length > 0 ? ["Sidebar only:", "", ...sidebarOnly, ""] : []),
  ].join("\n");
}

/** Write docs/functions.md under the repository root. */
export function writeFunctionDocs(root: string): string {
  const file = path.join(root, "docs", "functions.md");
  writeFileSync(file, functionsMarkdown());
  return file;
}

if (require.main === module) {
  console.log(`wrote ${writeFunctionDocs(path.resolve(__dirname, ".."))}`);
}
