/** appsscript.json for the add-on: V8, the three narrow scopes, and the URL allow-list. */

export const OAUTH_SCOPES = [
  "https://www.googleapis.com/auth/spreadsheets.currentonly",
  "https://www.googleapis.com/auth/script.external_request",
  "https://www.googleapis.com/auth/script.container.ui",
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
