/**
 * The HostBridge of the async hosts (Excel task pane, web demo), host-free: settings live
 * in a per-user store the host supplies (OfficeRuntime.storage, localStorage), sheet work
 * goes through a WorkbookSurface, and API calls run on the core's async driver with the
 * limiter (60/min) and a response cache. Imports never use the cache (they must be fresh,
 * and a stale answer must not stand in for a failed page).
 */
import type { CampaignOutcome } from "../../sidebar/jobs/campaignJob";
import type { FeeChangeSheetOutcome } from "../../sidebar/feeChangeSheet";
import type { NewListingOutcome } from "../../sidebar/jobs/newListingJob";
import { tabRunner } from "./tabRunner";
import { type AsyncEnv, type AsyncTransport, jobRoom, runAsync } from "../../core/asyncDriver";
import { ResponseCache } from "../../core/cache";
import { cacheOwner } from "../../core/callPlan";
import { rejectedMark } from "./keyStatus";
import { type AsyncClock, realAsyncClock } from "../../core/clock";
import { type DriverStats, createDriverStats } from "../../core/driverEnv";
import { call } from "../../core/effects";
import { messageOf } from "../../core/errors";
import { createScheduling, type Scheduling } from "../../core/schedule/registry";
import { type HostRefresher, steadyQueueView } from "./queueView";
import {
  type AsyncSettings,
  SETTING,
  type SettingsStorage,
  readAsyncSettings,
} from "./asyncSettings";
export { SETTING, type SettingsStorage };
import { MemoryStore } from "../../core/store";
import { type CellInput, errorsAsText, resultText } from "../../functions/cells";
import { functionByName } from "../../functions/index";
import type { AnswerSheet } from "../../sidebar/answerPlace";
import { type InsertFormula, insertAsking } from "../../sidebar/formulaPlace";
import { NO_TABLES, memoryStage, type TableSheets } from "../../sidebar/memoryStage";
import { apiChecks, type CheckOutcome, diagnosticsReport } from "../../sidebar/diagnostics";
import { asyncService, runOpAsync } from "../../sidebar/op";
import type { SidebarPorts, TextSlot } from "../../sidebar/ports";
import { createSidebarService } from "../../sidebar/service";
import type {
  AutoRefreshView,
  HostBridge,
  HostLook,
  InsertedChart,
  BulkResult,
  JobRunOptions,
  QuotaView,
  SelectionView,
} from "../../ui/bridge";
import { jobsOf, jobsOnTheLine, runJob, type JobClient } from "../../sidebar/jobs/driveJob";
import type { PricingOutcome } from "../../sidebar/pricingSheet";
import type { ImportResult } from "../../sidebar/views";
import { documentJobs, type DocumentValues } from "./documentJobs";
import { type ChartPlan, chartPlan } from "../../ui/charts/chartPlan";
import { asyncTeamBridge, cellRequestsSince, logCellsRefresh, pageStamp } from "./asyncTeam";
import { asyncSettingsMethods } from "./asyncSettingsBridge";
import type { SheetNameLimit } from "../../sidebar/sheetNameLimit";

/** The sheet side of an async host (bulk answers go through its AnswerSheet part). */
export interface WorkbookSurface extends AnswerSheet, TableSheets, DocumentValues {
  readSelection(): Promise<SelectionView>;
  /** Into the active cell if empty, else nothing (written: false); at `confirmedAt` always. */
  insertFormula: InsertFormula;
  /** Add a native chart of a planned table (absent: the host has none, the web demo). */
  insertChart?(plan: ChartPlan): Promise<void>;
  /** The host's longest sheet name (Excel's 31; absent: none of its own, the web demo). */
  readonly sheetNameLimit?: SheetNameLimit;
}

/** Document value names (no secrets). */
export const DOCUMENT_VALUE = {
  imports: "mkt.imports",
  importedSheets: "mkt.importedSheets",
  autoRefresh: "mkt.autoRefresh",
} as const;

