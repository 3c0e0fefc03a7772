/**
 * The web demo for the seller-data model: the page's own bridge (createAsyncHostBridge with
 * UniverWorkbook, as src/hosts/web/main.ts makes it: records in each sheet's metadata) over
 * Univer's facade: the in-memory slice (test/hosts/web/fakeUniver.ts) for the 10,000 runs, or
 * the real engine in Node (webEngine.test.ts). The seller's hands are the facade's own
 * insertColumnBefore, deleteRow, setName; a sort moves whole cell data between rows.
 */
import type { FUniver } from "@univerjs/presets";
import type { Cell } from "../../../src/functions/cells";
import type { HttpRequest } from "../../../src/core/request";
import type { HttpResponse } from "../../../src/core/response";
import { createAsyncHostBridge } from "../../../src/hosts/shared/asyncBridge";
import { UniverWorkbook } from "../../../src/hosts/web/univer/univerWorkbook";
import { cellData } from "../../../src/hosts/web/univer/cellData";
import { fakeUniver, type FakeUniverBook } from "../../hosts/web/fakeUniver";
import { removeGoneAsked, sortOrder, type ModelHost } from "../host";
import type { ScriptedApi } from "../scriptedApi";
import { MODEL_BASE_URL, MODEL_KEY } from "../sheetsHost";

type Answering = { answer(request: HttpRequest): HttpResponse } | ScriptedApi;

/** The facade calls the seller's hands use (the fake's and the real engine's alike). */
interface SheetLike {
  getRange(row: number, col: number, rows?: number, cols?: number): RangeLike;
  insertColumnBefore(col: number): unknown;
  deleteColumn(col: number): unknown;
  insertRowBefore(row: number): unknown;
  deleteRow(row: number): unknown;
  setName(name: string): unknown;
  getMaxRows(): number;
  getMaxColumns(): number;
  setRowCount(n: number): unknown;
  setColumnCount(n: number): unknown;
  getCustomMetadata(): Record<string, unknown> | undefined | null;
  setCustomMetadata(custom: Record<string, unknown>): unknown;
}
interface RangeLike {
  setValues(values: unknown[][]): unknown;
  getValues(): unknown[][];
  getCellDatas(): unknown[][];
  clear(): unknown;
}
interface BookLike {
  getSheetByName(name: string): SheetLike | null;
}

export type WebModelHost = ModelHost & { readonly workbook: UniverWorkbook };

/** The web demo's sidebar over `engine` (the fake facade unless given), answered by `api`. */
export function webHost(
  api: Answering,
  engine: { getActiveWorkbook(): unknown } = fakeUniver(),
): WebModelHost {
  const workbook = new UniverWorkbook(engine as unknown as FUniver);
  const settings = new Map<string, string>([
    ["mkt.baseUrl", MODEL_BASE_URL],
    ["mkt.apiKey", MODEL_KEY],
  ]);
  const bridge = createAsyncHostBridge({
    host: "web",
    look: "fluent",
    formulaPrefix: "",
    storage: {
      get: async (n) => settings.get(n) ?? null,
      set: async (n, v) => void settings.set(n, v),
      remove: async (n) => void settings.delete(n),
    },
    workbook,
    transport: { fetch: async (request) => api.answer(request) },
    defaultBaseUrl: MODEL_BASE_URL,
    autoRefreshLabel: null,
  });
  const book = (): BookLike => engine.getActiveWorkbook() as BookLike;
  const sheet = (name: string): SheetLike => {
    const found = book().getSheetByName(name);
    if (!found) throw new Error(`harness: no sheet ${name}`);
    return found;
  };
  const grid = async (name: string): Promise<Cell[][] | null> => {
    const rows = await workbook.managed.read(name);
    return rows === null ? null : (rows as Cell[][]);
  };
  const record = (name: string): unknown =>
    book().getSheetByName(name)?.getCustomMetadata()?.mktTable;
  /** Rows of cell data moved: row `top + i` takes what `top + order[i]` held (whole cells). */
  const reorder = (
    s: SheetLike,
    box: { top: number; left: number; rows: number; cols: number },
    order: number[],
  ) => {
    const range = s.getRange(box.top, box.left, box.rows, box.cols);
    const held = range.getCellDatas();
    range.clear();
    range.setValues(order.map((from) => (held[from] ?? []).map((d) => d ?? {})));
  };

  return {
    name: "web",
    workbook,
    grid,
    sheetNames: () => workbook.sheetNames(),
    async fingerprint(name) {
      return JSON.stringify([await grid(name), record(name) ?? null]);
    },

    async type(name, row, col, value) {
      const s = sheet(name);
      if (s.getMaxRows() <= row) s.setRowCount(row + 100);
      // The seller scrolls right and adds columns, as the page's own writes do (tableRoom.ts).
      if (s.getMaxColumns() <= col) s.setColumnCount(col + 5);
      s.getRange(row, col).setValues([[cellData(value)]]);
    },
    insertColumn: async (name, col) => void sheet(name).insertColumnBefore(col),
    deleteColumn: async (name, col) => void sheet(name).deleteColumn(col),
    insertRow: async (name, row) => void sheet(name).insertRowBefore(row),
    deleteRow: async (name, row) => void sheet(name).deleteRow(row),
    async sortRange(name, box, by, ascending) {
      const s = sheet(name);
      const values = (await grid(name)) ?? [];
      const column = Array.from({ length: box.rows }, (_, i) => values[box.top + i]?.[by] ?? "");
      reorder(s, box, sortOrder(column, ascending));
    },
    async copyRow(name, from, to) {
      const s = sheet(name);
      const width = Math.max(1, ...((await grid(name)) ?? []).map((l) => l.length));
      if (s.getMaxRows() <= to) s.setRowCount(to + 100);
      const held = s.getRange(from, 0, 1, width).getCellDatas();
      s.getRange(to, 0, 1, width).setValues(held.map((l) => l.map((d) => d ?? {})));
    },
    renameSheet: async (from, to) => void sheet(from).setName(to),
    async loseRecord(name, how) {
      const s = sheet(name);
      const custom = { ...(s.getCustomMetadata() ?? {}) };
      const text = custom.mktTable;
      if (typeof text !== "string") return;
      if (how === "delete") delete custom.mktTable;
      else custom.mktTable = text.slice(0, -7);
      s.setCustomMetadata(custom);
    },

    async setBasis(basis) {
      settings.set("mkt.countVat", basis.countVat ? "on" : "off");
      settings.set("mkt.salesWindowDays", String(basis.salesWindowDays));
    },
    saveImport: async (def) => void (await bridge.saveImport(def)),
    runImport: (def, confirm) => bridge.runImport(def, { confirm }),
    async refreshSaved(_kind, def) {
      // The web demo has no refresh of its own: "Refresh all" in the sidebar, answered "no".
      try {
        const result = await bridge.runImport(def, { confirm: async () => false });
        const written = result.written !== false && result.sheetName === def.sheetName;
        return { written, notes: [] };
      } catch (e) {
        return { written: false, notes: [e instanceof Error ? e.message : String(e)] };
      }
    },
    resort: async (name) => void (await bridge.team.resortTable(name)),
    removeGone: (name, confirm) => removeGoneAsked(bridge.team, name, confirm),
    snapshot: async (name) => void (await bridge.team.keepSnapshot(name)),
    ...("book" in engine
      ? {
          fork: (next: ScriptedApi) =>
            webHost(next, fakeUniver((engine as { book: FakeUniverBook }).book.copy())),
        }
      : {}),
  };
}
