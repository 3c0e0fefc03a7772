/**
 * UrlFetchApp, CacheService, PropertiesService, LockService, Utilities, Session and ScriptApp
 * inside an execution worker. Each call blocks on the coordinator, which serves it on the
 * simulated clock against the shared state (real limits, real lock, real HTTP).
 */
import { randomUUID } from "node:crypto";
import { fakeComputeDigest, fakeFormatDate, UTILITIES_ENUMS } from "../fakes";
import type { HttpAnswer, HttpRequestSpec, RunMessage } from "./protocol";
import { unmodelled, type Host } from "./gasHost";

interface FetchParams {
  method?: string;
  headers?: Record<string, string>;
  payload?: unknown;
  contentType?: string;
  muteHttpExceptions?: boolean;
}

function toSpec(url: string, p: FetchParams = {}): HttpRequestSpec {
  const headers: Record<string, string> = { ...(p.headers ?? {}) };
  if (p.payload !== undefined && typeof p.payload !== "string")
    throw new Error("sim: only string payloads are modelled");
  if (p.payload !== undefined)
    headers["content-type"] = p.contentType ?? "application/x-www-form-urlencoded";
  return {
    url,
    method: (p.method ?? "get").toUpperCase(),
    headers,
    ...(p.payload !== undefined ? { body: p.payload } : {}),
    muteHttpExceptions: p.muteHttpExceptions === true,
  };
}

function response(a: HttpAnswer, spec: HttpRequestSpec): Record<string, unknown> {
  // UrlFetchApp throws on connection failures even with muteHttpExceptions.
  if ("error" in a) throw new Error(`Address unavailable: ${spec.url}`);
  if (!spec.muteHttpExceptions && a.status >= 400)
    throw new Error(
      `Request failed for ${spec.url} returned code ${a.status}. Truncated server response: ${a.body.slice(0, 100)}`,
    );
  return unmodelled("HTTPResponse", {
    getResponseCode: () => a.status,
    getContentText: () => a.body,
    getAllHeaders: () => ({ ...a.headers }),
    getHeaders: () => ({ ...a.headers }),
  });
}

function urlFetchApp(host: Host): Record<string, unknown> {
  const fetchAll = (requests: Array<FetchParams & { url: string }>): unknown[] => {
    const specs = requests.map((r) => toSpec(r.url, r));
    const answers = host("UrlFetchApp.fetchAll", specs) as HttpAnswer[];
    return answers.map((a, i) => response(a, specs[i] as HttpRequestSpec));
  };
  return unmodelled("UrlFetchApp", {
    fetch: (url: string, params?: FetchParams) => fetchAll([{ ...(params ?? {}), url }])[0],
    fetchAll,
  });
}

function cache(host: Host, scope: string): Record<string, unknown> {
  return unmodelled("Cache", {
    get: (key: string) => host("Cache.get", scope, key),
    getAll: (keys: string[]) => host("Cache.getAll", scope, keys),
    put: (key: string, value: string, ttl?: number) =>
      void host("Cache.put", scope, key, value, ttl),
    putAll: (values: Record<string, string>, ttl?: number) =>
      void host("Cache.putAll", scope, values, ttl),
    remove: (key: string) => void host("Cache.remove", scope, key),
    removeAll: (keys: string[]) => void host("Cache.removeAll", scope, keys),
  });
}

function properties(host: Host, scope: string): Record<string, unknown> {
  const self: Record<string, unknown> = {
    getProperty: (key: string) => host("Properties.getProperty", scope, key),
    setProperty: (key: string, value: string) => (
      host("Properties.setProperty", scope, key, String(value)),
      self
    ),
    deleteProperty: (key: string) => (host("Properties.deleteProperty", scope, key), self),
    getProperties: () => host("Properties.getProperties", scope),
    setProperties: (values: Record<string, string>, deleteAllOthers?: boolean) => (
      host("Properties.setProperties", scope, values, deleteAllOthers === true),
      self
    ),
    deleteAllProperties: () => (host("Properties.deleteAllProperties", scope), self),
    getKeys: () => host("Properties.getKeys", scope),
  };
  return unmodelled("Properties", self);
}

function lock(host: Host, scope: string): Record<string, unknown> {
  return unmodelled("Lock", {
    tryLock: (ms: number) => host("Lock.tryLock", scope, ms),
    waitLock: (ms: number) => {
      if (!host("Lock.tryLock", scope, ms))
        throw new Error("Lock timeout: another process was holding the lock for too long.");
    },
    releaseLock: () => void host("Lock.releaseLock", scope),
    hasLock: () => host("Lock.hasLock", scope),
  });
}

interface TriggerInfo {
  readonly uid: string;
  readonly fn: string;
  readonly type: string;
  readonly doc: string | null;
}

