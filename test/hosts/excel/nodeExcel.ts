/**
 * The Excel glue run in Node against the reference server over plain HTTP: the reference
 * answers the browser run is compared with. Also a CustomFunctions fake for unit tests that
 * keeps Excel's rule that only #VALUE! and #N/A carry a message.
 */
import { CATALOG } from "../../../src/functions";
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";
import { invokeFunction } from "../../../src/hosts/shared/invoke";
import { functionMetadata } from "../../../src/hosts/shared/metadata";
import type { CustomFunctionsGlobal } from "../../../src/hosts/shared/officeGlobals";
import { ExcelSession } from "../../../src/hosts/shared/session";
import { figureOutput } from "../../../src/hosts/shared/excelValues";

export const ERROR_CODES = { invalidValue: "#VALUE!", notAvailable: "#N/A" } as const;

/** An Error with an Excel error code, as CustomFunctions.Error. */
export class FakeExcelError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message !== undefined && (code === "#VALUE!" || code === "#N/A") ? message : "");
  }
}

export const fakeCustomFunctions: CustomFunctionsGlobal & {
  readonly associated: Map<string, unknown>;
} = {
  associated: new Map(),
  associate(id, fn) {
    this.associated.set(id, fn);
  },
  Error: FakeExcelError,
  ErrorCode: ERROR_CODES,
};

type CellOut =
  | string
  | number
  | boolean
  | { error: string; message: string }
  | { type: string; basicValue: unknown; numberFormat?: string };
export type CallOutcome =
  { ok: true; value: CellOut | CellOut[][] } | { ok: false; error: string; message: string };

function plain(v: unknown): CellOut {
  if (v instanceof FakeExcelError) return { error: v.code, message: v.message };
  return v as CellOut;
}

/** In-memory storage with OfficeRuntime.storage's methods. */
export function memoryOfficeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: async (k: string) => items.get(k) ?? null,
    setItem: async (k: string, v: string) => void items.set(k, v),
    removeItem: async (k: string) => void items.delete(k),
    getItems: async (ks: string[]) => Object.fromEntries(ks.map((k) => [k, items.get(k) ?? null])),
    setItems: async (e: Record<string, string>) => {
      for (const [k, v] of Object.entries(e)) items.set(k, v);
    },
    removeItems: async (ks: string[]) => {
      for (const k of ks) items.delete(k);
    },
    getKeys: async () => [...items.keys()],
  };
}

/** A session in Node talking straight to `baseUrl` with `apiKey`. */
export function nodeSession(baseUrl: string, apiKey: string): ExcelSession {
  return new ExcelSession({
    storage: memoryOfficeStorage({ "mkt.apiKey": apiKey, "mkt.baseUrl": baseUrl }),
    defaultBaseUrl: baseUrl,
    transport: fetchTransport(),
  });
}

/** Call a catalog function the way Excel does (matrix args wrapped, omitted ones null, invocation last). */
export async function callInNode(
  session: ExcelSession,
  name: string,
  args: readonly unknown[],
  address = "Sheet1!A1",
): Promise<CallOutcome> {
  const fn = CATALOG.find((f) => f.name === name);
  if (!fn) throw new Error(`no catalog function ${name}`);
  const meta = functionMetadata(fn);
  const passed: unknown[] = meta.parameters.map((p, i) => {
    const a = args[i];
    if (a === undefined) return null;
    return p.dimensionality === "matrix" && !Array.isArray(a) ? [[a]] : a;
  });
  passed.push({ functionName: name, address });
  try {
    const value = await invokeFunction(fn, passed, {
      session,
      customFunctions: fakeCustomFunctions,
      figures: figureOutput, // as the runtime asks: Office.context.requirements
    });
    return {
      ok: true,
      value: Array.isArray(value) ? value.map((r) => r.map(plain)) : plain(value),
    };
  } catch (e) {
    if (e instanceof FakeExcelError) return { ok: false, error: e.code, message: e.message };
    return { ok: false, error: "#VALUE!", message: "" };
  }
}
