/**
 * The Sheets sidebar's HostBridge over google.script.run. Settings, quota, shops and previews
 * go to the Sheets host's server functions (getSettings, saveApiKey, ...); imports and bulk
 * work go to SIDEBAR_SERVER_FUNCTIONS (src/hosts/sheets/sidebarServer.ts), driven from here
 * page by page so no server call comes near Apps Script's 6-minute limit.
 */
import type { Marketplace } from "../api/types";
import type { Cell, CellInput } from "../functions/cells";
import type { BulkJob } from "../imports/bulk";
import { bulkFunction } from "../imports/bulk";
import type { ImportDefinition } from "../imports/definitions";
import type { ImportState } from "../imports/plan";
import { progressText } from "../imports/plan";
import { ImportCancelled, failedOnPage } from "../imports/runner";
import type { HostBridge, ImportResult, SettingsView, ShopRef, ShopsView } from "./bridge";
import { REJECTED_KEY_MESSAGE, keyFormProblem } from "./keyForm";
import { sheetsQueue } from "./sheetsQueue";

type Plain = string | number | boolean;

/** google.script.run as a promise: `serverCall("getSettings")`. */
export type ServerCall = <T>(name: string, ...args: unknown[]) => Promise<T>;

interface GoogleScriptRun {
  withSuccessHandler(fn: (value: unknown) => void): GoogleScriptRun;
  withFailureHandler(fn: (error: unknown) => void): GoogleScriptRun;
  [name: string]: unknown;
}

/** The real google.script.run, promisified. */
export function googleScriptCall(): ServerCall {
  const google = (globalThis as unknown as { google?: { script?: { run?: GoogleScriptRun } } })
    .google;
  const run = google?.script?.run;
  if (!run) throw new Error("Open this sidebar from Google Sheets (google.script.run is missing)");
  return <T>(name: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const runner = run
        .withSuccessHandler((v) => resolve(v as T))
        .withFailureHandler((e) =>
          reject(
            e instanceof Error ? e : new Error(String((e as { message?: unknown })?.message ?? e)),
          ),
        );
      const fn = runner[name];
      if (typeof fn !== "function") return reject(new Error(`Server function ${name} is missing`));
      (fn as (...a: unknown[]) => void).apply(runner, args);
    });
}

/** Parse the SHOPS function's table (header row first) into picker entries. */
export function shopsFromTable(market: Marketplace, table: Plain[][]): ShopRef[] {
  const header = (table[0] ?? []).map((h) =>
    String(h)
      .toLowerCase()
      .replace(/[^a-z]/g, ""),
  );
  const col = (...names: string[]): number => header.findIndex((h) => names.includes(h));
  const idCol = col("shopid", "sellerid");
  const regionCol = col("region");
  const nameCol = col("shopname", "name");
  if (idCol < 0) return [];
  return table.slice(1).map((r) => ({
    marketplace: market,
    id: String(r[idCol] ?? ""),
    region: regionCol >= 0 ? String(r[regionCol] ?? "") : "",
    name: nameCol >= 0 ? String(r[nameCol] ?? "") : String(r[idCol] ?? ""),
    typed: false,
  }));
}

/** What the Sheets host's getSettings returns (never the key: its first characters only). */
interface ServerSettings {
  readonly baseUrl: string;
  readonly cacheMinutes: number;
  readonly hasKey: boolean;
  readonly keyPrefix: string | null;
  readonly listAnswers: boolean;
  readonly countVat: boolean;
  readonly salesWindowDays: number;
}

/** One marketplace's entry of the Sheets host's listShops. */
type ServerShopList =
  | { readonly marketplace: Marketplace; readonly shops: ShopRef[] }
  | { readonly marketplace: Marketplace; readonly missing: true }
  | { readonly marketplace: Marketplace; readonly error: string };

/**
 * The sidebar's bridge. Nothing is kept in browser storage: the key's prefix comes from the
 * server (the sandboxed sidebar's localStorage may be blocked or wiped anyway).
 */
