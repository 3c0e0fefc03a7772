/**
 * The one interface the sidebar / task pane app knows. Each host supplies an implementation
 * (Sheets: google.script.run; Excel: Office.js; web demo: fetch + an in-page sheet). Every
 * method is async and every payload is plain JSON (no Date: Sheets cannot send one).
 */
import type { Marketplace } from "../api/types";
import type { ProfitBasis } from "../functions/basis";
import type { ImportResult, ShopRef, ShopsView } from "../sidebar/views";
import type { Cell, CellInput } from "../functions/cells";
import type { BulkJob } from "../imports/bulk";
import type { ImportDefinition } from "../imports/definitions";
import { zonedTime } from "../imports/table";
export { isCalendarDay } from "../imports/calendarDay";
import type { QuestionAnswers } from "../sidebar/importQuestions";
import type { CostBookCheck } from "../sidebar/costBookSheet";
export type { CostBookCheck };
import type { PlacedFormula } from "../sidebar/formulaPlace";
import type { ConvertedFormulas } from "../sidebar/convertFormulas";
import type { DiagnosticsReport } from "../sidebar/diagnostics";
import type { PricingOutcome, PricingSheetAsk } from "../sidebar/pricingSheet";
import type { FeeChangeSheetAsk, FeeChangeSheetOutcome } from "../sidebar/feeChangeSheet";
import type { CampaignOutcome, CampaignSheetAsk } from "../sidebar/jobs/campaignJob";
import type { JobView } from "../sidebar/jobs/jobRecord";
import type { NewListingOutcome, NewListingSheetAsk } from "../sidebar/jobs/newListingJob";
import type { OtherBasisTable } from "../sidebar/basisTables";
import type { TeamBridge } from "./teamBridge";

export type { ImportResult, JobView, QuestionAnswers, ShopRef, ShopsView };

/** The look the app takes: Google add-on (Sheets) or Fluent-like (Excel, web). */
export type HostLook = "google" | "fluent";

/** Settings as the app may see them: never the key itself, only its prefix. */
export interface SettingsView {
  readonly hasKey: boolean;
  /** The key's leading part, e.g. "mkt_pat_Ab12…", shown after saving. */
  readonly keyPrefix: string | null;
  readonly baseUrl: string;
  readonly cacheTtlSec: number;
  /**
   * "Answer many product cells from shop-wide lists" (on by default); absent where the host
   * has no such setting yet.
   */
  readonly listAnswers?: boolean;
  /** The profit basis every function and import uses; absent where the host cannot set it. */
  readonly basis?: ProfitBasis;
  /** The API rejected the saved key (revoked, expired) since it was saved: show it red. */
  readonly keyRejected?: boolean;
}

/** Requests in the last minute against the API's 60, and how often the cache answered. */
export interface QuotaView {
  readonly requestsLastMinute: number;
  readonly limitPerMinute: number;
  /** 0..1; null before any lookup. */
  readonly cacheHitRate: number | null;
  /** The request queue, where the host has one in the sidebar's reach. */
  readonly queue?: QueueView;
  /** The API rejected the saved key since it was saved (polled, so the pane turns red). */
  readonly keyRejected?: boolean;
}

/** The request scheduler at a glance. */
export interface QueueView {
  /** Cells (and sidebar asks) waiting for an answer. */
  readonly cellsQueued: number;
  /** Estimated seconds until the queue is done, at 60 a minute. */
  readonly secondsToDone: number;
  /** Seconds the API's "too many requests" pause still lasts; 0 when none. */
  readonly pausedForSeconds: number;
  /** The API could not be reached: seconds until the add-in tries again; null when fine. */
  readonly unreachableForSeconds: number | null;
  /** False while the seller paused live calls. */
  readonly liveCalls: boolean;
  /** Requests sent and not answered yet (their cells read Loading… meanwhile); absent: 0. */
  readonly inFlight?: number;
  /** Anything else the seller should know (Sheets: cells only the owner's key can fill). */
  readonly note?: string;
  /** Long work this sidebar runs on the key (jobs): each still needs its own requests. */
  readonly jobs?: readonly QueuedJob[];
}

/** A job on the queue line: what it still asks and how long that takes at its share. */
export interface QueuedJob {
  readonly title: string;
  readonly requestsLeft: number;
  readonly secondsLeft: number;
}

/** What a refresh re-runs: the selection, the active sheet, the workbook, cells with errors, old answers. */
export type RefreshScope = "selection" | "sheet" | "workbook" | "errors" | "stale";

/** Options of a long-running action. */
export interface RunOptions<P> {
  readonly onProgress?: (progress: P) => void;
  readonly signal?: AbortSignal;
}

