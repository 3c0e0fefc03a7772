/**
 * The sidebar's ports over a reference server (real HTTP through the async hosts' driver,
 * scheduler and fetch transport) and an in-memory workbook: sheets as grids, records as text.
 * For the host-neutral sheet computations (issue 34), whose hosts are tested apart.
 */
import { runAsync } from "../../src/core/asyncDriver";
import { messageOf } from "../../src/core/errors";
import { DEFAULT_BASIS, type ProfitBasis } from "../../src/functions/basis";
import type { Cell } from "../../src/functions/cells";
import { functionByName } from "../../src/functions/index";
import { columnLetters, type GridBlock } from "../../src/imports/managedTable";
import { asyncService, runOpAsync, type Op } from "../../src/sidebar/op";
import { runJob, type JobClient } from "../../src/sidebar/jobs/driveJob";
import type { JobKindName } from "../../src/sidebar/jobs/jobKinds";
import { memoryJobs } from "../../src/sidebar/jobs/memoryJobs";
import type { JobView } from "../../src/sidebar/jobs/jobRecord";
import type { PricingOutcome, PricingSheetAsk } from "../../src/sidebar/pricingSheet";
import { createSidebarService } from "../../src/sidebar/service";
import type { ManagedSheets, SidebarPorts, TextSlot } from "../../src/sidebar/ports";
import { functionEnv } from "./functionEnv";
import type { TestServer } from "./server";

/** An in-memory workbook: each sheet a grid of cells, each table's record a text. */
export interface MemoryBook {
  readonly sheets: Map<string, Cell[][]>;
  readonly records: Map<string, string>;
}

const slot = (): TextSlot => {
  let text: string | null = null;
  return { read: () => text, write: (t) => void (text = t) };
};

function memoryTables(book: MemoryBook): ManagedSheets {
  return {
    read: (name) => book.sheets.get(name)?.map((r) => [...r]) ?? null,
    write(name, blocks: readonly GridBlock[], create) {
      let grid = book.sheets.get(name);
      if (!grid) {
        if (!create) throw new Error(`no sheet ${name}`);
        grid = [];
        book.sheets.set(name, grid);
      }
      for (const b of blocks)
        b.values.forEach((line, i) => {
          const row = (grid[b.row + i] ??= []);
          line.forEach((v, j) => {
            while (row.length < b.col + j) row.push("");
            row[b.col + j] = v;
          });
        });
    },
    boldHeader: () => undefined,
    note: () => undefined,
    moveRows: () => undefined,
    deleteRows: () => undefined,
    readRecord: (name) => book.records.get(name) ?? null,
    writeRecord: (name, text) => void book.records.set(name, text),
  };
}

/** Ports over `server` as a fresh demo key, at `perMinute` client requests a minute. */
export function memoryPorts(
  server: TestServer,
  options: { readonly basis?: ProfitBasis; readonly perMinute?: number } = {},
): { ports: SidebarPorts; book: MemoryBook; run: <T>(op: Op<T>) => Promise<T> } {
  const env = functionEnv(server, { perMinute: options.perMinute ?? 100_000 });
  // Sheets ask fresh (no cache), as the hosts run them.
  const { cache: _cache, ...fresh } = env;
  const basis = options.basis ?? DEFAULT_BASIS;
  const book: MemoryBook = { sheets: new Map(), records: new Map() };
  const staged = new Map<string, Cell[][]>();
  const ports: SidebarPorts = {
    api: {
      run: (program, how) => runAsync(program, how?.fresh ? fresh : env),
      answer: (name, args) => {
        const fn = functionByName(name);
        if (!fn) throw new Error(`Unknown function ${name}`);
        return runAsync(fn.program(args, basis), env);
      },
      explain: messageOf,
    },
    savedImports: slot(),
    typedShops: slot(),
    importedSheets: slot(),
    stage: {
      // The pages wait here, header first, each row where its page puts it (as every host's).
      open: (token) => void staged.set(token, []),
      append(token, page) {
        const rows = staged.get(token);
        if (!rows) throw new Error("This import's staging is gone: start the import again");
        if (page.header) rows[0] = [...page.header];
        page.rows.forEach((r, i) => (rows[page.rowsBefore + 1 + i] = [...r]));
      },
      commit(token, sheetName, table) {
        const rows = staged.get(token);
        if (!rows) throw new Error("This import's staging is gone: start the import again");
        const header = table.columns.map((c) => c.header);
        const body = rows.slice(1, 1 + table.rowCount).map((r) => [...(r ?? [])]);
        book.sheets.set(sheetName, [header, ...body]);
      },
      rows: (token, count, width) =>
        (staged.get(token) ?? [])
          .slice(1, 1 + count)
          .map((r) => Array.from({ length: width }, (_, j) => r?.[j] ?? "")),
      // As the hosts say it: a sheet holding any cell holds data (an import's when it has a record).
      dataIn: (name) => {
        const grid = book.sheets.get(name) ?? [];
        const rows = grid.filter((r) => r.some((c) => c !== "" && c !== null)).length;
        if (rows === 0) return null;
        const width = Math.max(1, ...grid.map((r) => r.length));
        return {
          address: `${name}!A1:${columnLetters(width - 1)}${grid.length}`,
          imported: book.records.has(name),
        };
      },
      sheetNames: () => [...book.sheets.keys()],
      drop: (token) => void staged.delete(token),
    },
    tables: memoryTables(book),
    jobs: memoryJobs(),
    basis: () => basis,
    stamp: () => ({ when: "now", who: "test" }),
    now: () => Date.now(),
    moreTime: () => true,
  };
  return { ports, book, run: (op) => runOpAsync(op) };
}

