/**
 * The Excel manifest, checked offline: office-addin-manifest's own reader, and an XML walk
 * proving every resid resolves, the shared runtime shares one resid, every URL is https,
 * the id is a GUID and the version has four parts. (`npm run validate:online` runs
 * Microsoft's online validator; it needs the network, so never here.)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ManifestInfo } from "office-addin-manifest";
import { manifestVersion, renderManifest } from "../../../build/excel";
import { manifestProblems } from "../../../build/manifestCheck";

// xml2js is what office-addin-manifest parses with; typed here for the little we use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const xml2js = require("xml2js") as { parseStringPromise(xml: string): Promise<unknown> };

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TEMPLATE = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
const ADDIN_URL = "https://addin.example.test:3000";

/**
 * office-addin-manifest's reader, run in a plain Node process: its JSON-manifest dependency
 * is an ES module that Node's require() loads but Jest's CommonJS runtime cannot.
 */
function readManifestFile(file: string): ManifestInfo {
  const script =
    "require('office-addin-manifest').OfficeAddinManifest.readManifestFile(process.argv[1])" +
    ".then((i) => process.stdout.write(JSON.stringify(i)), (e) => { console.error(e.message); process.exit(1); })";
  const out = execFileSync(process.execPath, ["-e", script, file], { cwd: ROOT, encoding: "utf8" });
  return JSON.parse(out) as ManifestInfo;
}

interface XmlNode {
  readonly $?: Readonly<Record<string, string>>;
  readonly [child: string]: unknown;
}

/** Every element named `name` anywhere below `node` (namespace prefix ignored). */
function findAll(node: unknown, name: string, out: XmlNode[] = []): XmlNode[] {
  if (Array.isArray(node)) {
    for (const n of node) findAll(n, name, out);
  } else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === "$") continue;
      if (key.replace(/^.*:/, "") === name)
        for (const v of [value].flat()) if (typeof v === "object") out.push(v as XmlNode);
      findAll(value, name, out);
    }
  }
  return out;
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  return node?.$?.[name];
}

