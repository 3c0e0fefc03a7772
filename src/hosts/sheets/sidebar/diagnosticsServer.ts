/**
 * Diagnostics on the Sheets server: what the add-on relies on and Google does not document,
 * tried for real in this account and spreadsheet (document cache, document properties, a
 * one-off clock trigger), and one fresh call to the API with the saved key. The two checks
 * that need another execution or another person are added by the sidebar as not checked.
 */
import { call } from "../../../core/effects";
import { normaliseBaseUrl } from "../../../core/baseUrl";
import { isApiError } from "../../../core/errors";
import { runSync } from "../../../core/syncDriver";
import {
  ADDIN_VERSION,
  checked,
  type CheckOutcome,
  type DiagnosticsPlace,
} from "../../../sidebar/diagnostics";
import { gas } from "../stores/gas";
import { closeSession, messageOf, openSession, userSettings } from "../cells/session";

const PROBE = "mkt.diagnostics";
/** The filler's clock trigger handler (schedulerServer.ts): the one the add-on really makes. */
const CLOCK_HANDLER = "fillWaitingCellsLater";

/** One fresh call (no cache) with the saved key: the API's code, or OK. */
export function apiProbe(): { code: string; message: string } {
  let session;
  try {
    session = openSession();
  } catch (e) {
    return { code: "NO_KEY", message: messageOf(e, null) };
  }
  try {
    const { cache: _notCached, ...fresh } = session.env;
    runSync(call("SHOPS_A", {}), fresh);
    return { code: "OK", message: "" };
  } catch (e) {
    return {
      code: isApiError(e) ? e.code : "OTHER",
      message: messageOf(e, session.apiKey, session.baseUrl),
    };
  } finally {
    closeSession(session);
  }
}

/** The checks of the Sheets add-on's own assumptions. */
export function sheetsChecks(): CheckOutcome[] {
  const g = gas();
  return [
    checked("documentCache", () => {
      const cache = g.CacheService.getDocumentCache();
      if (!cache) return { passed: false, seen: "getDocumentCache() returned null" };
      cache.put(PROBE, "1", 60);
      const back = cache.get(PROBE);
      cache.remove(PROBE);
      return back === "1"
        ? "put and read back"
        : { passed: false, seen: "put, but read back nothing" };
    }),
    checked("documentProperties", () => {
      const props = g.PropertiesService.getDocumentProperties();
      if (!props) return { passed: false, seen: "getDocumentProperties() returned null" };
      props.setProperty(PROBE, "1");
      const back = props.getProperty(PROBE);
      props.deleteProperty(PROBE);
      return back === "1"
        ? "set and read back"
        : { passed: false, seen: "set, but read back nothing" };
    }),
    checked("clockTrigger", () => {
      const trigger = g.ScriptApp.newTrigger(CLOCK_HANDLER).timeBased().after(3_600_000).create();
      g.ScriptApp.deleteTrigger(trigger);
      return "created and deleted one";
    }),
  ];
}

/**
 * How this script runs, as far as Apps Script tells (ScriptApp.getInstallationSource): an
 * add-on installed by the domain's administrator or by the user, or not an add-on, which is a
 * script bound to this spreadsheet or a test deployment (Google documents no way to tell those
 * two apart, so both are named).
 */
function deploymentKind(): string {
  const script = gas().ScriptApp;
  try {
    const source = script.getInstallationSource();
    const kinds = script.InstallationSource;
    if (source === kinds.APPS_MARKETPLACE_DOMAIN_ADD_ON)
      return "editor add-on, installed for your domain by its administrator";
    if (source === kinds.WEB_STORE_ADD_ON) return "editor add-on, installed by you";
    if (source === kinds.NONE)
      return "not an installed add-on: a script bound to this spreadsheet, or a test deployment";
    return `not known (Apps Script says ${String(source)})`;
  } catch (e) {
    return `not known (${whatThrew(e)})`;
  }
}

/** A thrown value's message, whatever realm its Error came from. */
function whatThrew(e: unknown): string {
  return typeof e === "object" && e !== null && "message" in e ? String(e.message) : String(e);
}

/** The API address of Settings, as the checks used it. */
function apiAddress(): string {
  try {
    return normaliseBaseUrl(userSettings().settings().baseUrl);
  } catch (e) {
    return `not valid: ${whatThrew(e)}`;
  }
}

/** Sidebar: the API probe, the host checks and where they ran (the client builds the table). */
export function diagnoseSheets(): {
  api: { code: string; message: string };
  checks: CheckOutcome[];
  place: DiagnosticsPlace;
} {
  return {
    api: apiProbe(),
    checks: sheetsChecks(),
    place: { apiAddress: apiAddress(), deployment: deploymentKind(), version: ADDIN_VERSION },
  };
}