/** The job operations over memory ports, as a host's page calls them. */
export function memoryJobClient(ports: SidebarPorts): JobClient {
  const service = asyncService(createSidebarService(ports));
  return {
    start: (kind, input) => service.jobStart(kind as JobKindName, input),
    step: (id) => service.jobStep(id, "test"),
    confirm: (id) => service.jobConfirm(id),
    answer: (id, yes) => service.jobAnswer(id, yes),
    cancel: (id) => service.jobCancel(id),
    list: () => service.jobList(),
  };
}

/** A job of `kind` on memory ports as every host runs it: driven to its end, its cost said yes to. */
export function runMemoryJob(ports: SidebarPorts, kind: string, input: unknown): Promise<unknown> {
  return runJob(memoryJobClient(ports), kind, input, {
    confirm: () => Promise.resolve(true),
    sleep: () => Promise.resolve(),
  });
}

/**
 * "New pricing sheet" on memory ports as every host runs it: a job (src/sidebar/jobs) driven
 * to its end, its cost said yes to, its waits skipped.
 */
export function newPricingSheet(
  ports: SidebarPorts,
  ask: PricingSheetAsk,
): Promise<PricingOutcome> {
  return runMemoryJob(ports, "pricingBuild", ask) as Promise<PricingOutcome>;
}

/** A job's ends: it runs no more steps. */
const jobOver = (v: JobView): boolean => ["done", "failed", "cancelled"].includes(v.phase);

/**
 * A job on its own memory workbook, driven step by step, whose checkpoint a test can take and
 * put back (a stop that lost the checkpoint after a step's writes: a closed tab, a cut run).
 */
export function steppedJob(server: TestServer) {
  const { ports, book } = memoryPorts(server);
  const client = memoryJobClient(ports);
  const jobs = ports.jobs as unknown as {
    read(id: string, part: string): string | null;
    write(id: string, part: string, text: string): void;
  };
  const step = async (view: JobView): Promise<JobView> =>
    view.phase === "confirm" ? client.confirm(view.id) : client.step(view.id);
  /** The job's checkpoint now. */
  const checkpoint = (id: string) => ({
    head: jobs.read(id, "head") ?? "",
    body: jobs.read(id, "body") ?? "",
  });
  /** Put `saved` back as the job's checkpoint and go on as a reopened page: to its end or a question. */
  async function resumeFrom(id: string, saved: { head: string; body: string }) {
    jobs.write(id, "head", saved.head);
    jobs.write(id, "body", saved.body);
    const seen: string[] = [];
    let view = (await client.list()).find((v) => v.id === id);
    if (!view) throw new Error(`job ${id} is not listed`);
    for (let i = 0; !jobOver(view) && i < 100; i++) {
      seen.push(view.phase);
      if (view.phase === "asking") break;
      view = await step(view);
    }
    return { view, seen };
  }
  return { ports, book, client, jobs, step, checkpoint, resumeFrom, over: jobOver };
}
