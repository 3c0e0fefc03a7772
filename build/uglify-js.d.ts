/** The part of uglify-js (it ships no types) that build/sheetsMinify.ts calls. */
declare module "uglify-js" {
  interface MinifyResult {
    code: string;
    error?: Error;
  }
  export function minify(
    code: string,
    options: { compress?: Record<string, unknown>; mangle?: boolean },
  ): MinifyResult;
}
