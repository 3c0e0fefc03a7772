/** appsscript.json for the add-on: V8, four narrow scopes, and the URL allow-list. */

/**
 * Each scope and why. script.scriptapp is there only for the sidebar's "Refresh saved
 * imports daily" switch: ScriptApp.newTrigger / getUserTriggers / deleteTrigger need it.
 * It lets the add-on manage its own triggers, nothing more (no Drive, no other files:
 * spreadsheets.currentonly keeps it to the open spreadsheet).
 */
export const OAUTH_SCOPES = [
  // Read and write the open spreadsheet only (imports, bulk answers, formulas).
  "https://www.googleapis.com/auth/spreadsheets.currentonly",
  // UrlFetchApp to the API.
  "https://www.googleapis.com/auth/script.external_request",
  // The menu, the sidebar and dialogs.
  "https://www.googleapis.com/auth/script.container.ui",
  // The daily refresh trigger (ScriptApp.newTrigger).
  "https://www.googleapis.com/auth/script.scriptapp",
] as const;

export interface SheetsManifest {
  timeZone: string;
  runtimeVersion: "V8";
  exceptionLogging: "STACKDRIVER";
  oauthScopes: string[];
  urlFetchWhitelist?: string[];
}

/**
 * The manifest for a base URL. Google accepts only https prefixes in urlFetchWhitelist, so a
 * localhost (http) build has none: `deployable` is false and the build says so.
 */
export function sheetsManifest(
  template: Partial<SheetsManifest>,
  baseUrl: string,
): { manifest: SheetsManifest; deployable: boolean } {
  const https = /^https:\/\//i.test(baseUrl);
  const manifest: SheetsManifest = {
    timeZone: template.timeZone ?? "Etc/UTC",
    runtimeVersion: "V8",
    exceptionLogging: "STACKDRIVER",
    oauthScopes: [...OAUTH_SCOPES],
    ...(https ? { urlFetchWhitelist: [baseUrl.replace(/\/*$/, "/")] } : {}),
  };
  return { manifest, deployable: https };
}
