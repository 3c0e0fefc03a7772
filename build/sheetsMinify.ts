/**
 * A second minifier pass over the Apps Script bundle, after esbuild's: UglifyJS's compressor
 * (constants inlined, declarations joined, unused bindings dropped) takes about 4 % more off
 * Code.js than esbuild can: 203,094 bytes with the packed endpoint table (sheetsEndpoints.ts)
 * when it landed, 208,727 after the 2026-11-27 merges (over issue 20's 200 KB; limits.test.ts).
 * Names at the top of the script (the bundle's global, which Stubs.js calls) are kept, since
 * the `toplevel` option stays off, and properties are never renamed.
 */
import { minify } from "uglify-js";

export function squeezeAppsScript(code: string): string {
  const result = minify(code, { compress: { passes: 2, directives: false }, mangle: true });
  if (result.error) throw result.error;
  return result.code;
}
