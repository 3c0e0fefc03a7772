/**
 * The HostBridge of the async hosts (Excel task pane, web demo), host-free: settings live
 * in a per-user store the host supplies (OfficeRuntime.storage, localStorage), sheet work
 * goes through a WorkbookSurface, and API calls run on the core's async driver with the
 * limiter (60/min) and a response cache. Imports never use the cache (they must be fresh,
 * and a stale answer must not stand in for a failed page).
 */
import type { AsyncEnv, AsyncTransport } from "../core/asyncDriver";
import { runAsync } from "../core/asyncDriver";
import { normaliseBaseUrl } from "../core/baseUrl";
import { ResponseCache } from "../core/cache";
import type { AsyncClock } from "../core/clock";
import { realAsyncClock } from "../core/clock";
import type { DriverStats } from "../core/driverEnv";
import { createDriverStats } from "../core/driverEnv";
import type { Program } from "../core/effects";
import { call } from "../core/effects";
import { isApiError } from "../core/errors";
import { createScheduling, type Scheduling } from "../core/schedule/registry";
import { type HostRefresher, queueViewOf } from "./queueView";
import {
  type AsyncSettings,
  SETTING,
  type SettingsStorage,
  readAsyncSettings,
} from "./asyncSettings";
import { shopRefs } from "./shopRefs";

export { SETTING, shopRefs, type SettingsStorage };
import { MemoryStore } from "../core/store";
import type { Cell, CellInput, CellResult } from "../functions/cells";
import { errorsAsText } from "../functions/cells";
import { isMissingShopList } from "../functions/shops";
import { functionByName } from "../functions/index";
import { checkBasis } from "../functions/basis";
import { runBulk } from "../imports/bulk";
import type { ImportDefinition } from "../imports/definitions";
import { runImport } from "../imports/runner";
import type { ImportTable } from "../imports/table";
import type {
  AutoRefreshView,
  HostBridge,
  HostLook,
  ImportResult,
  QuotaView,
  SelectionView,
  SettingsView,
  ShopRef,
  ShopsView,
} from "./bridge";
import { REJECTED_KEY_MESSAGE, keyFormProblem, keyPrefixOf } from "./keyForm";
import { addSavedImport, parseSavedImports, removeSavedImport } from "./savedImports";

/** The sheet side of an async host. */
export interface WorkbookSurface {
  /** Replace a sheet's data with a finished table (header, formats, frozen header, note). */
  writeTable(sheetName: string, table: ImportTable): Promise<void>;
  readSelection(): Promise<SelectionView>;
  /** Write values to the right of the selection; returns the address written. */
  writeBesideSelection(selection: SelectionView, values: Cell[][]): Promise<{ address: string }>;
  insertFormula(formula: string): Promise<{ address: string }>;
  /** Per-document values without secrets (saved import definitions, refresh option). */
  getDocumentValue(name: string): Promise<string | null>;
  setDocumentValue(name: string, value: string): Promise<void>;
}

/** Document value names (no secrets). */
export const DOCUMENT_VALUE = {
  imports: "mkt.imports",
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
  /** Per request timeout for the pane's own calls; default 20 s. */
  readonly requestTimeoutMs?: number;
  /**
   * The host's scheduling when something else spends the same key (Excel's cells): one queue
   * and one 60 a minute for both, not 60 each, so the API never answers 429 to either.
   */
  readonly scheduling?: Scheduling;
  /** Refresh scopes and the live-calls switch of a host with formula cells. */
  readonly refresher?: HostRefresher;
}