describe("manifest.xml (rendered by the build)", () => {
  const rendered = renderManifest(TEMPLATE, ADDIN_URL, "1.2.3");
  let doc: unknown;
  let dir: string;

  beforeAll(async () => {
    doc = await xml2js.parseStringPromise(rendered);
    dir = mkdtempSync(path.join(os.tmpdir(), "mkt-manifest-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("office-addin-manifest reads it: GUID id, 4-part version, Workbook host, https icons", () => {
    const file = path.join(dir, "manifest.xml");
    writeFileSync(file, rendered);
    const info = readManifestFile(file);
    expect(info.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(info.version).toBe("1.2.3.0");
    expect(info.hosts).toEqual(["Workbook"]);
    expect(info.officeAppType).toBe("TaskPaneApp");
    expect(info.iconUrl).toBe(`${ADDIN_URL}/assets/icon-32.png`);
    expect(info.defaultSettings?.sourceLocation).toBe(`${ADDIN_URL}/taskpane.html`);
  });

  test("every resid resolves to a resource, and every resource id is unique", () => {
    const resources = new Map<string, string>();
    for (const kind of ["Image", "Url", "String"]) {
      for (const node of findAll(doc, kind)) {
        const id = attr(node, "id");
        if (id === undefined) continue;
        expect(resources.has(id)).toBe(false);
        resources.set(id, attr(node, "DefaultValue") ?? "");
      }
    }
    const residUsers = rendered.match(/resid="[^"]+"/g) ?? [];
    expect(residUsers.length).toBeGreaterThan(10);
    for (const use of residUsers) {
      const id = use.slice('resid="'.length, -1);
      expect({ id, resolves: resources.has(id) }).toEqual({ id, resolves: true });
    }
  });

  test("shared runtime: Runtime, CustomFunctions Page, FunctionFile and task pane share one resid", () => {
    const runtime = findAll(doc, "Runtime");
    expect(runtime).toHaveLength(1);
    expect(attr(runtime[0], "lifetime")).toBe("long");
    const resid = attr(runtime[0], "resid");
    const page = findAll(findAll(doc, "Page"), "SourceLocation")[0];
    const functionFile = findAll(doc, "FunctionFile")[0];
    const taskpane = findAll(findAll(doc, "Action"), "SourceLocation")[0];
    expect(resid).toBeDefined();
    expect(attr(page, "resid")).toBe(resid);
    expect(attr(functionFile, "resid")).toBe(resid);
    expect(attr(taskpane, "resid")).toBe(resid);
    const sets = findAll(doc, "Set").map((s) => [attr(s, "Name"), attr(s, "MinVersion")]);
    expect(sets).toContainEqual(["SharedRuntime", "1.1"]);
  });

  test("custom functions point at functions.js and functions.json, namespace MKT", () => {
    const urls = new Map(findAll(doc, "Url").map((u) => [attr(u, "id"), attr(u, "DefaultValue")]));
    const strings = new Map(
      findAll(doc, "String").map((s) => [attr(s, "id"), attr(s, "DefaultValue")]),
    );
    const script = attr(findAll(findAll(doc, "Script"), "SourceLocation")[0], "resid");
    const meta = attr(findAll(findAll(doc, "Metadata"), "SourceLocation")[0], "resid");
    const ns = attr(findAll(doc, "Namespace")[0], "resid");
    expect(urls.get(script)).toBe(`${ADDIN_URL}/functions.js`);
    expect(urls.get(meta)).toBe(`${ADDIN_URL}/functions.json`);
    expect(strings.get(ns)).toBe("MKT");
    expect((strings.get(ns) ?? "").length).toBeLessThanOrEqual(32);
  });

  test("every URL is https on the add-in's host, with no placeholder left", () => {
    expect(rendered).not.toMatch(/\{\{/);
    const urls = [...rendered.matchAll(/(?:DefaultValue="|<AppDomain>)(https?:[^"<]+)/g)].map(
      (m) => m[1] ?? "",
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith(`${ADDIN_URL}`)).toBe(true);
  });

  test("the build refuses a non-https add-in URL and a malformed version", () => {
    expect(() => renderManifest(TEMPLATE, "http://localhost:3000", "1.0.0")).toThrow(/https/);
    expect(() => renderManifest(TEMPLATE, ADDIN_URL, "1.0")).toThrow(/x\.y\.z/);
    expect(manifestVersion("0.1.0")).toBe("0.1.0.0");
    expect(manifestVersion("2.3.4.5")).toBe("2.3.4.5");
    expect(() => manifestVersion("1.0.0-beta.1")).toThrow();
  });

  test("the offline check (build/manifestCheck.ts, run by package:excel) passes it and catches each broken rule", async () => {
    await expect(manifestProblems(rendered, ADDIN_URL)).resolves.toEqual([]);
    expect(rendered).not.toMatch(/localhost/);
    const broken: Array<[string, string, RegExp]> = [
      [
        'resid="Taskpane.Url" lifetime',
        'resid="Nowhere.Url" lifetime',
        /resid "Nowhere.Url" resolves to nothing/,
      ],
      [
        '<FunctionFile resid="Taskpane.Url"/>',
        '<FunctionFile resid="Functions.Script.Url"/>',
        /<FunctionFile> uses resid "Functions.Script.Url", not the runtime's/,
      ],
      [`${ADDIN_URL}/functions.js`, "http://addin.example.test:3000/functions.js", /is not https/],
      [
        `${ADDIN_URL}/functions.json`,
        "https://elsewhere.example/functions.json",
        /is not on the add-in's address/,
      ],
      [
        "<Id>14189aea-1cbd-4e23-b49a-481846605bde</Id>",
        "<Id>my-addin</Id>",
        /<Id> "my-addin" is not a GUID/,
      ],
      [
        "<Version>1.2.3.0</Version>",
        "<Version>1.2.3</Version>",
        /<Version> "1.2.3" is not x.y.z.w/,
      ],
      ['DefaultValue="MKT"/>', 'DefaultValue="MKT.FUNCTIONS"/>', /namespace "MKT.FUNCTIONS"/],
      ["</OfficeApp>", "", /not well-formed XML/],
    ];
    for (const [from, to, problem] of broken) {
      expect(rendered).toContain(from);
      const problems = await manifestProblems(rendered.replace(from, to), ADDIN_URL);
      expect({ from, problems: problems.join("; ") }).toEqual({
        from,
        problems: expect.stringMatching(problem),
      });
    }
  });
});
