/**
 * The Excel manifest checked offline, by the rules hosts.md lists (Microsoft's validator,
 * `npm run validate:online`, needs the network): well-formed XML, a GUID id, an x.y.z.w
 * version, every resid resolving to one resource, the shared runtime's resid also on the
 * CustomFunctions page, the FunctionFile and the task pane, a namespace of at most 32
 * characters, and every URL https on the add-in's own address. Returns the problems found.
 */
// xml2js is what office-addin-manifest parses with; typed here for the little used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const xml2js = require("xml2js") as { parseStringPromise(xml: string): Promise<unknown> };

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
        for (const v of [value].flat())
          if (typeof v === "object" && v !== null) out.push(v as XmlNode);
      findAll(value, name, out);
    }
  }
  return out;
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  return node?.$?.[name];
}

/** Text of the first element named `name` (xml2js gives a string, or `_` beside attributes). */
function textOf(doc: unknown, name: string): string {
  const root = (doc as { OfficeApp?: Record<string, unknown> }).OfficeApp ?? {};
  const node = [root[name]].flat()[0];
  if (typeof node === "string") return node.trim();
  if (node !== null && typeof node === "object" && "_" in node)
    return String((node as { _: unknown })._).trim();
  return "";
}

/** Problems of a rendered manifest for an add-in served at `addinUrl`; [] when it passes. */
export async function manifestProblems(xml: string, addinUrl: string): Promise<string[]> {
  const problems: string[] = [];
  let doc: unknown;
  try {
    doc = await xml2js.parseStringPromise(xml);
  } catch (e) {
    return [`not well-formed XML: ${(e as Error).message.split("\n")[0] ?? ""}`];
  }
  const id = textOf(doc, "Id");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    problems.push(`<Id> "${id}" is not a GUID`);
  const version = textOf(doc, "Version");
  if (!/^\d{1,5}\.\d{1,5}\.\d{1,5}\.\d{1,5}$/.test(version))
    problems.push(`<Version> "${version}" is not x.y.z.w`);

  const resources = new Map<string, string>();
  for (const kind of ["Image", "Url", "String"]) {
    for (const node of findAll(findAll(doc, "Resources"), kind)) {
      const rid = attr(node, "id");
      if (rid === undefined) continue;
      if (resources.has(rid)) problems.push(`resource id "${rid}" is defined twice`);
      if (rid.length > 32) problems.push(`resource id "${rid}" is longer than 32 characters`);
      resources.set(rid, attr(node, "DefaultValue") ?? "");
    }
  }
  for (const [, rid] of xml.matchAll(/resid="([^"]*)"/g))
    if (rid !== undefined && !resources.has(rid))
      problems.push(`resid "${rid}" resolves to nothing`);

  const runtimes = findAll(doc, "Runtime");
  const shared = attr(runtimes[0], "resid");
  if (runtimes.length !== 1 || shared === undefined) problems.push("no single shared <Runtime>");
  else {
    const users: Array<[string, string | undefined]> = [
      ["CustomFunctions <Page>", attr(findAll(findAll(doc, "Page"), "SourceLocation")[0], "resid")],
      ["<FunctionFile>", attr(findAll(doc, "FunctionFile")[0], "resid")],
      ["task pane action", attr(findAll(findAll(doc, "Action"), "SourceLocation")[0], "resid")],
    ];
    for (const [what, rid] of users)
      if (rid !== shared)
        problems.push(`${what} uses resid "${rid}", not the runtime's "${shared}"`);
  }
  const namespace = resources.get(attr(findAll(doc, "Namespace")[0], "resid") ?? "") ?? "";
  if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(namespace))
    problems.push(`namespace "${namespace}" is not 1-32 letters and digits`);

  const origin = addinUrl.replace(/\/+$/, "");
  const urls = [...xml.matchAll(/(?:DefaultValue="|<AppDomain>)([a-z][a-z0-9+.-]*:[^"<]*)/gi)];
  if (urls.length === 0) problems.push("no URL found");
  for (const [, url] of urls) {
    if (url === undefined) continue;
    if (!url.startsWith("https://")) problems.push(`${url} is not https`);
    else if (url !== origin && !url.startsWith(`${origin}/`))
      problems.push(`${url} is not on the add-in's address ${origin}`);
  }
  if (/\{\{[A-Z_]+\}\}/.test(xml)) problems.push("a {{PLACEHOLDER}} is left");
  return problems;
}