/** Build the bridge of an async host. */
export function createAsyncHostBridge(o: AsyncHostOptions): HostBridge & {
  readonly stats: DriverStats;
} {
  const clock = o.clock ?? realAsyncClock();
  const stats = createDriverStats();
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
      requestTimeoutMs: o.requestTimeoutMs ?? 20_000,
    };
    envs = { id, cached: { ...common, cache }, fresh: common };
    return envs;
  }

  /** How long the key's queue waits for quota now (0 when nothing waits). */
  function queueWait(env: AsyncEnv): number {
    const status = scheduling.schedulers.status(env.apiKey ?? "", env.baseUrl);
    if (!status || status.queuedCalls === 0 || !status.quota) return 0;
    const now = clock.now();
    return Math.max(0, status.quota.nextSlotAt - now, (status.quota.pausedUntil ?? 0) - now);
  }

  async function currentEnvs(): Promise<NonNullable<typeof envs>> {
    const s = await settings();
    return envFor(s.apiKey, s.baseUrl, s.ttl, s.listAnswers);
  }

  async function view(): Promise<SettingsView> {
    const s = await settings();
    return {
      hasKey: s.apiKey !== null,
      keyPrefix: s.apiKey ? keyPrefixOf(s.apiKey) : null,
      baseUrl: s.baseUrl,
      cacheTtlSec: s.ttl,
      listAnswers: s.listAnswers,
      basis: s.basis,
    };
  }

  async function typedShops(): Promise<ShopRef[]> {
    const raw = await o.storage.get(SETTING.typedShops);
    try {
      const list: unknown = JSON.parse(raw ?? "[]");
      return Array.isArray(list) ? (list as ShopRef[]) : [];
    } catch {
      return [];
    }
  }

  async function savedImports(): Promise<ImportDefinition[]> {
    return parseSavedImports(await o.workbook.getDocumentValue(DOCUMENT_VALUE.imports));
  }

  const bridge: HostBridge & { readonly stats: DriverStats } = {
    host: o.host,
    look: o.look,
    formulaPrefix: o.formulaPrefix,
    sharedFileCaveat: false,
    stats,

    getSettings: view,

    async saveApiKey(key) {
      const problem = keyFormProblem(key);
      if (problem) throw new Error(problem);
      const s = await settings();
      const trial = envFor(key.trim(), s.baseUrl, s.ttl).fresh;
      try {
        await runAsync(call("SHOPS_A", {}), trial);
      } catch (e) {
        if (isApiError(e) && e.code === "AUTH") throw new Error(REJECTED_KEY_MESSAGE);
        const why = e instanceof Error ? e.message : String(e);
        throw new Error(`The key was not saved: we could not check it (${why})`);
      }
      await o.storage.set(SETTING.apiKey, key.trim());
      o.onSettingsChanged?.();
      return view();
    },

    async forgetApiKey() {
      await o.storage.remove(SETTING.apiKey);
      o.onSettingsChanged?.();
      return view();
    },

    async saveSettings(change) {
      if (change.baseUrl !== undefined) {
        await o.storage.set(SETTING.baseUrl, normaliseBaseUrl(change.baseUrl));
      }
      if (change.cacheTtlSec !== undefined) {
        const ttl = Math.round(change.cacheTtlSec);
        if (!(ttl >= 10 && ttl <= 6 * 3600)) throw new Error("Cache time must be 10 s to 6 h");
        await o.storage.set(SETTING.cacheTtlSec, String(ttl));
      }
      if (change.listAnswers !== undefined) {
        await o.storage.set(SETTING.listAnswers, change.listAnswers ? "on" : "off");
      }
      if (change.basis !== undefined) {
        const basis = checkBasis((await settings()).basis, change.basis);
        await o.storage.set(SETTING.countVat, basis.countVat ? "on" : "off");
        await o.storage.set(SETTING.salesWindowDays, String(basis.salesWindowDays));
      }
      o.onSettingsChanged?.();
      return view();
    },

    async getQuota(): Promise<QuotaView> {
      const s = await settings();
      const used = s.apiKey ? quota.status(s.apiKey).used : 0;
      const lookups = stats.cacheHits + stats.cacheMisses;
      return {
        requestsLastMinute: Math.min(quota.limit, used),
        limitPerMinute: quota.limit,
        cacheHitRate: lookups === 0 ? null : stats.cacheHits / lookups,
        queue: queueViewOf(
          o.refresher?.status
            ? await o.refresher.status()
            : scheduling.schedulers.status(s.apiKey ?? "", s.baseUrl),
          clock.now(),
          (await o.refresher?.liveCalls()) ?? true,
        ),
      };
    },

    refreshScopes: o.refresher?.scopes ?? [],
    async refresh(scope) {
      if (!o.refresher) throw new Error("This page has no formula cells to refresh");
      return { cells: await o.refresher.refresh(scope) };
    },
    async setLiveCalls(on) {
      if (!o.refresher) throw new Error("This page has no formula cells to pause");
      await o.refresher.setLiveCalls(on);
      return bridge.getQuota();
    },

    async listShops(): Promise<ShopsView> {
      const env = (await currentEnvs()).cached;
      const lists = await Promise.all(
        (["A", "B", "C"] as const).map(async (m) => {
          try {
            const data = await runAsync(call<unknown>(`SHOPS_${m}`, {}), env);
            return { m, shops: shopRefs(m, data), missing: false };
          } catch (e) {
            // B and C lists are reference-server extensions: elsewhere "type the id in".
            if (isApiError(e) && isMissingShopList(m, e)) {
              return { m, shops: [], missing: true };
            }
            throw e;
          }
        }),
      );
      const typed = await typedShops();
      return {
        shops: [...lists.flatMap((l) => l.shops), ...typed],
        typedInOnly: lists.filter((l) => l.missing).map((l) => l.m),
      };
    },

    async rememberShop(shop) {
      const id = shop.id.trim();
      const region = shop.region.trim().toUpperCase();
      if (!/^\d+$/.test(id)) throw new Error("A shop or seller id is a whole number");
      if (!/^[A-Z]{2}$/.test(region)) throw new Error("A region is two letters such as SG");
      const typed = (await typedShops()).filter(
        (s) => !(s.marketplace === shop.marketplace && s.id === id),
      );
      typed.push({
        marketplace: shop.marketplace,
        id,
        region,
        name: `${shop.marketplace} ${id} (typed in)`,
        typed: true,
      });
      await o.storage.set(SETTING.typedShops, JSON.stringify(typed));
      return bridge.listShops();
    },

    async runImport(def, options = {}): Promise<ImportResult> {
      const fresh = (await currentEnvs()).fresh;
      const { basis } = await settings();
      const signal = options.signal;
      // Cancel withdraws the page waiting in the queue and stops waiting for the one in flight.
      const table = await runImport(def, {
        fetchData: (c) =>
          runAsync(
            call(c.endpoint, c.params),
            fresh,
            signal ? { signal, abortInFlight: true } : {},
          ),
        writeTable: (sheet, t) => o.workbook.writeTable(sheet, t),
        basis,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return {
        sheetName: def.sheetName,
        rows: table.rows.length,
        dataFreshAt: table.dataFreshAt,
        importedAt: table.importedAt,
      };
    },

    listImports: savedImports,

    async saveImport(def) {
      const list = addSavedImport(await savedImports(), def);
      await o.workbook.setDocumentValue(DOCUMENT_VALUE.imports, JSON.stringify(list));
      return list;
    },

    async deleteImport(id) {
      const list = removeSavedImport(await savedImports(), id);
      await o.workbook.setDocumentValue(DOCUMENT_VALUE.imports, JSON.stringify(list));
      return list;
    },

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

    async runBulk(job, options = {}) {
      const selection = await o.workbook.readSelection();
      const env = (await currentEnvs()).cached;
      const { basis } = await settings();
      // The rows queue on the key's scheduler with the cells; cancel withdraws what is queued.
      const signal = options.signal;
      const outcome = await runBulk(job, selection.values, {
        run: (program: Program<CellResult>) => runAsync(program, env, signal ? { signal } : {}),
        basis,
        clock,
        waitMs: () => queueWait(env),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const written = await o.workbook.writeBesideSelection(selection, outcome.values);
      return {
        address: written.address,
        rows: outcome.values.length,
        failed: outcome.failed,
        answered: outcome.answered,
        asked: outcome.asked,
        cancelled: outcome.cancelled,
      };
    },

    insertFormula: (formula) => o.workbook.insertFormula(formula),

    async previewFunction(name: string, args: CellInput[]) {
      const fn = functionByName(name);
      if (!fn) throw new Error(`Unknown function ${name}`);
      const { basis } = await settings();
      return errorsAsText(await runAsync(fn.program(args, basis), (await currentEnvs()).cached));
    },

    async clearCache() {
      cache = null;
      envs = null;
      await o.onClearCache?.();
    },
  };
  return bridge;
}
