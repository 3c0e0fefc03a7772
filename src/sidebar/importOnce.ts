/** One import over a plain fetch, run as a job in memory (tests and tools). */
import type { ApiCall, Effect, Program } from "../core/effects";
import { messageOf } from "../core/errors";
import { DEFAULT_BASIS, type ProfitBasis } from "../functions/basis";
import type { ImportDefinition } from "../imports/definitions";
import type { ImportTable } from "../imports/table";
import { runJob, type JobClient } from "./jobs/driveJob";
import { memoryJobs } from "./jobs/memoryJobs";
import type { JobView } from "./jobs/jobRecord";
import { NO_TABLES, memoryStage } from "./memoryStage";
import { asyncService } from "./op";
import { createSidebarService } from "./service";

/** Run a body whose API calls `fetchData` answers (a call's failure is thrown into it). */
async function withFetch<T>(program: Program<T>, fetchData: (c: ApiCall) => Promise<unknown>) {
  let step = program.next();
  while (!step.done) {
    const effect: Effect = step.value;
    if (effect.kind !== "call") throw new Error("An import step asks one call at a time");
    try {
      step = program.next(await fetchData(effect));
    } catch (e) {
      step = program.throw(e);
    }
  }
  return step.value;
}

/** Services for a one-off import over a plain fetch (tests, tools). */
export interface ImportRunDeps {
  /** Answer one API call with its `data` (cache, limiter and retries are the caller's). */
  fetchData(call: ApiCall): Promise<unknown>;
  /** Replace the target sheet's data with the finished table, in one go. */
  writeTable(sheetName: string, table: ImportTable): Promise<void>;
  /** Each step's view of the import job. */
  readonly onProgress?: (view: JobView) => void;
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
  /** Waits after a passing stop (no connection, a 5xx burst); default a timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The seller's profit basis; the add-in's default when absent. */
  readonly basis?: ProfitBasis;
}

/** Fetch every page of an import, then write it; resolves with the table written. */
export async function runImport(def: ImportDefinition, deps: ImportRunDeps): Promise<ImportTable> {
  let written: ImportTable | null = null;
  const none = { read: () => null, write: () => undefined };
  const service = asyncService(
    createSidebarService({
      api: {
        run: (program) => withFetch(program, deps.fetchData),
        answer: () => {
          throw new Error("An import answers no function");
        },
        explain: messageOf,
      },
      savedImports: none,
      typedShops: none,
      importedSheets: none,
      // The caller's writeTable owns its target: nothing there counts as the seller's data.
      stage: memoryStage({
        async writeTable(sheet, table) {
          written = table;
          await deps.writeTable(sheet, table);
        },
        dataIn: async () => null,
        sheetNames: async () => [],
      }),
      tables: NO_TABLES,
      jobs: memoryJobs(),
      stamp: (iso) => ({ when: iso, who: "this computer" }),
      basis: () => deps.basis ?? DEFAULT_BASIS,
      now: () => (deps.now?.() ?? new Date()).getTime(),
      moreTime: () => true,
    }),
  );
  const client: JobClient = {
    start: (kind, input) => service.jobStart(kind as "import", input),
    step: (id) => service.jobStep(id, "tool"),
    confirm: (id) => service.jobConfirm(id),
    answer: (id, yes) => service.jobAnswer(id, yes),
    cancel: (id) => service.jobCancel(id),
    list: () => service.jobList(),
  };
  await runJob(
    client,
    "import",
    { def },
    {
      ...(deps.onProgress ? { onProgress: deps.onProgress } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    },
  );
  if (!written) throw new Error("The import wrote nothing");
  return written;
}