/**
 * A job's options: its progress (each step's view), Cancel, and how the sidebar asks the
 * seller its cost (above a minute) and its questions; without `confirm` each takes its "no".
 */
export interface JobRunOptions extends RunOptions<JobView> {
  readonly confirm?: (question: string, answers: QuestionAnswers) => Promise<boolean>;
}

/** The long work a document holds (jobs), as the sidebar resumes and shows it. */
export interface JobsBridge {
  /** Every job kept in this document (left by a closed sidebar, a reload, another runner). */
  list(): Promise<JobView[]>;
  /** Go on with a job from its checkpoint until it ends; resolves with its result. */
  resume(id: string, options?: JobRunOptions): Promise<unknown>;
}

/** The selected input table for a bulk calculation. */
export interface SelectionView {
  /** A1 address such as "Inputs!A1:D501", for the seller to check. */
  readonly address: string;
  readonly values: Cell[][];
}

/** What a bulk run (a job) wrote; a cancelled run ends in its JobCancelled message instead. */
export interface BulkResult {
  readonly address: string;
  /** Rows written, header included. */
  readonly rows: number;
  readonly failed: number;
  /** Input rows answered. */
  readonly answered?: number;
  /** Different rows asked: identical rows share one request. */
  readonly asked?: number;
  /** False when `address` holds data and the seller did not confirm: nothing was written. */
  readonly written?: boolean;
}

/** A bulk run's options: where its answers go, and how the sidebar asks before overwriting. */
export interface BulkRunOptions extends JobRunOptions {
  /** Right beside the selection (the seller's choice) instead of the first empty columns. */
  readonly beside?: boolean;
}

/** A chart "Insert chart" added: the cells it reads and its title. */
export interface InsertedChart {
  readonly address: string;
  readonly chart: string;
}

/** How imports refresh on their own in this host. */
export interface AutoRefreshView {
  /** "Refresh daily" (Sheets trigger) or "Refresh when the workbook opens" (Excel); null: none. */
  readonly label: string | null;
  readonly enabled: boolean;
  /** Sheets: how many of this user's spreadsheets the one daily trigger refreshes. */
  readonly documents?: number;
  /** Sheets: what the last daily run did (notes name failed or dropped spreadsheets). */
  readonly lastRun?: {
    readonly at: string;
    readonly refreshed: number;
    readonly notes: readonly string[];
  } | null;
}

/** One line a seller reads under the daily-refresh switch, or null when there is nothing to say. */
export function autoRefreshSummary(view: AutoRefreshView): string | null {
  const parts: string[] = [];
  if (view.enabled && view.documents !== undefined) {
    parts.push(`On in ${view.documents} spreadsheet${view.documents === 1 ? "" : "s"} of yours.`);
  }
  const run = view.lastRun;
  if (run) {
    parts.push(`Last run ${zonedTime(run.at)}: ${run.refreshed} refreshed.`);
    parts.push(...run.notes);
  }
  return parts.length > 0 ? parts.join(" ") : null;
}

/** Everything the app asks of its host. */
export interface HostBridge {
  readonly host: "sheets" | "excel" | "web";
  readonly look: HostLook;
  /** Put in front of function names in formulas ("MKT." in Excel, "" elsewhere). */
  readonly formulaPrefix: string;
  /** Sheets: custom functions run with the spreadsheet owner's key in shared files. */
  readonly sharedFileCaveat: boolean;

  getSettings(): Promise<SettingsView>;
  /** Check the key against the API (shop list A) and save it; rejects with a clear message. */
  saveApiKey(key: string): Promise<SettingsView>;
  forgetApiKey(): Promise<SettingsView>;
  saveSettings(change: {
    baseUrl?: string;
    cacheTtlSec?: number;
    listAnswers?: boolean;
    /** Change the profit basis (checked: the sales window is 1 to 730 days). */
    basis?: Partial<ProfitBasis>;
  }): Promise<SettingsView>;

  getQuota(): Promise<QuotaView>;
  /** The refresh scopes this host offers; empty where refresh is not available yet. */
  readonly refreshScopes: readonly RefreshScope[];
  /** Re-run the formula cells of a scope with fresh answers; resolves with how many. */
  refresh(scope: RefreshScope): Promise<{ cells: number }>;
  /** Pause (false) or resume (true) live calls for formula cells. */
  setLiveCalls(on: boolean): Promise<QuotaView>;

  listShops(): Promise<ShopsView>;
  /** Remember a typed-in B seller or C shop id (no secret, kept per user). */
  rememberShop(shop: { marketplace: Marketplace; id: string; region: string }): Promise<ShopsView>;

