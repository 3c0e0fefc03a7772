/**
 * The client's import loop, written once: begin, page after page with progress and cancel,
 * then commit; a failure or a cancel drops the staging and never touches the sheet. Sheets
 * sends each step through google.script.run (each call well under Apps Script's 6 minutes),
 * Excel and the web demo call the service in the page.
 */
import { ApiError, isApiError, messageOf } from "../core/errors";
import type { ImportDefinition } from "../imports/definitions";
import { progressText, type ImportState } from "../imports/plan";
import type { AsyncOf } from "./op";
import type { SidebarService } from "./service";
import type { EditedCellView, ImportResult, ImportTarget } from "./views";

/** What the UI shows while an import runs. */
export interface ImportProgress {
  readonly phase: "fetching" | "writing" | "done";
  readonly pagesDone: number;
  readonly totalPages: number | null;
  readonly rowsSoFar: number;
  readonly text: string;
}

/** Thrown when the seller cancels; the sheet keeps its previous data. */
export class ImportCancelled extends Error {
  constructor() {
    super("Import cancelled: the sheet keeps its previous data");
    this.name = "ImportCancelled";
  }
}

/** The error a seller sees when a page fails: which page, why, and that nothing changed. */
export function failedOnPage(e: unknown, page: number): ApiError {
  const reason = messageOf(e);
  const code = isApiError(e) ? e.code : "NETWORK";
  return new ApiError(
    code,
    `Import stopped at page ${page}: ${reason}. The sheet keeps its previous data.`,
  );
}

/** The service's import steps as a client calls them. */
export type ImportSteps = Pick<
  AsyncOf<SidebarService>,
  "importBegin" | "importPage" | "importCommit" | "importAbort"
>;

export interface ImportLoopOptions {
  readonly onProgress?: (progress: ImportProgress) => void;
  readonly signal?: AbortSignal;
  /**
   * Asks the seller, before any page is fetched, whether to replace data no import wrote;
   * resolves true for "replace". Without it the import goes to a new sheet.
   */
  readonly confirm?: (question: string, answers: QuestionAnswers) => Promise<boolean>;
}

/** The two buttons of a question: what "yes" and "no" do, in the seller's words. */
export interface QuestionAnswers {
  readonly yes: string;
  readonly no: string;
}

/** The question before an import replaces data no import wrote, and its two answers. */
export function replaceQuestion(target: ImportTarget): [string, QuestionAnswers] {
  return [
    `${target.othersData ?? target.sheetName} holds data that no import wrote. Replace it with this import, or import into a new sheet "${target.newSheetName}"?`,
    { yes: `Replace ${target.sheetName}`, no: `New sheet "${target.newSheetName}"` },
  ];
}

/** Cells named in a question: the first few, and how many more. */
const SHOWN_EDITS = 5;

/** The question when a refresh would overwrite cells the seller changed by hand. */
export function editedQuestion(
  sheetName: string,
  edited: readonly EditedCellView[],
): [string, QuestionAnswers] {
  const named = edited
    .slice(0, SHOWN_EDITS)
    .map((e) => `${e.cell} (${e.header} of ${e.id}: yours ${e.yours}, the API's ${e.api})`)
    .join("; ");
  const more = edited.length > SHOWN_EDITS ? ` and ${edited.length - SHOWN_EDITS} more` : "";
  const cells = edited.length === 1 ? "1 cell" : `${edited.length} cells`;
  const were = edited.length === 1 ? "was" : "were";
  return [
    `${cells} of ${sheetName} that the refresh fills ${were} changed by hand: ${named}${more}. Keep your values there, or write the API's figures over them?`,
    { yes: "Write the API's figures", no: "Keep my values" },
  ];
}

/** Run one import through the service's steps. */
export async function driveImport(
  steps: ImportSteps,
  def: ImportDefinition,
  options: ImportLoopOptions = {},
): Promise<ImportResult> {
  const cancelled = (): boolean => options.signal?.aborted === true;
  const begun = await steps.importBegin(def);
  let state: ImportState = begun.state;
  const report = (phase: ImportProgress["phase"], text: string): void =>
    options.onProgress?.({
      phase,
      pagesDone: state.pagesDone,
      totalPages: state.totalPages,
      rowsSoFar: state.rowsSoFar,
      text,
    });
  try {
    // The seller's own data is replaced only on their word; the safe answer is a new sheet.
    const othersData = begun.target.othersData !== null;
    const replace =
      othersData && options.confirm
        ? await options.confirm(...replaceQuestion(begun.target))
        : false;
    const into: ImportDefinition =
      othersData && !replace ? { ...def, sheetName: begun.target.newSheetName } : def;
    while (!state.done) {
      if (cancelled()) throw new ImportCancelled();
      try {
        state = (await steps.importPage(begun.token, into, state)).state;
      } catch (e) {
        if (cancelled()) throw new ImportCancelled();
        throw failedOnPage(e, state.pagesDone + 1);
      }
      if (cancelled()) throw new ImportCancelled();
      report("fetching", progressText(state));
    }
    const rows = state.rowsSoFar.toLocaleString("en-US");
    report("writing", `writing ${rows} rows`);
    let result = await steps.importCommit(begun.token, into, state, { replace, show: true });
    if (result.written === false && result.edited) {
      // Cells the table owns were changed by hand: the seller decides, keeping them by default.
      const overwrite = options.confirm
        ? await options.confirm(...editedQuestion(into.sheetName, result.edited))
        : false;
      const edits = overwrite ? "overwrite" : "keep";
      result = await steps.importCommit(begun.token, into, state, { replace, show: true, edits });
    }
    report("done", `${rows} rows imported`);
    return result;
  } catch (e) {
    const failure = { def, requests: state.pagesDone, error: messageOf(e) };
    await steps.importAbort(begun.token, failure).catch(() => undefined);
    throw e;
  }
}
