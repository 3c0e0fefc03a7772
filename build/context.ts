import { readFileSync } from "node:fs";
import path from "node:path";

/** What every host build step gets: where to write, and the settings that come from the environment. */
export interface BuildContext {
  /** Repository root. */
  readonly root: string;
  /** dist/ folder (already emptied). */
  readonly dist: string;
  /** package.json version: manifests take it from here, nobody bumps by hand. */
  readonly version: string;
  /** API base URL the add-ins talk to by default (MKT_BASE_URL). */
  readonly apiBaseUrl: string;
  /** Where the Excel add-in's files are served (MKT_ADDIN_URL). */
  readonly addinUrl: string;
  /** Minify bundles (production) or not (debuggable). */
  readonly minify: boolean;
}

/** package.json's version: the manifests and Diagnostics take it from there. */
export function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
    .version;
}
