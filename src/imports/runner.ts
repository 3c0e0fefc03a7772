/**
 * The import runner of async hosts (browser, Excel): fetch page by page with progress and
 * cancel, build the whole table in memory, and only when everything arrived hand it to the
 * host to replace the sheet's data. A failure or a cancel never touches the sheet.
 */
import type { ApiCall } from "../core/effects";
import { ApiError, isApiError } from "../core/errors";
import type { ProfitBasis } from "../functions/basis";
import type { Cell } from "../functions/cells";
import type { ImportDefinition } from "./definitions";
import type { ImportState } from "./plan";
import { firstState, importTitle, progressText, readStep, stepCall } from "./plan";
import type { ImportTable } from "./table";

/** What the UI shows while an import runs. */
export interface ImportProgress {
  readonly phase: "fetching" | "writing" | "done";
  readonly pagesDone: number;
  readonly totalPages: number | null;
  readonly rowsSoFar: number;
  readonly text: string;
}

/** Host services the runner needs. */
export interface ImportRunDeps {
  /** Answer one API call with its `data` (cache, limiter and retries are the host's). */
  fetchData(call: ApiCall, signal?: AbortSignal): Promise<unknown>;
  /** Replace the target sheet's data with the finished table, in one go. */
  writeTable(sheetName: string, table: ImportTable): Promise<void>;
  readonly onProgress?: (progress: ImportProgress) => void;
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
  /** The seller's profit basis (VAT, sales window); the add-in's default when absent. */
  readonly basis?: ProfitBasis;
}

/** Thrown when the seller cancels; the sheet keeps its previous data. */
export class ImportCancelled extends Error {
  constructor() {
    super("Import cancelled: the sheet keeps its previous data");
    this.name = "ImportCancelled";
  }
}

/** True for the runner's cancel error (also across bundle copies). */
export function isImportCancelled(e: unknown): boolean {
  return e instanceof Error && e.name === "ImportCancelled";
}

/** Fetch every page of an import, then write it; resolves with the table written. */
export async function runImport(def: ImportDefinition, deps: ImportRunDeps): Promise<ImportTable> {
  const rows: Cell[][] = [];
  let state: ImportState = firstState(def);
  const report = (phase: ImportProgress["phase"], text: string): void =>
    deps.onProgress?.({
      phase,
      pagesDone: state.pagesDone,
      totalPages: state.totalPages,
      rowsSoFar: state.rowsSoFar,
      text,
    });
  report("fetching", "starting");
  while (!state.done) {
    if (deps.signal?.aborted) throw new ImportCancelled();
    let data: unknown;
    try {
      data = await deps.fetchData(stepCall(def, state, deps.basis), deps.signal);
    } catch (e) {
      if (deps.signal?.aborted) throw new ImportCancelled();
      throw failedOnPage(e, state.pagesDone + 1);
    }
    if (deps.signal?.aborted) throw new ImportCancelled();
    const outcome = readStep(def, state, data);
    rows.push(...outcome.rows);
    state = outcome.state;
    report("fetching", progressText(state));
  }
  const table: ImportTable = {
    columns: state.columns ?? [],
    rows,
    dataFreshAt: state.dataFreshAt,
    importedAt: (deps.now?.() ?? new Date()).toISOString(),
    title: importTitle(def, deps.basis),
  };
  if (deps.signal?.aborted) throw new ImportCancelled();
  report("writing", `writing ${rows.length.toLocaleString("en-US")} rows`);
  await deps.writeTable(def.sheetName, table);
  report("done", `${rows.length.toLocaleString("en-US")} rows imported`);
  return table;
}

/** The error a seller sees when a page fails: which page, why, and that nothing changed. */
export function failedOnPage(e: unknown, page: number): ApiError {
  const reason = isApiError(e) ? e.message : e instanceof Error ? e.message : String(e);
  const code = isApiError(e) ? e.code : "NETWORK";
  return new ApiError(
    code,
    `Import stopped at page ${page}: ${reason}. The sheet keeps its previous data.`,
  );
}