export function createGoogleScriptBridge(server: ServerCall): HostBridge {
  const view = async (): Promise<SettingsView> => {
    const s = await server<ServerSettings>("getSettings");
    return {
      hasKey: s.hasKey,
      keyPrefix: s.hasKey ? (s.keyPrefix ?? "saved") : null,
      baseUrl: s.baseUrl,
      cacheTtlSec: Math.round(s.cacheMinutes * 60),
      listAnswers: s.listAnswers,
      basis: { countVat: s.countVat, salesWindowDays: s.salesWindowDays },
    };
  };

  const queue = sheetsQueue(server);
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
        await server("saveApiKey", key.trim());
      } catch (e) {
        const text = e instanceof Error ? e.message : String(e);
        if (/rejected|revoked|expired|invalid/i.test(text)) throw new Error(REJECTED_KEY_MESSAGE);
        throw new Error(`The key was not saved: ${text}`);
      }
      return view();
    },
    async forgetApiKey() {
      await server("forgetApiKey");
      return view();
    },
    async saveSettings(change) {
      await server("saveSettings", {
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

    async listShops(): Promise<ShopsView> {
      // One server call: the three lists are fetched in parallel there, each settling alone.
      const [lists, typed] = await Promise.all([
        server<ServerShopList[]>("listShops"),
        server<ShopRef[]>("sidebarTypedShops"),
      ]);
      const failed = lists.find((l) => "error" in l);
      // As in the other hosts: a B/C 404 means "type ids in"; any other failure is shown.
      if (failed && "error" in failed)
        throw new Error(`Shops ${failed.marketplace}: ${failed.error}`);
      return {
        shops: [
          ...lists.flatMap((l) => ("shops" in l ? l.shops : [])),
          ...typed.filter((s) => typeof s?.id === "string"),
        ],
        typedInOnly: lists.filter((l) => "missing" in l).map((l) => l.marketplace),
      };
    },
    async rememberShop(shop) {
      await server("sidebarRememberShop", shop);
      return bridge.listShops();
    },

    async runImport(def, options = {}): Promise<ImportResult> {
      const begun = await server<{ token: string; state: ImportState }>("sidebarImportBegin", def);
      let state = begun.state;
      try {
        while (!state.done) {
          if (options.signal?.aborted) throw new ImportCancelled();
          try {
            state = (
              await server<{ state: ImportState }>("sidebarImportPage", begun.token, def, state)
            ).state;
          } catch (e) {
            throw failedOnPage(e, state.pagesDone + 1);
          }
          options.onProgress?.({
            phase: "fetching",
            pagesDone: state.pagesDone,
            totalPages: state.totalPages,
            rowsSoFar: state.rowsSoFar,
            text: progressText(state),
          });
        }
        if (options.signal?.aborted) throw new ImportCancelled();
        options.onProgress?.({
          phase: "writing",
          pagesDone: state.pagesDone,
          totalPages: state.totalPages,
          rowsSoFar: state.rowsSoFar,
          text: "writing to the sheet",
        });
        return await server<ImportResult>("sidebarImportCommit", begun.token, def, state);
      } catch (e) {
        await server("sidebarImportAbort", begun.token).catch(() => undefined);
        throw e;
      }
    },
    listImports: () => server<ImportDefinition[]>("sidebarListImports"),
    saveImport: (def) => server<ImportDefinition[]>("sidebarSaveImport", def),
    deleteImport: (id) => server<ImportDefinition[]>("sidebarDeleteImport", id),
    getAutoRefresh: () => server("sidebarGetAutoRefresh"),
    setAutoRefresh: (enabled) => server("sidebarSetAutoRefresh", enabled),

    readSelection: () => server("sidebarReadSelection"),
    async runBulk(job: BulkJob, options = {}) {
      const fn = bulkFunction(job);
      const selection = await server<{ address: string; values: Plain[][] }>(
        "sidebarReadSelection",
      );
      const body = job.hasHeader ? selection.values.slice(1) : selection.values;
      // Identical rows are asked once; empty rows not at all.
      const distinct = new Map<string, number[]>();
      body.forEach((row, i) => {
        if (row.every((c) => c === "")) return;
        const key = JSON.stringify(row);
        distinct.set(key, [...(distinct.get(key) ?? []), i]);
      });
      const groups = [...distinct.values()];
      const answers: (Plain[] | undefined)[] = body.map((row) =>
        row.every((c) => c === "") ? [""] : undefined,
      );
      let done = body.length - groups.reduce((n, g) => n + g.length, 0);
      let failed = 0;
      let asked = 0;
      const ROWS_PER_CALL = 10;
      // Cancel stops before the next server call and keeps the answers already in (as Excel).
      for (let g = 0; g < groups.length && !options.signal?.aborted;) {
        const sent = groups.slice(g, g + ROWS_PER_CALL);
        const rows = sent.map((rowsOf) => body[rowsOf[0] ?? 0] ?? []);
        const got = await server<Plain[][]>("sidebarBulkRows", job, rows);
        // A call near Apps Script's six minutes answers only its first rows: resend the rest.
        const part = sent.slice(0, Math.max(1, got.length));
        g += part.length;
        asked += part.length;
        part.forEach((rowsOf, k) => {
          const cells = got[k] ?? [""];
          const isError = typeof cells[0] === "string" && cells[0].startsWith("#ERROR");
          for (const i of rowsOf) answers[i] = cells;
          done += rowsOf.length;
          if (isError) failed += rowsOf.length;
        });
        options.onProgress?.({ done, total: body.length, failed, asked });
      }
      const width = Math.max(1, ...answers.map((r) => r?.length ?? 0));
      const pad = (r: Plain[]): Plain[] => [...r, ...new Array<Plain>(width - r.length).fill("")];
      const values = answers.map((r) => pad(r ?? []));
      const out = job.hasHeader ? [pad([fn.name]), ...values] : values;
      const written = await server<{ address: string }>(
        "sidebarWriteBeside",
        out,
        selection.address,
      );
      return {
        address: written.address,
        rows: out.length,
        failed,
        answered: done,
        asked,
        cancelled: options.signal?.aborted === true,
      };
    },

    insertFormula: (formula) => server("sidebarInsertFormula", formula),
    async previewFunction(name: string, args: CellInput[]) {
      const table = await server<Plain[][]>(
        "runFunctionPreview",
        name,
        args.map((a) => (a instanceof Date ? a.toISOString().slice(0, 10) : a)),
      );
      return table.length === 1 && table[0]?.length === 1
        ? (table[0][0] as Cell)
        : (table as Cell[][]);
    },
    async clearCache() {
      await server("clearCache");
    },
  };
  return bridge;
}
