/**
 * Entry of dist/excel/functions.js (a classic script in the shared runtime). Associates every
 * catalog function with Excel at top level, as Excel requires, all sharing one session; wires
 * the ribbon's Refresh menu; publishes the runtime handle for the task pane.
 */
import { CATALOG } from "../../functions";
import { fetchTransport } from "../shared/fetchTransport";
import { excelFunction } from "../shared/invoke";
import { associateCardMethods } from "../shared/cardMethods";
import {
  type CustomFunctionsGlobal,
  customFunctionsGlobal,
  officeStorage,
} from "../shared/officeGlobals";
import { figureOutput } from "../shared/excelValues";
import {
  type ExcelCalcRun,
  recalculateWorkbook,
  refreshCells,
  type RefreshScope,
  rerunCells,
} from "./refresh";
import { associateRibbon, officeActions } from "./ribbon";
import { publishRuntimeHandle } from "./runtimeHandle";
import { ExcelSession } from "../shared/session";
import { cellBookReader } from "../shared/cellBook";
import { excelTables } from "./excelTables";
import type { ExcelRun } from "./xlTypes";
import { LIVE_CALLS_ITEM } from "../shared/settings";

/** The build's default API base URL (MKT_BASE_URL), injected by esbuild. */
declare const MKT_DEFAULT_BASE_URL: string;

/** Excel.run for the workbook's sheets, looked up when used (Office.js may load later). */
const workbookRun: ExcelRun = (batch) => {
  const excel = (globalThis as unknown as { Excel?: { run: ExcelRun } }).Excel;
  if (!excel) return Promise.reject(new Error("Excel is not available: open this in Excel"));
  return excel.run(batch);
};

/** The runtime: every function associated, the ribbon wired, the handle published. */
function startRuntime(customFunctions: CustomFunctionsGlobal): void {
  const storage = officeStorage();
  const session = new ExcelSession({
    storage,
    defaultBaseUrl: MKT_DEFAULT_BASE_URL,
    transport: fetchTransport(),
    // The shared runtime reads the workbook (the cost book, where turned on for cells).
    costBook: cellBookReader(() => excelTables(workbookRun)),
  });

  // Asked per call, not once here: Office.js may finish loading after this script.
  const figures = figureOutput;
  const functionIds: string[] = [];
  for (const fn of CATALOG) {
    customFunctions.associate(fn.name, excelFunction(fn, { session, customFunctions, figures }));
    functionIds.push(fn.name);
  }
  // The product card's reference methods (=B2.RequiredPrice(25%)); cards name them only
  // where ExcelApi 1.19 is present, but the ids are in functions.json everywhere.
  functionIds.push(...associateCardMethods(customFunctions, { session, customFunctions, figures }));

  /** Excel.run, looked up when used (it exists once Office.js has loaded). */
  const excelRun: ExcelCalcRun = (batch) => {
    const excel = (globalThis as { Excel?: { run: ExcelCalcRun } }).Excel;
    if (!excel) return Promise.reject(new Error("Excel is not available: open this in Excel"));
    return excel.run(batch);
  };

  const refresh = (scope: RefreshScope): Promise<number> => refreshCells(scope, session, excelRun);
  // Cells that failed for a passing reason (timeout, no connection, 5xx) ask again by themselves.
  session.reask.attach((addresses) => rerunCells(addresses, session, excelRun));

  async function setLiveCalls(on: boolean): Promise<void> {
    await storage?.setItem(LIVE_CALLS_ITEM, on ? "on" : "off");
    session.reloadSettings();
    // Cells that said "live calls are paused" answer now.
    if (on) await refresh("errors");
  }

  async function clearCache(): Promise<void> {
    await session.clearCache();
    // Forgetting is not enough: Excel would keep showing the old values.
    await recalculateWorkbook(session, excelRun, false);
  }

  const actions = officeActions();
  if (actions) associateRibbon(actions, { refresh, setLiveCalls, clearCache });

  publishRuntimeHandle({
    reloadSettings: () => session.reloadSettings(),
    clearCache,
    stats: session.stats,
    scheduling: session.scheduling,
    functionIds,
    refresh,
    setLiveCalls,
    schedulerStatus: () => session.schedulerStatus(),
    staleNote: () => Promise.resolve(session.staleNote()),
    liveCalls: async () => (await session.env()).paused !== true,
  });
}

// Outside Excel (the file opened on its own) there is nothing to associate.
const customFunctions = customFunctionsGlobal();
if (customFunctions) startRuntime(customFunctions);
