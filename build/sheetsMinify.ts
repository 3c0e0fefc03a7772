/**
 * A second minifier pass over the Apps Script bundle, after esbuild's: UglifyJS's compressor
 * (constants inlined, declarations joined, unused bindings dropped) takes about 4 % more off
 * Code.js than esbuild can: 203,094 bytes with the packed endpoint table (sheetsEndpoints.ts)
 * when it landed, 208,727 after the 2026-11-27 merges; the repeated names read from one
 * variable each (sheetsAlias.ts) before it took that to 188,093 (limits.test.ts).
 * Names at the top of the script (the bundle's global, which Stubs.js calls) are kept, since
 * the `toplevel` option stays off, and properties are never renamed.
 */
import { minify } from "uglify-js";
import { aliasRepeats } from "./sheetsAlias";

export function squeezeAppsScript(code: string): string {
  // Repeated names first (sheetsAlias.ts), so the mangler gives their variables short names.
  const result = minify(aliasRepeats(code), {
    compress: { passes: 2, directives: false },
    mangle: true,
  });
  if (result.error) throw result.error;
  return result.code;
}
