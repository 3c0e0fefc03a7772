/**
 * The Sheets sidebar's HostBridge: every call goes through the one typed proxy over
 * google.script.run (serverProxy.ts). Long work is a job (src/sidebar/jobs/): the sidebar wakes
 * it one step per server call, so no call comes near Apps Script's 6-minute limit.
 */
import type { CampaignOutcome } from "../../../sidebar/jobs/campaignJob";
import type { FeeChangeSheetOutcome } from "../../../sidebar/feeChangeSheet";
import type { NewListingOutcome } from "../../../sidebar/jobs/newListingJob";
import { ApiError, type ApiErrorCode, messageOf } from "../../../core/errors";
import { apiChecks, type CheckOutcome, diagnosticsReport } from "../../../sidebar/diagnostics";
import { runOpAsync } from "../../../sidebar/op";
import { convertWorkbook } from "../../../sidebar/convertFormulas";
import type { Cell, CellInput } from "../../../functions/cells";
import { insertAsking } from "../../../sidebar/formulaPlace";
import { jobsOf, jobsOnTheLine, runJob, type JobClient } from "../../../sidebar/jobs/driveJob";
import type { PricingOutcome } from "../../../sidebar/pricingSheet";
import type { ImportResult } from "../../../sidebar/views";
import type { BulkResult, HostBridge, JobRunOptions, SettingsView } from "../../../ui/bridge";
import { chartPlan } from "../../../ui/charts/chartPlan";
import { REJECTED_KEY_MESSAGE, keyFormProblem } from "../../../ui/keyForm";
import { withPlaces } from "../../shared/places";
import { SHEETS_PLACES } from "../places";
import { serverProxy, type ServerCall } from "./serverProxy";
import { sheetsQueue } from "./sidebarQueue";
import { sheetsTeamBridge } from "./sheetsTeam";

export { googleScriptCall, type ServerCall } from "./serverProxy";

/** The two Sheets assumptions one sidebar call cannot try: said so, with how to check. */
const NOT_FROM_SIDEBAR: CheckOutcome[] = [
  {
    id: "rerunCell",
    passed: null,
    seen: "not checked from the sidebar (a cell's re-run shows only later): cells that said 'Waiting for quota' should fill in by themselves",
  },
  {
    id: "collaboratorFunctions",
    passed: null,
    seen: "not checkable from one account: ask a collaborator without the add-on whether the formulas show #NAME?",
  },
];

/**
 * The sidebar's bridge. Nothing is kept in browser storage: the key's prefix comes from the
 * server (the sandboxed sidebar's localStorage may be blocked or wiped anyway).
 */
