/**
 * Build step for the Excel host: writes dist/excel (functions.js, functions.json,
 * taskpane.html, taskpane-app.js (the sidebar app), manifest.xml, assets/icon-*.png). functions.json is generated
 * from the formula catalog. The step fails when a function id is not associated by the
 * bundle, a name is illegal for Excel, or Excel's and Sheets' parameter lists differ.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { deflateSync } from "node:zlib";
import { build } from "esbuild";
import { CATALOG } from "../src/functions";
import { functionsMetadata, type ExcelFunctionsMetadata } from "../src/hosts/shared/metadata";
import { withCardMethods } from "../src/hosts/shared/cardMethods";
import {
  excelSignatures,
  sheetsStubSignatures,
  signatureDifferences,
  type ShippedSignature,
} from "../src/hosts/excel/parity";
import { deployAddress } from "./addresses";
import type { BuildContext } from "./context";
import { buildExcelTaskpaneScript } from "./ui";

/** Office.js as the store requires it: Microsoft's CDN. Tests serve a local copy at the same path name. */
export const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
export const ICON_SIZES = [16, 32, 64, 80] as const;

export async function buildExcel(ctx: BuildContext): Promise<void> {
  const out = path.join(ctx.dist, "excel");
  mkdirSync(path.join(out, "assets"), { recursive: true });
  writeFileSync(path.join(out, "VERSION"), ctx.version + "\n");

  const metadata = withCardMethods(functionsMetadata(CATALOG));
  writeFileSync(path.join(out, "functions.json"), JSON.stringify(metadata, null, 2) + "\n");
  const parity = signatureDifferences(excelSignatures(metadata), sheetsSignatures(ctx));
  if (parity.length > 0) throw new Error(`Excel and Sheets disagree:\n- ${parity.join("\n- ")}`);

  await bundle(ctx, "functions.ts", path.join(out, "functions.js"));
  const paneScript = await buildExcelTaskpaneScript(ctx, out);
  const missing = unassociatedIds(readFileSync(path.join(out, "functions.js"), "utf8"), metadata);
  if (missing.length > 0) throw new Error(`functions.js does not associate: ${missing.join(", ")}`);

  writeFileSync(path.join(out, "taskpane.html"), taskpaneHtml(OFFICE_JS_CDN, paneScript));
  const template = readFileSync(path.join(ctx.root, "manifest.xml"), "utf8");
  writeFileSync(
    path.join(out, "manifest.xml"),
    renderManifest(template, ctx.addinUrl, ctx.version),
  );
  for (const size of ICON_SIZES)
    writeFileSync(path.join(out, "assets", `icon-${size}.png`), iconPng(size));
}

async function bundle(ctx: BuildContext, entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(ctx.root, "src", "hosts", "excel", entry)],
    outfile,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2019",
    minify: ctx.minify,
    legalComments: "none",
    logLevel: "silent",
    define: {
      MKT_DEFAULT_BASE_URL: JSON.stringify(ctx.apiBaseUrl),
      MKT_ADDIN_VERSION: JSON.stringify(ctx.version),
    },
  });
}

/** Parameter lists Sheets ships: its generated stubs when built, else the catalog's own. */
function sheetsSignatures(ctx: BuildContext): ShippedSignature[] {
  const dir = path.join(ctx.dist, "sheets");
  if (existsSync(dir)) {
    const stubs = readdirSync(dir)
      .filter((f) => /\.(js|gs)$/.test(f))
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .flatMap(sheetsStubSignatures);
    if (stubs.length > 0) return stubs;
  }
  return CATALOG.map((fn) => ({
    name: fn.name,
    params: fn.params.map((p) => ({ name: p.name, optional: p.optional })),
  }));
}

/**
 * Ids in functions.json the bundle does not associate: the bundle runs in a sandbox whose
 * CustomFunctions only records associations (no network, no timers fire).
 */
export function unassociatedIds(bundleSource: string, metadata: ExcelFunctionsMetadata): string[] {
  const associated = new Set<string>();
  const storage = {
    getItem: () => Promise.resolve(null),
    getItems: (keys: string[]) => Promise.resolve(Object.fromEntries(keys.map((k) => [k, null]))),
    getKeys: () => Promise.resolve([]),
    setItem: () => Promise.resolve(),
    setItems: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
    removeItems: () => Promise.resolve(),
  };
  const sandbox = {
    CustomFunctions: {
      associate: (id: string) => associated.add(id.toUpperCase()),
      Error: class extends Error {},
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
    },
    OfficeRuntime: { storage },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    console,
  };
  vm.runInNewContext(bundleSource, sandbox, { filename: "functions.js", timeout: 5000 });
  return metadata.functions.map((f) => f.id).filter((id) => !associated.has(id.toUpperCase()));
}

/** package.json version as the manifest's four-part version (0.1.0 -> 0.1.0.0). */
export function manifestVersion(version: string): string {
  const parts = /^(\d+)\.(\d+)\.(\d+)(?:\.(\d+))?$/.exec(version.trim());
  if (!parts)
    throw new Error(`package.json version "${version}" is not x.y.z: the manifest needs x.y.z.w`);
  return `${parts[1]}.${parts[2]}.${parts[3]}.${parts[4] ?? "0"}`;
}

/** The manifest template with the add-in's https origin and version filled in. */
export function renderManifest(template: string, addinUrl: string, version: string): string {
  // The add-in's own address rule (no query, no user info, a port in range), then https.
  const url = deployAddress("MKT_ADDIN_URL", addinUrl, null, "build");
  if (/[\s"'<>&]/.test(url))
    throw new Error(
      "MKT_ADDIN_URL holds a space, quote, < > or &, which manifest.xml cannot carry",
    );
  // The template's own comment explains placeholders and local defaults: not for a shipped copy.
  const filled = template
    .replace(
      /<!--[\s\S]*?-->/,
      "<!-- Generated by `npm run build` (build/excel.ts) from manifest.xml: edit that, not this. -->",
    )
    .split("{{ADDIN_URL}}")
    .join(url)
    .split("{{VERSION}}")
    .join(manifestVersion(version));
  const left = /\{\{[A-Z_]+\}\}/.exec(filled);
  if (left) throw new Error(`manifest.xml has an unknown placeholder ${left[0]}`);
  return filled;
}

/**
 * The task pane page: Office.js first, then the shared functions runtime (so the pane and
 * the cells share one runtime), then the sidebar app bundled by build/ui.ts.
 */
export function taskpaneHtml(officeJsUrl: string, paneScript: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=Edge">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Marketplace Profit</title>
<script src="${officeJsUrl}"></script>
<script src="functions.js"></script>
</head>
<body>
<div id="app"></div>
<script src="${paneScript}"></script>
</body>
</html>
`;
}

// ------------------------------------------------------------------ icons

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A square RGBA PNG: a green tile with a white rising bar chart (profit going up). */
export function iconPng(size: number): Buffer {
  const rows: Buffer[] = [];
  const bars = [0.35, 0.55, 0.8];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then pixels
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = 1 - (y + 0.5) / size;
      const bar = Math.floor((u - 0.15) / 0.25);
      const inBar =
        bar >= 0 &&
        bar < bars.length &&
        (u - 0.15) % 0.25 < 0.18 &&
        v > 0.12 &&
        v < (bars[bar] ?? 0);
      const rgba = inBar ? [255, 255, 255, 255] : [16, 124, 65, 255];
      row.set(rgba, 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
