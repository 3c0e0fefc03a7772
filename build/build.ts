/**
 * `npm run build`: one TypeScript core compiled by esbuild into the three hosts.
 * Each host has its own step (build/sheets.ts, build/excel.ts, build/web.ts); this file only
 * prepares dist/ and runs them, so a failing step fails the whole build.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { BuildContext } from "./context";
import { buildSheets } from "./sheets";
import { buildExcel } from "./excel";
import { buildWeb } from "./web";

function readVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, "..");
  const dist = path.join(root, "dist");
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const ctx: BuildContext = {
    root,
    dist,
    version: readVersion(root),
    apiBaseUrl: process.env.MKT_BASE_URL ?? "http://localhost:8787",
    addinUrl: process.env.MKT_ADDIN_URL ?? "https://localhost:3000",
    minify: process.env.MKT_MINIFY !== "0",
  };
  const started = Date.now();
  await buildSheets(ctx);
  await buildExcel(ctx);
  await buildWeb(ctx);
  console.log(`built dist/sheets, dist/excel, dist/web in ${Date.now() - started} ms`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