export function createGoogleScriptBridge(
  call: ServerCall,
  /** The page's timer for a job's waits (a test's simulated clock); default setTimeout. */
  sleep?: (ms: number) => Promise<void>,
): HostBridge {
  const server = serverProxy(call);
  const paced = <O extends object>(o: O | undefined): O =>
    ({ ...o, ...(sleep ? { sleep } : {}) }) as O;
  /** This sidebar runs jobs under this name, one step per server call (each far under 6 min). */
  const runner = `sidebar-${Math.random().toString(36).slice(2, 10)}`;
  const jobs: JobClient = {
    start: (kind, input) => server.sidebarJobStart(kind as never, input),
    step: (id) => server.sidebarJobStep(id, runner),
    confirm: (id) => server.sidebarJobConfirm(id),
    answer: (id, yes) => server.sidebarJobAnswer(id, yes),
    cancel: (id) => server.sidebarJobCancel(id),
    list: () => server.sidebarJobList(),
  };
  /** The sidebar's running jobs, for the queue line. */
  const onTheLine = jobsOnTheLine();
  const job = <T>(kind: string, input: unknown, options?: JobRunOptions): Promise<T> =>
    onTheLine.watch(paced(options), (o) => runJob(jobs, kind, input, o) as Promise<T>);
  const queue = sheetsQueue(server);
  const view = async (): Promise<SettingsView> => {
    const s = await server.getSettings();
    return {
      hasKey: s.hasKey,
      keyPrefix: s.hasKey ? (s.keyPrefix ?? "saved") : null,
      baseUrl: s.baseUrl,
      cacheTtlSec: Math.round(s.cacheMinutes * 60),
      listAnswers: s.listAnswers,
      basis: { countVat: s.countVat, salesWindowDays: s.salesWindowDays },
      keyRejected: s.keyRejected,
    };
  };

  const bridge: HostBridge = {
    host: "sheets",
    look: "google",
    formulaPrefix: "",
    sharedFileCaveat: true,
    getSettings: view,

    async saveApiKey(key) {
      const problem = keyFormProblem(key);
      if (problem) throw new Error(problem);
      try {
        await server.saveApiKey(key.trim());
      } catch (e) {
        const text = messageOf(e);
        if (/rejected|revoked|expired|invalid/i.test(text)) throw new Error(REJECTED_KEY_MESSAGE);
        throw new Error(`The key was not saved: ${text}`);
      }
      return view();
    },
    async forgetApiKey() {
      await server.forgetApiKey();
      return view();
    },
    async saveSettings(change) {
      await server.saveSettings({
        ...(change.baseUrl !== undefined ? { baseUrl: change.baseUrl } : {}),
        ...(change.cacheTtlSec !== undefined
          ? { cacheMinutes: Math.max(1, Math.round(change.cacheTtlSec / 60)) }
          : {}),
        ...(change.listAnswers !== undefined ? { listAnswers: change.listAnswers } : {}),
        ...(change.basis ?? {}),
      });
      return view();
    },
    ...queue,
    async getQuota() {
      const q = await queue.getQuota();
      return q.queue ? { ...q, queue: { ...q.queue, jobs: onTheLine.line() } } : q;
    },

    listShops: () => server.sidebarListShops(),
    async rememberShop(shop) {
      await server.sidebarRememberShop(shop);
      return bridge.listShops();
    },

    runImport: (def, options) => job<ImportResult>("import", { def }, options),
    newPricingSheet: (ask, options) => job<PricingOutcome>("pricingBuild", ask, options),
    refreshPricingSheet: (sheetName, options) =>
      job<PricingOutcome>("pricingRefresh", { sheetName }, options),
    campaignSheet: (ask, options) => job<CampaignOutcome>("campaign", ask, options),
    newListingSheet: (ask, options) => job<NewListingOutcome>("newListing", ask, options),
    jobs: {
      list: () => jobs.list(),
      resume: (id, options) => onTheLine.watch(paced(options), (o) => jobsOf(jobs).resume(id, o)),
    },
    feeChangeSheet: (ask, options) => job<FeeChangeSheetOutcome>("feeChange", ask, options),
    refreshFeeChangeSheet: (name, options) =>
      job<FeeChangeSheetOutcome>("feeChange", { refresh: name }, options),
    newCostBook: () => server.sidebarNewCostBook(),
    costBookForCells: () => server.sidebarCostBookForCells(),
    setCostBookForCells: (on) => server.sidebarSetCostBookForCells(on),
    tablesOnOtherBasis: () => server.sidebarTablesOnOtherBasis(),
    listImports: () => server.sidebarListImports(),
    saveImport: (def) => server.sidebarSaveImport(def),
    deleteImport: (id) => server.sidebarDeleteImport(id),
    team: sheetsTeamBridge(server, jobs),
    getAutoRefresh: () => server.sidebarGetAutoRefresh(),
    setAutoRefresh: (enabled) => server.sidebarSetAutoRefresh(enabled),

    readSelection: () => server.sidebarReadSelection(),
    async runBulk(bulk, options = {}) {
      // A job (jobs/bulkJob.ts): one step a server call, its answers kept in the document.
      const { address, values } = await server.sidebarReadSelection();
      const { beside, ...run } = options;
      return job<BulkResult>("bulk", { job: bulk, address, values, beside: beside === true }, run);
    },

    insertFormula: (formula, options = {}) =>
      insertAsking((f, at) => server.sidebarInsertFormula(f, at), formula, options.confirm),
    async insertChart() {
      // Planned here from the selection: the server only builds the chart (bundle size cap).
      const plan = chartPlan(await server.sidebarReadSelection());
      await server.sidebarInsertChart(plan);
      return { address: plan.address, chart: plan.title };
    },
    async previewFunction(name: string, args: CellInput[]) {
      const { values: table, shown } = await server.runFunctionPreview(
        name,
        args.map((a) => (a instanceof Date ? a.toISOString().slice(0, 10) : a)),
      );
      return table.length === 1 && table[0]?.length === 1
        ? {
            value: table[0][0] as Cell,
            shown: Array.isArray(shown) ? String(shown[0]?.[0]) : shown,
          }
        : { value: table as Cell[][], shown };
    },
    async clearCache() {
      await server.clearCache();
    },
    convertFormulas: () =>
      runOpAsync(
        convertWorkbook(
          { sheets: () => server.readFormulas(), write: (c) => server.writeFormulas([...c]) },
          "sheets",
        ),
      ),
    async runDiagnostics() {
      const { api, checks, place } = await server.diagnoseSheets();
      const probe = () => {
        if (api.code !== "OK") throw new ApiError(api.code as ApiErrorCode, api.message);
      };
      const outcomes = await runOpAsync(apiChecks(probe, () => bridge.getQuota()));
      const rows = [...outcomes, ...checks, ...NOT_FROM_SIDEBAR];
      return diagnosticsReport("sheets", rows, Date.now(), place);
    },
  };
  return withPlaces(bridge, SHEETS_PLACES);
}
