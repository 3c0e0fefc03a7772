/**
 * Browser-side fake of the Excel shared runtime for tests, loaded before functions.js. It keeps
 * the host's real rules: CustomFunctions.associate registry; CustomFunctions.Error whose
 * message survives only for #VALUE! and #N/A; omitted optional arguments passed as null;
 * a single value given to a "matrix" parameter wrapped as [[x]]; an invocation object
 * appended as the last argument; results checked against functions.json (a matrix must be a
 * rectangular non-empty 2-D array); OfficeRuntime.storage backed by localStorage with its
 * 10 MB quota; Office.context.document.settings recorded so tests can prove the key never
 * lands in the workbook; Excel.run with the workbook settings the task pane uses; and
 * Office.addin.setStartupBehavior (SharedRuntime 1.1) recorded; Office.actions for ribbon
 * commands; formula cells whose recalculation cancels and restarts invocations in no
 * guaranteed order (workbookShim.ts); and every fetch the page makes, logged.
 */
import { FakeWorkbook, type Declared, type ShimInvocation } from "./workbookShim";
import { SheetTables } from "./chartShim";
import { loadGatedSetting } from "./settingShim";

type ErrorCodeValue = "#VALUE!" | "#N/A" | "#DIV/0!" | "#NUM!" | "#NULL!" | "#NAME?" | "#REF!";

const ErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

const MESSAGE_CODES = new Set<string>(["#VALUE!", "#N/A"]);

class CustomFunctionsError extends Error {
  readonly code: ErrorCodeValue;
  constructor(code: ErrorCodeValue, message?: string) {
    super(message !== undefined && MESSAGE_CODES.has(code) ? message : "");
    if (!Object.values(ErrorCode).includes(code))
      throw new TypeError(`Unknown CustomFunctions.ErrorCode ${String(code)}`);
    this.code = code;
    this.name = "CustomFunctions.Error";
  }
}

type Fn = (...args: unknown[]) => unknown;
const registry = new Map<string, Fn>();

const w = window as unknown as Record<string, unknown>;
w.CustomFunctions = {
  associate(idOrMap: string | Record<string, Fn>, fn?: Fn): void {
    if (typeof idOrMap === "string") {
      if (typeof fn !== "function") throw new TypeError("associate needs a function");
      registry.set(idOrMap.toUpperCase(), fn);
    } else {
      for (const [id, f] of Object.entries(idOrMap)) registry.set(id.toUpperCase(), f);
    }
  },
  Error: CustomFunctionsError,
  ErrorCode,
};

// ------------------------------------------------------------ OfficeRuntime.storage

const QUOTA_BYTES = 10 * 1024 * 1024;
const PREFIX = "officeRuntimeStorage:";

function usedBytes(except?: string): number {
  let total = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(PREFIX) || k === except) continue;
    total += (k.length - PREFIX.length + (localStorage.getItem(k)?.length ?? 0)) * 2;
  }
  return total;
}

const storage = {
  async getItem(key: string): Promise<string | null> {
    return localStorage.getItem(PREFIX + key);
  },
  async setItem(key: string, value: string): Promise<void> {
    await storage.setItems({ [key]: value });
  },
  async removeItem(key: string): Promise<void> {
    localStorage.removeItem(PREFIX + key);
  },
  async getItems(keys: string[]): Promise<Record<string, string | null>> {
    const out: Record<string, string | null> = {};
    for (const k of keys) out[k] = localStorage.getItem(PREFIX + k);
    return out;
  },
  async setItems(entries: Record<string, string>): Promise<void> {
    let total = usedBytes();
    for (const [k, v] of Object.entries(entries)) {
      if (typeof v !== "string") throw new TypeError("OfficeRuntime.storage stores strings only");
      total +=
        (k.length + v.length) * 2 - (localStorage.getItem(PREFIX + k)?.length ?? -k.length) * 2;
    }
    if (total > QUOTA_BYTES) throw new Error("OfficeRuntime.storage quota (10 MB) exceeded");
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(PREFIX + k, v);
  },
  async removeItems(keys: string[]): Promise<void> {
    for (const k of keys) localStorage.removeItem(PREFIX + k);
  },
  async getKeys(): Promise<string[]> {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k.slice(PREFIX.length));
    }
    return keys;
  },
};
w.OfficeRuntime = { storage };

// ------------------------------------------------------------ Office (document settings spy)

const settingsCalls: Array<{ method: string; args: unknown[] }> = [];
const recorded =
  (method: string, result?: (...args: unknown[]) => unknown) =>
  (...args: unknown[]): unknown => {
    settingsCalls.push({ method, args });
    return result?.(...args);
  };
/** Office.addin.setStartupBehavior calls (SharedRuntime 1.1), in order. */
const startupCalls: string[] = [];
let startupBehavior = "None";

/** Ribbon command handlers (Office.actions.associate), by action id. */
const actions = new Map<string, (event: { completed(): void }) => void>();

