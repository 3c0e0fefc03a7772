/**
 * `npm run build`: one TypeScript core compiled by esbuild into the three hosts.
 * Each host has its own step (build/sheets.ts, build/excel.ts, build/web.ts); this file only
 * prepares dist/ and runs them, so a failing step fails the whole build.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildAddress } from "./addresses";
import { packageVersion, type BuildContext } from "./context";
import { buildSheets } from "./sheets";
import { buildExcel } from "./excel";
import { buildWeb } from "./web";

/** The reference server of `npm start`: the default API address of a local build. */
const LOCAL_API = "http://localhost:8787";

async function main(): Promise<void> {
  const root = path.resolve(__dirname, "..");
  const dist = path.join(root, "dist");
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const ctx: BuildContext = {
    root,
    dist,
    version: packageVersion(root),
    // Refused here if Settings would refuse it at run time: every cell would say so.
    apiBaseUrl: buildAddress("MKT_BASE_URL", process.env.MKT_BASE_URL ?? LOCAL_API, "build"),
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
