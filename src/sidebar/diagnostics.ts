/**
 * Diagnostics: each thing the add-in relies on in its host, checked where it runs, as one
 * table (check, passed or failed, what the add-in does instead) a seller can copy to support.
 * Hosts supply the checks of their own assumptions; the API checks (address answers, key
 * accepted, quota seen) are the same everywhere and are worked out here from one call.
 */
import { isApiError } from "../core/errors";
import { io, type Io, type Op } from "./op";

/** What one check found. `null` passed: could not be checked from here (said why). */
export interface CheckOutcome {
  readonly id: CheckId;
  readonly passed: boolean | null;
  /** What was seen, in a few words ("getDocumentCache() returned null"). */
  readonly seen: string;
}

/** One row of the table. */
export interface DiagnosticRow extends CheckOutcome {
  readonly check: string;
  /** What the add-in does when this does not hold. */
  readonly instead: string;
}

/** Where the checks ran, for support: besides the host, what only the host can tell. */
export interface DiagnosticsPlace {
  /** The API address the checks asked (Settings' address: no key, no user info). */
  readonly apiAddress: string;
  /** How the add-in runs here, where the host can tell (Sheets: add-on or bound script). */
  readonly deployment?: string;
  /** The version of the code that ran the checks, when that is not this bundle (Code.js). */
  readonly version?: string;
}

export interface DiagnosticsReport extends DiagnosticsPlace {
  readonly host: "sheets" | "excel" | "web";
  /** The add-in's version (package.json when it was built). */
  readonly version: string;
  /** When it ran (ms since 1970). */
  readonly at: number;
  readonly rows: readonly DiagnosticRow[];
}

declare const MKT_ADDIN_VERSION: string | undefined;

/** The version the build stamped (build/*.ts define it); run from source, none. */
export const ADDIN_VERSION =
  typeof MKT_ADDIN_VERSION === "string" ? MKT_ADDIN_VERSION : "development (not a build)";

/** Storage this full or more is reported before it runs out (issue 35: 98 % passed). */
export const STORAGE_WARN_SHARE = 0.8;

/** The share of `limit` that `used` takes, as "83 %". */
export function percentOf(used: number, limit: number): string {
  return `${Math.floor((used / limit) * 100)} %`;
}

/** Every check any host runs: its name in the table and the add-in's fallback. */
const CHECKS = {
  apiAddress: {
    check: "The API address answers",
    instead:
      "Cells show 'Could not reach the API at …'; after three failures the add-in pauses a few seconds, then tries one request.",
  },
  keyAccepted: {
    check: "The API accepts the saved key",
    instead:
      "Cells show 'API key rejected' (or 'No API key'); answers cached for a rejected key are not shown.",
  },
  quotaSeen: {
    check: "Requests this minute are counted and the API is not refusing (60 a minute)",
    instead:
      "Cells wait in the queue and obey the API's Retry-After; they never fail just for waiting.",
  },
  documentCache: {
    check: "Document cache (CacheService.getDocumentCache)",
    instead:
      "Answers are cached in the script cache keyed by your key instead; a filled-down column is not fetched together, each cell asks for itself.",
  },
  documentProperties: {
    check: "Document properties (PropertiesService.getDocumentProperties)",
    instead:
      "'Pause live calls' and the list of imported sheets cannot be kept in this spreadsheet: cells keep calling the API.",
  },
  rerunCell: {
    check: "Clear + flush + set formula re-runs a custom-function cell",
    instead:
      "Waiting cells are not re-run for you: when the sidebar says the queue is done, use the menu's Refresh cells with errors.",
  },
  clockTrigger: {
    check: "The add-on may create a one-off clock trigger (ScriptApp … timeBased().after())",
    instead:
      "With the sidebar closed, waiting cells fill at your next edit or when you open the sidebar, not about an hour later.",
  },
  collaboratorFunctions: {
    check: "Custom functions work for a collaborator without the add-on",
    instead:
      "A collaborator without the add-on sees #NAME?: install it for them (or the domain), or share values (Paste special > Values only).",
  },
  customFunctionsRuntime: {
    check: "Excel supports custom functions (CustomFunctionsRuntime 1.1)",
    instead:
      "The =MKT. functions do not load in this Excel; imports, bulk calculation and the builder in this pane still work.",
  },
  sharedRuntime: {
    check: "Cells and task pane share one runtime (SharedRuntime 1.1)",
    instead:
      "Cells do not see a key or setting saved here until Excel reloads the add-in, and the ribbon's Refresh cannot reach them.",
  },
  officeStorage: {
    check: "OfficeRuntime.storage keeps the key on this computer",
    instead: "Cells cannot read your key and show 'No API key'; save it again after each start.",
  },
  browserStorage: {
    check:
      "This browser keeps the key and the workbook (its storage, under 80 % of what it grants)",
    instead:
      "The key and the workbook are forgotten when the page closes; once it is full, a change to the workbook is not kept.",
  },
} as const;

export type CheckId = keyof typeof CHECKS;

/** A check's outcome, or `failed` with the reason when the check itself threw. */
export function checked(
  id: CheckId,
  run: () => string | { passed: boolean | null; seen: string },
): CheckOutcome {
  try {
    const r = run();
    return typeof r === "string" ? { id, passed: true, seen: r } : { id, ...r };
  } catch (e) {
    return { id, passed: false, seen: e instanceof Error ? e.message : String(e) };
  }
}

/** The three API checks from one call with the saved key (SHOPS_A: cheap, every account has it). */
export function* apiChecks(
  probe: () => Io<unknown>,
  quota: () => Io<{ readonly requestsLastMinute: number; readonly limitPerMinute: number }>,
): Op<CheckOutcome[]> {
  let error: unknown = null;
  try {
    yield* io(probe);
  } catch (e) {
    error = e ?? new Error("failed");
  }
  const code = isApiError(error) ? error.code : error === null ? "OK" : "OTHER";
  const why = error instanceof Error ? error.message : String(error);
  const notAsked = code === "NO_KEY" || code === "PAUSED";
  const silent = ["NETWORK", "TIMEOUT", "BAD_RESPONSE", "CONFIG", "OTHER"].includes(code);
  let counted: CheckOutcome;
  try {
    const q = yield* io(quota);
    const refused = code === "RATE_LIMITED";
    counted = {
      id: "quotaSeen",
      passed: !refused,
      seen: `${q.requestsLastMinute} of ${q.limitPerMinute} used this minute${refused ? "; the API answered 429" : ""}`,
    };
  } catch (e) {
    counted = { id: "quotaSeen", passed: false, seen: e instanceof Error ? e.message : String(e) };
  }
  const keyKnown = !notAsked && !silent;
  return [
    {
      id: "apiAddress",
      passed: notAsked ? null : !silent,
      seen: notAsked ? `not asked: ${why}` : silent ? why : "answered",
    },
    {
      id: "keyAccepted",
      passed: code === "NO_KEY" || code === "AUTH" ? false : keyKnown ? true : null,
      seen:
        code === "NO_KEY" || code === "AUTH"
          ? why
          : keyKnown
            ? "accepted"
            : "not known: the API did not answer",
    },
    counted,
  ];
}

/** The table for a host. */
export function diagnosticsReport(
  host: DiagnosticsReport["host"],
  outcomes: readonly CheckOutcome[],
  at: number,
  place: DiagnosticsPlace,
): DiagnosticsReport {
  return {
    host,
    ...place,
    version: place.version ?? ADDIN_VERSION,
    at,
    rows: outcomes.map((o) => ({ ...o, ...CHECKS[o.id] })),
  };
}
