/**
 * Entry of dist/excel/functions.js (a classic script in the shared runtime). Associates every
 * catalog function with Excel at top level, as Excel requires, all sharing one session.
 */
import { CATALOG } from "../../functions";
import { fetchTransport } from "./fetchTransport";
import { excelFunction } from "./invoke";
import { customFunctionsGlobal, officeStorage } from "./officeGlobals";
import { publishRuntimeHandle } from "./runtimeHandle";
import { ExcelSession } from "./session";

/** The build's default API base URL (MKT_BASE_URL), injected by esbuild. */
declare const MKT_DEFAULT_BASE_URL: string;

const customFunctions = customFunctionsGlobal();
const session = new ExcelSession({
  storage: officeStorage(),
  defaultBaseUrl: MKT_DEFAULT_BASE_URL,
  transport: fetchTransport(),
});

const functionIds: string[] = [];
for (const fn of CATALOG) {
  customFunctions.associate(fn.name, excelFunction(fn, { session, customFunctions }));
  functionIds.push(fn.name);
}

publishRuntimeHandle({
  reloadSettings: () => session.reloadSettings(),
  clearCache: () => session.clearCache(),
  stats: session.stats,
  scheduling: session.scheduling,
  functionIds,
});