  /**
   * Fetch every page, then write the sheet and show it. A sheet holding data no import wrote
   * is replaced only when `confirm` says yes; otherwise the import goes to a new sheet.
   */
  runImport(def: ImportDefinition, options?: JobRunOptions): Promise<ImportResult>;
  /**
   * "New pricing sheet" for a shop, and Refresh of one (asks only for rows whose inputs
   * changed): jobs, each step's view told to `onProgress`.
   */
  newPricingSheet(ask: PricingSheetAsk, options?: JobRunOptions): Promise<PricingOutcome>;
  refreshPricingSheet(sheetName: string, options?: JobRunOptions): Promise<PricingOutcome>;
  /** The document's jobs: resumed when the sidebar opens. */
  readonly jobs: JobsBridge;
  /**
   * "Fee-change sheet" for a shop and a date, and Refresh of one: jobs, each step's view told
   * to `onProgress`; nothing is asked twice after a stop.
   */
  feeChangeSheet(ask: FeeChangeSheetAsk, options?: JobRunOptions): Promise<FeeChangeSheetOutcome>;
  refreshFeeChangeSheet(sheetName: string, options?: JobRunOptions): Promise<FeeChangeSheetOutcome>;
  /**
   * "Campaign sheet" (issue 34 item 3) and "New listings sheet" (item 4): jobs, each step's
   * view told to `onProgress`; built again into the same sheet, merged by row and the seller's
   * cells kept.
   */
  campaignSheet(ask: CampaignSheetAsk, options?: JobRunOptions): Promise<CampaignOutcome>;
  newListingSheet(ask: NewListingSheetAsk, options?: JobRunOptions): Promise<NewListingOutcome>;
  /** Make the team's "Cost book" sheet where none is (an existing one is never touched). */
  newCostBook(): Promise<CostBookCheck>;
  /** Whether formula cells take COGS from the cost book (saved in the document; off at first). */
  costBookForCells(): Promise<{ readonly on: boolean }>;
  setCostBookForCells(on: boolean): Promise<{ readonly on: boolean }>;
  /** Managed tables whose basis is not the setting's (after "Save basis"). */
  tablesOnOtherBasis(): Promise<OtherBasisTable[]>;
  listImports(): Promise<ImportDefinition[]>;
  saveImport(def: ImportDefinition): Promise<ImportDefinition[]>;
  deleteImport(id: string): Promise<ImportDefinition[]>;
  getAutoRefresh(): Promise<AutoRefreshView>;
  setAutoRefresh(enabled: boolean): Promise<AutoRefreshView>;

  readSelection(): Promise<SelectionView>;
  /**
   * Run a bulk job over the current selection and write the answers to the first empty
   * columns to its right (or beside it, asking first when that holds data).
   */
  runBulk(job: BulkJob, options?: BulkRunOptions): Promise<BulkResult>;

  /**
   * Put a formula (text starting with =) into the active cell; when it holds data, only
   * after `confirm` said yes to a question naming it (written: false otherwise).
   */
  insertFormula(
    formula: string,
    options?: { confirm?: (question: string) => Promise<boolean> },
  ): Promise<PlacedFormula>;
  /**
   * Add a native chart next to the selected breakdown (waterfall or column chart) or ranking
   * (bar chart); rejects with a sentence when the selection is neither. Absent where the host
   * has no native charts (the web demo).
   */
  insertChart?(): Promise<InsertedChart>;
  /** Run a catalog function once and return what its cell would hold and show. */
  previewFunction(name: string, args: CellInput[]): Promise<FunctionPreview>;

  /** Forget every cached answer and make the cells that used them recalculate. */
  clearCache(): Promise<void>;

  /**
   * Rewrite the add-in's formulas in every sheet into this host's form (a workbook moved from
   * Excel to Sheets or back). Absent where formulas cannot come from the other host (web demo).
   */
  convertFormulas?(): Promise<ConvertedFormulas>;
  /** Check, in this host, each thing the add-in relies on (the table of Diagnostics). */
  runDiagnostics(): Promise<DiagnosticsReport>;
  /** Team workbook: re-sort, snapshots, freeze (teamBridge.ts). */
  readonly team: TeamBridge;
}

/** A preview: the cell's values (the chart reads them) and each as the seller reads it. */
export interface FunctionPreview {
  readonly value: Cell | Cell[][];
  /** Money in its currency's decimals, margins and rates as % ("-5.50", "-2.36%"). */
  readonly shown: string | string[][];
}

/**
 * An error message for the app to show, from anything a bridge rejected with. Not core's
 * messageOf: the UI may not import core's code (eslint layers), and a rejection that is
 * neither an Error nor text reads as what to do, not "[object Object]".
 */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === "string") return e;
  return "Something went wrong: try again";
}