function trigger(t: TriggerInfo): Record<string, unknown> {
  return unmodelled("Trigger", {
    getUniqueId: () => t.uid,
    getHandlerFunction: () => t.fn,
    getEventType: () => t.type,
    getTriggerSource: () => (t.type === "CLOCK" ? "CLOCK" : "SPREADSHEETS"),
    getTriggerSourceId: () => t.doc,
  });
}

function scriptApp(host: Host): Record<string, unknown> {
  const create = (spec: Record<string, unknown>) => () =>
    trigger(host("ScriptApp.createTrigger", spec) as TriggerInfo);
  const newTrigger = (fn: string) =>
    unmodelled("TriggerBuilder", {
      forSpreadsheet: (ss: unknown) => {
        const doc = typeof ss === "string" ? ss : (ss as { getId(): string }).getId();
        const on = (type: string) => () =>
          unmodelled("SpreadsheetTriggerBuilder", { create: create({ fn, type, doc }) });
        return unmodelled("SpreadsheetTriggerBuilder", {
          onEdit: on("ON_EDIT"),
          onChange: on("ON_CHANGE"),
          onOpen: on("ON_OPEN"),
        });
      },
      timeBased: () => {
        const spec: Record<string, unknown> = { fn, type: "CLOCK" };
        const b: Record<string, unknown> = {};
        const set = (k: string) => (v: unknown) => ((spec[k] = v), b);
        Object.assign(b, {
          after: set("afterMs"),
          everyMinutes: set("everyMinutes"),
          everyHours: set("everyHours"),
          everyDays: set("everyDays"),
          atHour: set("atHour"),
          nearMinute: set("nearMinute"),
          inTimezone: set("timeZone"),
          create: create(spec),
        });
        return unmodelled("ClockTriggerBuilder", b);
      },
    });
  return unmodelled("ScriptApp", {
    newTrigger,
    getProjectTriggers: () => (host("ScriptApp.getProjectTriggers") as TriggerInfo[]).map(trigger),
    getUserTriggers: (ss: { getId(): string }) =>
      (host("ScriptApp.getUserTriggers", ss.getId()) as TriggerInfo[]).map(trigger),
    deleteTrigger: (t: { getUniqueId(): string }) =>
      void host("ScriptApp.deleteTrigger", t.getUniqueId()),
    getInstallationSource: () => host("ScriptApp.getInstallationSource"),
    InstallationSource: {
      APPS_MARKETPLACE_DOMAIN_ADD_ON: "APPS_MARKETPLACE_DOMAIN_ADD_ON",
      NONE: "NONE",
      WEB_STORE_ADD_ON: "WEB_STORE_ADD_ON",
    },
    EventType: { CLOCK: "CLOCK", ON_OPEN: "ON_OPEN", ON_EDIT: "ON_EDIT", ON_CHANGE: "ON_CHANGE" },
    AuthMode: {
      NONE: "NONE",
      LIMITED: "LIMITED",
      FULL: "FULL",
      CUSTOM_FUNCTION: "CUSTOM_FUNCTION",
    },
    TriggerSource: { SPREADSHEETS: "SPREADSHEETS", CLOCK: "CLOCK" },
  });
}

/** The non-spreadsheet globals of one execution. */
export function services(
  host: Host,
  run: RunMessage,
  log: (text: string) => void,
): Record<string, unknown> {
  const write = (...a: unknown[]): void => log(a.map(String).join(" "));
  return {
    UrlFetchApp: urlFetchApp(host),
    CacheService: unmodelled("CacheService", {
      getDocumentCache: () => (run.doc && !run.noDocStores ? cache(host, "document") : null),
      getScriptCache: () => cache(host, "script"),
      getUserCache: () => cache(host, "user"),
    }),
    PropertiesService: unmodelled("PropertiesService", {
      getUserProperties: () => properties(host, "user"),
      getDocumentProperties: () =>
        run.doc && !run.noDocStores ? properties(host, "document") : null,
      getScriptProperties: () => properties(host, "script"),
    }),
    LockService: unmodelled("LockService", {
      getScriptLock: () => lock(host, "script"),
      getDocumentLock: () => (run.doc ? lock(host, "document") : null),
      getUserLock: () => lock(host, "user"),
    }),
    Utilities: unmodelled("Utilities", {
      sleep: (ms: number) => void host("Utilities.sleep", ms),
      formatDate: fakeFormatDate,
      computeDigest: fakeComputeDigest,
      ...UTILITIES_ENUMS,
      getUuid: () => randomUUID(),
    }),
    Session: unmodelled("Session", {
      getActiveUser: () => ({ getEmail: () => host("Session.getActiveUser") }),
      getEffectiveUser: () => ({ getEmail: () => host("Session.getEffectiveUser") }),
      getScriptTimeZone: () => "Etc/UTC",
    }),
    ScriptApp: scriptApp(host),
    Logger: { log: write },
    console: { log: write, info: write, warn: write, error: write },
  };
}