w.Office = {
  actions: {
    associate(id: string, handler: (event: { completed(): void }) => void): void {
      actions.set(id, handler);
    },
  },
  onReady(cb?: (info: { host: string; platform: string }) => void) {
    const info = { host: "Excel", platform: "OfficeOnline" };
    cb?.(info);
    return Promise.resolve(info);
  },
  StartupBehavior: { none: "None", load: "Load" },
  addin: {
    async setStartupBehavior(behavior: string): Promise<void> {
      if (behavior !== "None" && behavior !== "Load")
        throw new TypeError(`Unknown Office.StartupBehavior ${String(behavior)}`);
      startupCalls.push(behavior);
      startupBehavior = behavior;
    },
    async getStartupBehavior(): Promise<string> {
      return startupBehavior;
    },
  },
  context: {
    requirements: {
      isSetSupported: (name: string, version?: string): boolean =>
        (name === "SharedRuntime" && (version === undefined || Number(version) <= 1.1)) ||
        (name === "ExcelApi" && workbook.excelApiSupports(version ?? "1.1")),
    },
    document: {
      settings: {
        get: recorded("get", () => null),
        set: recorded("set"),
        remove: recorded("remove"),
        saveAsync: recorded("saveAsync", (...args) => {
          const cb = args.find((a) => typeof a === "function") as
            ((r: unknown) => void) | undefined;
          cb?.({ status: "succeeded" });
        }),
      },
    },
  },
};

// ------------------------------------------------------------ Excel.run (the task pane's slice)

/**
 * Workbook settings as Excel.run shows them (workbook.settings): saved in the file, so a test
 * can prove the key never lands there. Applied at once; the pane only reads and adds.
 */
const workbookSettings = new Map<string, string>();
const tables = new SheetTables();
w.Excel = {
  async run<T>(batch: (context: unknown) => Promise<T>): Promise<T> {
    const queued: Array<() => void> = [];
    const queue = (op: () => void): void => void queued.push(op);
    const formulas = workbook.context(queued);
    const sheets = tables.context(queued, () => workbook.selection);
    const context = {
      workbook: {
        ...formulas,
        // The selection's values and sheets with charts (chartShim.ts) beside the formula cells.
        getSelectedRange: () =>
          Object.assign(sheets.selected(), { calculate: formulas.getSelectedRange().calculate }),
        worksheets: { ...formulas.worksheets, getItemOrNullObject: sheets.sheet },
        // isNullObject after a sync, value after load + sync, add at the sync (FAKES.md E-R7).
        settings: {
          getItemOrNullObject: (name: string) => loadGatedSetting(workbookSettings, name, queue),
          add: (name: string, value: unknown) => {
            if (typeof value !== "string") throw new TypeError("settings hold JSON text here");
            queue(() => void workbookSettings.set(name, value));
          },
        },
      },
      sync: async (): Promise<void> => {
        for (const op of queued.splice(0)) op();
      },
    };
    return batch(context);
  },
};

// ------------------------------------------------------------ the "Excel" side

interface ParamMeta {
  readonly name: string;
  readonly dimensionality?: "scalar" | "matrix";
  readonly optional?: boolean;
}
interface FunctionMeta {
  readonly id: string;
  readonly options?: Declared;
  readonly parameters: readonly ParamMeta[];
  readonly result?: { readonly dimensionality?: "scalar" | "matrix" };
}

/** A cell value as the test sees it (errors made plain). */
type CellOut = string | number | boolean | { error: string; message: string };
export type CallOutcome =
  { ok: true; value: CellOut | CellOut[][] } | { ok: false; error: string; message: string };

let metadata: Map<string, FunctionMeta> | null = null;

function plainCell(v: unknown, where: string): CellOut {
  if (v instanceof CustomFunctionsError) return { error: v.code, message: v.message };
  if (typeof v === "string") {
    if (v.length > 32767) throw new Error(`${where}: text longer than Excel's 32,767 characters`);
    return v;
  }
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`${where}: ${v} is not a number Excel can show`);
    return v;
  }
  if (typeof v === "boolean") return v;
  throw new Error(`${where}: ${v === null ? "null" : typeof v} is not a cell value`);
}

function checkResult(meta: FunctionMeta, value: unknown): CellOut | CellOut[][] {
  if ((meta.result?.dimensionality ?? "scalar") === "scalar") {
    if (Array.isArray(value))
      throw new Error(`${meta.id} is declared scalar but returned an array`);
    return plainCell(value, meta.id);
  }
  if (!Array.isArray(value) || value.length === 0 || !value.every((r) => Array.isArray(r))) {
    throw new Error(`${meta.id} is declared matrix but did not return a non-empty 2-D array`);
  }
  const rows = value as unknown[][];
  const width = rows[0]?.length ?? 0;
  if (width === 0 || rows.some((r) => r.length !== width))
    throw new Error(`${meta.id} returned a ragged or empty matrix`);
  return rows.map((r, i) => r.map((c, j) => plainCell(c, `${meta.id}[${i}][${j}]`)));
}

