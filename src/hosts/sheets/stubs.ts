/**
 * Stubs.js, generated from the catalog: one top-level declaration per function with the
 * JSDoc Sheets reads (@customfunction, @param, @return), each forwarding to the bundle.
 * Plus top-level wrappers for the menu, the sidebar's google.script.run calls and the daily
 * refresh trigger (Apps Script reaches only top-level functions whose names do not end in _).
 */
import type { ParamSpec, SheetFunction } from "../../functions/define";
import { SIDEBAR_SERVER_FUNCTIONS } from "./sidebarServer";

/** Global the bundle assigns (esbuild globalName). */
export const BUNDLE_GLOBAL = "MKTA_ADDIN";

/** Server functions the menu and sidebar call, with their parameters. */
export const SERVER_FUNCTIONS: ReadonlyArray<{
  name: string;
  params: readonly string[];
  doc: string;
}> = [
  { name: "onOpen", params: ["e"], doc: "Adds the add-on menu (safe in AuthMode.NONE)." },
  { name: "onInstall", params: ["e"], doc: "Adds the menu right after installation." },
  { name: "showSettings", params: [], doc: "Opens the settings sidebar." },
  { name: "showImport", params: [], doc: "Opens the sidebar's import form." },
  {
    name: "refreshImports",
    params: [],
    doc: "Menu: re-runs every saved import of this document (as the daily trigger does).",
  },
  { name: "clearCache", params: [], doc: "Forgets cached results of this document." },
  { name: "showFunctionHelp", params: [], doc: "Lists every function." },
  { name: "getSettings", params: [], doc: "Sidebar: current settings (never the key)." },
  { name: "saveApiKey", params: ["key"], doc: "Sidebar: verify and save the API key." },
  { name: "forgetApiKey", params: [], doc: "Sidebar: remove the saved key." },
  { name: "saveSettings", params: ["settings"], doc: "Sidebar: save base URL and cache minutes." },
  {
    name: "getQuota",
    params: [],
    doc: "Sidebar: requests in the last minute and the cache hit rate.",
  },
  { name: "listShops", params: [], doc: "Sidebar: your shops, per marketplace." },
  {
    name: "runFunctionPreview",
    params: ["name", "args"],
    doc: "Sidebar: run a function and return its table.",
  },
];

/** The scheduler's menu items, sidebar calls and trigger handlers (schedulerServer.ts). */
export const SCHEDULER_SERVER_FUNCTIONS: ReadonlyArray<{
  name: string;
  params: readonly string[];
  doc: string;
}> = [
  {
    name: "fillWaitingCells",
    params: [],
    doc: "Sidebar: fill waiting cells, then the scheduler's status.",
  },
  { name: "getScheduler", params: [], doc: "Sidebar: the scheduler's status." },
  {
    name: "refreshFromSidebar",
    params: ["scope", "which"],
    doc: "Sidebar: refresh formula cells.",
  },
  {
    name: "setLiveCallsFromSidebar",
    params: ["paused"],
    doc: "Sidebar: pause or resume live calls.",
  },
  {
    name: "installBackgroundFill",
    params: [],
    doc: "Sidebar: install the background fill trigger.",
  },
  { name: "refreshSelection", params: [], doc: "Menu: refresh the selected formula cells." },
  { name: "refreshSheet", params: [], doc: "Menu: refresh this sheet's formula cells." },
  { name: "refreshWorkbook", params: [], doc: "Menu: refresh every formula cell." },
  { name: "refreshErrors", params: [], doc: "Menu: refresh cells showing an error or waiting." },
  { name: "refreshOld", params: [], doc: "Menu: refresh answers older than the cache time." },
  { name: "pauseLiveCalls", params: [], doc: "Menu: cells answer from the cache only." },
  { name: "resumeLiveCalls", params: [], doc: "Menu: turn live calls back on." },
  {
    name: "fillWaitingCellsOnEdit",
    params: ["e"],
    doc: "Trigger: fill waiting cells after an edit.",
  },
  { name: "fillWaitingCellsLater", params: ["e"], doc: "Trigger: continue filling waiting cells." },
];

function jsDocType(p: ParamSpec): string {
  const base = p.type === "date" ? "Date" : p.type === "any" ? "*" : p.type;
  return p.range ? `${base}|Array<Array<${base}>>` : base;
}

/** Text safe inside a JSDoc comment. */
function docText(text: string): string {
  return text.replace(/\*\//g, "* /").replace(/\s+/g, " ").trim();
}

function paramHelp(p: ParamSpec): string {
  const allowed = p.allowed && p.allowed.length > 0 ? ` One of: ${p.allowed.join(", ")}.` : "";
  return docText(`${p.optional ? "[optional] " : ""}${p.help}${allowed}`);
}

/** One custom function's stub. */
export function customFunctionStub(fn: SheetFunction): string {
  const names = fn.params.map((p) => p.name);
  const lines = [
    "/**",
    ` * ${docText(fn.help)}`,
    ...fn.params.map((p) => ` * @param {${jsDocType(p)}} ${p.name} ${paramHelp(p)}`),
    ` * @return ${fn.result === "scalar" ? "A number or text." : "A table, or one value when field is given."}`,
    " * @customfunction",
    " */",
    `function ${fn.name}(${names.join(", ")}) {`,
    `  return ${BUNDLE_GLOBAL}.invoke(${JSON.stringify(fn.name)}, [${names.join(", ")}]);`,
    "}",
  ];
  return lines.join("\n");
}

/** A top-level wrapper: `function name(a, b) { return MKTA_ADDIN.path.name(a, b); }`. */
function wrapper(doc: string, name: string, params: readonly string[], owner: string): string {
  if (name.endsWith("_"))
    throw new Error(`${name}: google.script.run cannot reach names ending in _`);
  const list = params.join(", ");
  return `/** ${docText(doc)} */\nfunction ${name}(${list}) {\n  return ${owner}.${name}(${list});\n}`;
}

/**
 * The sidebar's server functions, one wrapper each (the daily trigger's too): names come from
 * the server object itself, so no list is written twice. Every argument is passed on: a
 * function's arity stops at its first default parameter, and an import commit's answer (the
 * seller's "replace") came after one.
 */
export function sidebarWrappers(
  functions: Readonly<Record<string, (...args: never[]) => unknown>> = SIDEBAR_SERVER_FUNCTIONS,
): string[] {
  return Object.keys(functions).map((name) =>
    wrapper(
      `Sidebar (google.script.run): ${name}.`,
      name,
      ["...args"],
      `${BUNDLE_GLOBAL}.SIDEBAR_SERVER_FUNCTIONS`,
    ),
  );
}

/** The whole Stubs.js. */
export function stubsFile(catalog: readonly SheetFunction[]): string {
  const header = "// Generated by build/sheets.ts from src/functions: do not edit.\n";
  const custom = catalog.map(customFunctionStub);
  const server = [...SERVER_FUNCTIONS, ...SCHEDULER_SERVER_FUNCTIONS].map((s) =>
    wrapper(s.doc, s.name, s.params, BUNDLE_GLOBAL),
  );
  return header + [...custom, ...server, ...sidebarWrappers()].join("\n\n") + "\n";
}