export interface AsyncHostOptions {
  readonly host: "excel" | "web";
  readonly look: HostLook;
  readonly formulaPrefix: string;
  readonly storage: SettingsStorage;
  readonly workbook: WorkbookSurface;
  readonly transport: AsyncTransport;
  readonly defaultBaseUrl: string;
  readonly clock?: AsyncClock;
  /** Label of the host's automatic refresh, or null when it has none. */
  readonly autoRefreshLabel: string | null;
  /** Extra work when the cache is cleared (e.g. the Excel functions runtime's cache). */
  readonly onClearCache?: () => Promise<void>;
  /** Told after the key or base URL changed (e.g. the Excel runtime re-reads settings). */
  readonly onSettingsChanged?: () => void;
  /** Per request timeout for the pane's own calls; default the scheduler's (45 s). */
  readonly requestTimeoutMs?: number;
  /**
   * The host's scheduling when something else spends the same key (Excel's cells): one queue
   * and one 60 a minute for both, not 60 each, so the API never answers 429 to either.
   */
  readonly scheduling?: Scheduling;
  /** Refresh scopes and the live-calls switch of a host with formula cells. */
  readonly refresher?: HostRefresher;
  /** Diagnostics: the checks of this host's own assumptions (the API's are added here). */
  readonly hostChecks?: () => Promise<CheckOutcome[]>;
  /**
   * Run a job's step so the document is not kept halfway through it (the web demo's saves wait
   * for the step's checkpoint): a page that goes opens at a step's end, not inside one.
   */
  readonly wholeStep?: <T>(step: () => Promise<T>) => Promise<T>;
}

/** Chart the selected table where the host has native charts. */
async function insertChart(workbook: WorkbookSurface): Promise<InsertedChart> {
  const plan = chartPlan(await workbook.readSelection());
  await workbook.insertChart?.(plan);
  return { address: plan.address, chart: plan.title };
}