/** Call a function as Excel would for one cell; `args` as the user typed them (omitted = undefined). */
async function callFunction(
  id: string,
  args: unknown[],
  address = "Sheet1!A1",
  invocation: ShimInvocation = {
    functionName: id,
    ...(metadata?.get(id.toUpperCase())?.options?.requiresAddress ? { address } : {}),
  },
): Promise<CallOutcome> {
  if (!metadata) throw new Error("loadMetadata() first");
  const meta = metadata.get(id.toUpperCase());
  const fn = registry.get(id.toUpperCase());
  if (!meta) return { ok: false, error: "#NAME?", message: "" };
  if (!fn) return { ok: false, error: "#N/A", message: "function not associated" };
  if (args.length > meta.parameters.length)
    return { ok: false, error: "#VALUE!", message: "too many arguments" };
  const passed = meta.parameters.map((p, i) => {
    const a = args[i];
    if (a === undefined) {
      if (!p.optional)
        throw new Error(`${id}: required ${p.name} missing (Excel refuses the formula)`);
      return null;
    }
    if (p.dimensionality === "matrix") return Array.isArray(a) ? a : [[a]];
    if (Array.isArray(a)) return null; // Excel would implicitly intersect; tests never do this
    return a;
  });
  passed.push(invocation);
  try {
    const value = await fn(...passed);
    return { ok: true, value: checkResult(meta, value) };
  } catch (e) {
    if (e instanceof CustomFunctionsError) return { ok: false, error: e.code, message: e.message };
    // Excel shows any other exception as #VALUE! without a message.
    return { ok: false, error: "#VALUE!", message: "" };
  }
}

const workbook = new FakeWorkbook(
  (id, args, invocation) => callFunction(id, args, invocation.address, invocation),
  (id) => metadata?.get(id.toUpperCase())?.options ?? {},
);

/** Every request the page sends (the add-in's fetch), with the page's time. */
const fetchLog: Array<{
  at: number;
  url: string;
  method: string;
  status?: number;
  doneAt?: number;
}> = [];
const pageFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const entry: (typeof fetchLog)[number] = { at: Date.now(), url, method: init?.method ?? "GET" };
  fetchLog.push(entry);
  return pageFetch(input, init).then((res) => {
    entry.status = res.status;
    entry.doneAt = Date.now();
    return res;
  });
};

w.excelShim = {
  enterFormulas: (f: Array<{ address: string; id: string; args: unknown[] }>) => workbook.enter(f),
  clearFormulas: () => workbook.clear(),
  recalculate: (addresses?: string[]) => workbook.recalculate(addresses),
  insertRows: (sheet: string, row: number, count: number) => workbook.insertRows(sheet, row, count),
  reload: () => workbook.reload(),
  cells: () => workbook.view(),
  idle: (timeoutMs = 60_000) => workbook.idle(timeoutMs),
  /** false: recalculation lets running invocations go on (FAKES.md E-R2's other way). */
  setCancelsOnRecalc: (on: boolean) => {
    workbook.cancelsOnRecalc = on;
  },
  /** true: Range/RangeAreas.calculate() skip clean custom-function cells (FAKES.md E-R4). */
  setCalculateSkipsClean: (on: boolean) => {
    workbook.calculateSkipsClean = on;
  },
  /** Formulas the add-in wrote again (E-R4's fallback). */
  rewrites: () => workbook.rewrites,
  /** The ExcelApi version this Excel has (default 1.14); methods of later ones throw. */
  setExcelApi: (version: string) => {
    workbook.excelApi = version;
  },
  select: (address: string) => {
    workbook.selection = address;
  },
  activate: (sheet: string) => {
    workbook.activeSheet = sheet;
  },
  /** Press a ribbon button; resolves when its handler calls event.completed(). */
  runAction: (id: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const handler = actions.get(id);
      if (!handler) return reject(new Error(`no ribbon action ${id}`));
      handler({ completed: () => resolve() });
    }),
  actionIds: () => [...actions.keys()],
  fetchLog: () => fetchLog.filter((f) => !f.url.endsWith(".json")),
  resetFetchLog: () => {
    fetchLog.length = 0;
  },
  async loadMetadata(url = "functions.json"): Promise<number> {
    const res = await fetch(url);
    const doc = (await res.json()) as { functions: FunctionMeta[] };
    metadata = new Map(doc.functions.map((f) => [f.id.toUpperCase(), f]));
    return metadata.size;
  },
  associatedIds: (): string[] => [...registry.keys()],
  callFunction,
  /** Many cells in the same tick (one recalculation); resolves when every cell settled. */
  callMany: (calls: Array<{ id: string; args: unknown[] }>): Promise<CallOutcome[]> =>
    Promise.all(calls.map((c, i) => callFunction(c.id, c.args, `Sheet1!A${i + 1}`))),
  settingsCalls: () => settingsCalls,
  workbookSettings: (): Record<string, string> => Object.fromEntries(workbookSettings),
  startupCalls: (): string[] => [...startupCalls],
  /** Type plain values in from a cell ("Sheet1!B3"), as the seller would. */
  putValues: (at: string, rows: unknown[][]) => tables.put(at, rows),
  charts: () => tables.charts,
  setStorage: (items: Record<string, string>) => storage.setItems(items),
  storageKeys: () => storage.getKeys(),
  getStorage: (key: string) => storage.getItem(key),
};
