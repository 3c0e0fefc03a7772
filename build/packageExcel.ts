/**
 * `npm run package:excel`: the Excel add-in built for a real address, in one folder ready to
 * upload to any static HTTPS host (dist/excel-package/site), with the manifest to deploy beside
 * it (dist/excel-package/manifest.xml). Needs MKT_ADDIN_URL (where the folder will be served)
 * and MKT_BASE_URL (the API's address), each checked by the add-in's own address rule and
 * refused when it is not https or points at this computer (build/addresses.ts); fails when the
 * manifest does not pass the offline check or a file still points at this computer.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { deployAddress } from "./addresses";
import { packageVersion, type BuildContext } from "./context";
import { buildExcel } from "./excel";
import { manifestProblems } from "./manifestCheck";

const ROOT = path.resolve(__dirname, "..");
const COMMAND = "package:excel";

/**
 * Places in a built file that point at this computer. The core's base-URL rule names the
 * loopback host names it lets through over http (a seller's own test server): that rule is
 * the one allowed mention.
 */
export function loopbackMentions(text: string): string[] {
  const rule = text
    .split('"localhost","127.0.0.1","[::1]"')
    .join("")
    .split("plain http is allowed only for localhost")
    .join("");
  return [...rule.matchAll(/.{0,40}(localhost|127\.0\.0\.1|\[::1\]).{0,40}/g)].map((m) => m[0]);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

async function main(): Promise<void> {
  // Both checked before anything is built, with the rule the add-in applies at run time.
  const addinUrl = deployAddress("MKT_ADDIN_URL", process.env.MKT_ADDIN_URL, "office", COMMAND);
  const apiBaseUrl = deployAddress("MKT_BASE_URL", process.env.MKT_BASE_URL, "office", COMMAND);
  const out = path.join(ROOT, "dist", "excel-package");
  const work = path.join(out, "build");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const version = packageVersion(ROOT);
  const ctx: BuildContext = { root: ROOT, dist: work, version, apiBaseUrl, addinUrl, minify: true };
  await buildExcel(ctx);
  const site = path.join(out, "site");
  cpSync(path.join(work, "excel"), site, { recursive: true });
  rmSync(work, { recursive: true, force: true });
  cpSync(path.join(site, "manifest.xml"), path.join(out, "manifest.xml"));

  const problems = await manifestProblems(
    readFileSync(path.join(out, "manifest.xml"), "utf8"),
    addinUrl,
  );
  for (const file of files(out).filter((f) => /\.(js|json|html|xml)$/.test(f)))
    for (const m of loopbackMentions(readFileSync(file, "utf8")))
      problems.push(`${path.relative(out, file)} points at this computer: ...${m}...`);
  if (problems.length > 0)
    throw new Error(`dist/excel-package is not ready:\n- ${problems.join("\n- ")}`);
  console.log(
    [
      `dist/excel-package is ready for ${addinUrl} (API ${apiBaseUrl}):`,
      `  site/         upload its contents so that ${addinUrl}/taskpane.html loads`,
      "  manifest.xml  deploy it (Microsoft 365 admin centre, or sideload): see the README, Team deployment",
    ].join("\n"),
  );
}

if (require.main === module)
  main().catch((err: unknown) => {
    console.error(`package:excel failed. ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