/** Build the bridge of an async host. */
export function createAsyncHostBridge(o: AsyncHostOptions): HostBridge & {
  readonly stats: DriverStats;
} {
  const clock = o.clock ?? realAsyncClock();
  const stats = createDriverStats();
  const queueView = steadyQueueView();
  const scheduling = o.scheduling ?? createScheduling(clock);
  const { quota } = scheduling;
  let cache: ResponseCache | null = null;
  let envs: { id: string; cached: AsyncEnv; fresh: AsyncEnv } | null = null;

  const settings = (): Promise<AsyncSettings> => readAsyncSettings(o.storage, o.defaultBaseUrl);

  function envFor(
    apiKey: string | null,
    baseUrl: string,
    ttl: number,
    substituteLists = true,
  ): typeof envs & object {
    const id = `${baseUrl}\n${ttl}\n${apiKey ?? ""}\n${substituteLists}`;
    if (envs?.id === id) return envs;
    if (!cache || cache.ttlSec !== ttl)
      cache = new ResponseCache({ store: new MemoryStore({ clock }), clock, ttlSec: ttl });
    const common = {
      baseUrl,
      apiKey,
      ...scheduling,
      substituteLists,
      stats,
      transport: o.transport,
      clock,
      ...(o.requestTimeoutMs !== undefined ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
      // The key's status turns red in the pane (it reads this at its next poll).
      ...(apiKey
        ? {
            onRejectedKey: () => {
              // Imports run without the cache: its answers for this key must go too.
              cache?.forgetKey(cacheOwner({ apiKey, baseUrl }));
              void o.storage.set(SETTING.keyRejected, rejectedMark(apiKey)).catch(() => undefined);
            },
          }
        : {}),
    };
    envs = { id, cached: { ...common, cache }, fresh: common };
    return envs;
  }

  async function currentEnvs(read?: AsyncSettings): Promise<NonNullable<typeof envs>> {
    const s = read ?? (await settings());
    const current = envFor(s.apiKey, s.baseUrl, s.ttl, s.listAnswers);
    // Another part of the add-in (Excel's cells) met a 401 for this key: no cached answers.
    if (s.keyRejected && s.apiKey)
      cache?.forgetKey(cacheOwner({ apiKey: s.apiKey, baseUrl: s.baseUrl }));
    return current;
  }

  const slot = (
    read: () => Promise<string | null>,
    write: (t: string) => Promise<void>,
  ): TextSlot => ({
    read,
    write,
  });
  // Staged pages live in the document: a reload resumes an import from its pages.
  const stage = memoryStage(o.workbook, {
    get: (n) => o.workbook.getDocumentValue(n),
    set: (n, v) => o.workbook.setDocumentValue(n, v),
    remove: (n) =>
      o.workbook.removeDocumentValue
        ? o.workbook.removeDocumentValue(n)
        : o.workbook.setDocumentValue(n, ""),
  });
  const jobs = documentJobs(o.workbook);
  /** The sidebar service in this page; `signal` withdraws its queued calls (cancel). */
  const service = async (signal?: AbortSignal) => {
    // Read once per run: a bulk row must not wait on storage before it joins the queue.
    const read = await settings();
    const e = await currentEnvs(read);
    const { basis, apiKey } = read;
    const ports: SidebarPorts = {
      api: {
        run: (program, how) =>
          runAsync(program, how?.fresh ? e.fresh : e.cached, {
            ...(signal ? { signal, abortInFlight: how?.fresh === true } : {}),
            ...(how?.job ? { share: "job" as const } : {}),
          }),
        // A step's independent asks go together (each round trip overlaps the others).
        jobRoom: () => jobRoom(e.fresh),
        answer: (name, args) => {
          const fn = functionByName(name);
          if (!fn) throw new Error(`Unknown function ${name}`);
          return runAsync(fn.program(args, basis), e.cached, signal ? { signal } : {});
        },
        explain: messageOf,
      },
      savedImports: slot(
        () => o.workbook.getDocumentValue(DOCUMENT_VALUE.imports),
        (t) => o.workbook.setDocumentValue(DOCUMENT_VALUE.imports, t),
      ),
      typedShops: slot(
        () => o.storage.get(SETTING.typedShops),
        (t) => o.storage.set(SETTING.typedShops, t),
      ),
      importedSheets: slot(
        () => o.workbook.getDocumentValue(DOCUMENT_VALUE.importedSheets),
        (t) => o.workbook.setDocumentValue(DOCUMENT_VALUE.importedSheets, t),
      ),
      stage,
      tables: o.workbook.managed ?? NO_TABLES,
      jobs,
      ...(o.workbook.formulaCells ? { formulaCells: o.workbook.formulaCells } : {}),
      ...(o.workbook.sheetNameLimit ? { sheetNameLimit: o.workbook.sheetNameLimit } : {}),
      stamp: pageStamp(apiKey),
      basis: () => basis,
      now: () => clock.now(),
      // No call limit in the page; a cancel ends a step-wise sheet's run at its next step.
      moreTime: () => signal?.aborted !== true,
    };
    return asyncService(createSidebarService(ports));
  };
  /** This page runs jobs under this name (their lease says who holds them). */
  const runner = tabRunner();
  /** The job operations, a step's requests withdrawn on `signal` (Cancel). */
  const jobClient = (signal?: AbortSignal): JobClient => ({
    start: async (kind, input) => (await service()).jobStart(kind as never, input),
    step: async (id) => {
      const run = await service(signal);
      return o.wholeStep ? o.wholeStep(() => run.jobStep(id, runner)) : run.jobStep(id, runner);
    },
    confirm: async (id) => (await service()).jobConfirm(id),
    answer: async (id, yes) => (await service()).jobAnswer(id, yes),
    cancel: async (id) => (await service()).jobCancel(id),
    list: async () => (await service()).jobList(),
  });
  const jobsBridge = jobsOf(jobClient());
  /** The page's running jobs, for the queue line. */
  const onTheLine = jobsOnTheLine();
  // A job's waits on the page's clock (a test's virtual time).
  const paced = (o: JobRunOptions = {}) => ({ sleep: (ms: number) => clock.sleep(ms), ...o });
  const job = <T>(kind: string, input: unknown, options: JobRunOptions = {}): Promise<T> =>
    onTheLine.watch(
      paced(options),
      (o) => runJob(jobClient(options.signal), kind, input, o) as Promise<T>,
    );

  const bridge: HostBridge & { readonly stats: DriverStats } = {
    host: o.host,
    look: o.look,
    formulaPrefix: o.formulaPrefix,
    sharedFileCaveat: false,
    stats,

    ...asyncSettingsMethods({
      storage: o.storage,
      settings,
      // A key on trial marks nothing: refusing it must not clear or set the saved key's status.
      trialEnv: (key, s) => {
        const { onRejectedKey: _notMarked, ...trial } = envFor(key, s.baseUrl, s.ttl).fresh;
        return trial;
      },
      ...(o.onSettingsChanged ? { onSettingsChanged: o.onSettingsChanged } : {}),
    }),

    async getQuota(): Promise<QuotaView> {
      const s = await settings();
      const used = s.apiKey ? quota.status(s.apiKey).used : 0;
      const lookups = stats.cacheHits + stats.cacheMisses;
      const stale = (await o.refresher?.staleNote?.()) ?? null;
      return {
        requestsLastMinute: Math.min(quota.limit, used),
        limitPerMinute: quota.limit,
        cacheHitRate: lookups === 0 ? null : stats.cacheHits / lookups,
        keyRejected: s.keyRejected,
        queue: {
          ...queueView(
            o.refresher?.status
              ? await o.refresher.status()
              : scheduling.schedulers.status(s.apiKey ?? "", s.baseUrl),
            clock.now(),
            (await o.refresher?.liveCalls()) ?? true,
          ),
          ...(stale ? { note: stale } : {}),
          jobs: onTheLine.line(),
        },
      };
    },

    refreshScopes: o.refresher?.scopes ?? [],
    async refresh(scope) {
      if (!o.refresher) throw new Error("This page has no formula cells to refresh");
      const r = o.refresher;
      // The cells' scheduler (Excel: the functions runtime's) counts what the refresh sent.
      const status = async () => {
        const s = await settings();
        return r.status ? r.status() : scheduling.schedulers.status(s.apiKey ?? "", s.baseUrl);
      };
      const before = await status();
      const cells = await r.refresh(scope);
      await logCellsRefresh(service, scope, cells, await cellRequestsSince(before, status));
      return { cells };
    },
    async setLiveCalls(on) {
      if (!o.refresher) throw new Error("This page has no formula cells to pause");
      await o.refresher.setLiveCalls(on);
      return bridge.getQuota();
    },

    listShops: async () => (await service()).listShops(),

    async rememberShop(shop) {
      await (await service()).rememberShop(shop);
      return bridge.listShops();
    },

    // Cancel withdraws the page waiting in the queue and stops waiting for the one in flight.
    runImport: (def, options) => job<ImportResult>("import", { def }, options),

    newPricingSheet: (ask, options = {}) =>
      runJob(jobClient(options.signal), "pricingBuild", ask, options) as Promise<PricingOutcome>,
    refreshPricingSheet: (sheetName, options = {}) =>
      runJob(
        jobClient(options.signal),
        "pricingRefresh",
        { sheetName },
        options,
      ) as Promise<PricingOutcome>,
    campaignSheet: (ask, options) => job<CampaignOutcome>("campaign", ask, options),
    newListingSheet: (ask, options) => job<NewListingOutcome>("newListing", ask, options),
    jobs: {
      list: () => jobsBridge.list(),
      resume: (id, options = {}) => jobsOf(jobClient(options.signal)).resume(id, options),
    },
    feeChangeSheet: (ask, options) => job<FeeChangeSheetOutcome>("feeChange", ask, options),
    refreshFeeChangeSheet: (name, options) =>
      job<FeeChangeSheetOutcome>("feeChange", { refresh: name }, options),
    newCostBook: async () => (await service()).newCostBook(),
    costBookForCells: async () => (await service()).costBookForCells(),
    setCostBookForCells: async (on) => (await service()).setCostBookForCells(on),
    tablesOnOtherBasis: async () => (await service()).tablesOnOtherBasis(),
    listImports: async () => (await service()).listImports(),
    saveImport: async (def) => (await service()).saveImport(def),
    deleteImport: async (id) => (await service()).deleteImport(id),
    team: asyncTeamBridge(() => service(), o.workbook, jobClient()),

    async getAutoRefresh(): Promise<AutoRefreshView> {
      const on = (await o.workbook.getDocumentValue(DOCUMENT_VALUE.autoRefresh)) === "on";
      return { label: o.autoRefreshLabel, enabled: o.autoRefreshLabel !== null && on };
    },

    async setAutoRefresh(enabled) {
      if (o.autoRefreshLabel === null) throw new Error("This host cannot refresh on its own");
      await o.workbook.setDocumentValue(DOCUMENT_VALUE.autoRefresh, enabled ? "on" : "off");
      return bridge.getAutoRefresh();
    },

    readSelection: () => o.workbook.readSelection(),

    async runBulk(bulk, options = {}) {
      // A job (jobs/bulkJob.ts): the selection read once, its answers kept in the document.
      const { address, values } = await o.workbook.readSelection();
      const { beside, ...run } = options;
      return job<BulkResult>("bulk", { job: bulk, address, values, beside: beside === true }, run);
    },

    insertFormula: (formula, options = {}) =>
      insertAsking((f, at) => o.workbook.insertFormula(f, at), formula, options.confirm),

    ...(o.workbook.insertChart ? { insertChart: () => insertChart(o.workbook) } : {}),

    async previewFunction(name: string, args: CellInput[]) {
      const fn = functionByName(name);
      if (!fn) throw new Error(`Unknown function ${name}`);
      const { basis } = await settings();
      const result = await runAsync(fn.program(args, basis), (await currentEnvs()).cached);
      return { value: errorsAsText(result), shown: resultText(result) };
    },

    async runDiagnostics() {
      const { fresh } = await currentEnvs();
      const probe = () => runAsync(call("SHOPS_A", {}), fresh);
      const api = await runOpAsync(apiChecks(probe, () => bridge.getQuota()));
      const rows = [...api, ...((await o.hostChecks?.()) ?? [])];
      return diagnosticsReport(o.host, rows, clock.now(), { apiAddress: fresh.baseUrl });
    },

    async clearCache() {
      cache = null;
      envs = null;
      await o.onClearCache?.();
    },
  };
  return bridge;
}
