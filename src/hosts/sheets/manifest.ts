/** appsscript.json for the add-on: V8, four scopes, and the URL allow-list. */

/**
 * Each scope and why. The daily refresh is what costs breadth: an editor add-on's
 * time-driven trigger fires with no open spreadsheet, so it must reopen each spreadsheet the
 * user turned daily refresh on for with SpreadsheetApp.openById, which
 * spreadsheets.currentonly does not allow. The add-on still only opens the spreadsheets in
 * the user's own registry (refreshRegistry.ts) and the one that is open.
 */
export const OAUTH_SCOPES = [
  // Read and write spreadsheets: the open one (imports, bulk answers, formulas) and, for the
  // daily refresh only, the ones the user turned it on for (openById needs this scope).
  "https://www.googleapis.com/auth/spreadsheets",
  // UrlFetchApp to the API.
  "https://www.googleapis.com/auth/script.external_request",
  // The menu, the sidebar and dialogs.
  "https://www.googleapis.com/auth/script.container.ui",
  // The one daily refresh trigger per user (newTrigger / getProjectTriggers / deleteTrigger).
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
