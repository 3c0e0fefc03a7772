/**
 * The endpoint table as the Apps Script bundle carries it (issue 20: Code.js under 200 KB).
 * src/api/endpoints.ts is evaluated at build time and written back as three short strings
 * (request fields, response fields, endpoints) that a few lines decode when Code.js loads:
 * each field is written once and named by one character wherever an endpoint uses it.
 * Only what the add-on reads survives: the spec's prose (docs, summaries, type names, the
 * "not yet active" notes), `status` and `marketplace` feed the server, the docs and the spec
 * test. A key this file does not know stops the build, so nothing new is dropped unseen;
 * test/build/sheetsEndpoints.test.ts checks the decoded table against the source's.
 */
import ts from "typescript";

type Obj = Record<string, unknown>;

/** The exports of endpoints.ts, run as it is (it imports types only). */
export function evaluateEndpoints(source: string): Obj {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  }).outputText;
  const exports: Obj = {};
  const noRequire = (name: string): never => {
    throw new Error(`endpoints.ts imports ${name}: the Sheets build evaluates it alone`);
  };
  new Function("exports", "require", js)(exports, noRequire);
  return exports;
}

const ENDPOINT_KEYS = new Set(["pathParams", "id", "method", "path", "body", "bodyRequired"]);
const ENDPOINT_KEYS_MORE = ["response", "pagination", "batch", "extension", "inactiveNote"];
const ENDPOINT_PROSE = new Set(["marketplace", "summary", "status"]);
/** A field's extras as a JSON list in this order (null where absent), most common first. */
const FIELD_EXTRAS = ["min", "max", "default", "items", "fields", "enum", "values"];
const KINDS = { o: "object", a: "array", c: "cursorPage", p: "offsetPage" };
const PAGINATION = { c: "cursor", o: "offset" };

/** One character per index: printable ASCII from "(" on, without "\" and "|". */
const ALPHABET = [...Array(87).keys()]
  .map((i) => String.fromCharCode(40 + i))
  .filter((c) => c !== "\\" && c !== "|")
  .join("");

function unknownKeys(what: string, o: Obj, known: (k: string) => boolean): void {
  const odd = Object.keys(o).filter((k) => !known(k));
  if (odd.length)
    throw new Error(`sheetsEndpoints: ${what} has ${odd.join(", ")}; decide its fate`);
}

/** Values kept once each, named by one character of ALPHABET. */
class Dictionary {
  readonly codes: string[] = [];
  private readonly index = new Map<string, string>();
  add(code: string): string {
    if (/[| ]/.test(code)) throw new Error(`sheetsEndpoints: "${code}" holds a separator`);
    let ref = this.index.get(code);
    if (ref === undefined) {
      ref = ALPHABET[this.codes.length];
      if (ref === undefined) throw new Error("sheetsEndpoints: more fields than ALPHABET");
      this.codes.push(code);
      this.index.set(code, ref);
    }
    return ref;
  }
}

function keyOf<T extends Record<string, string>>(map: T, value: unknown, what: string): string {
  const key = Object.keys(map).find((k) => map[k] === value);
  if (key === undefined) throw new Error(`sheetsEndpoints: unknown ${what} ${String(value)}`);
  return key;
}

/** The module Code.js gets instead of src/api/endpoints.ts. */
export function compactEndpointsModule(source: string): string {
  const table = evaluateEndpoints(source);
  const endpoints = table.ENDPOINTS as Obj[];
  const prefixes = { A: table.P_A, B: table.P_B, C: table.P_C } as Record<string, string>;
  const types: string[] = [];
  const typeCode = (t: unknown): string => {
    if (!types.includes(String(t))) types.push(String(t));
    if (types.length > 10) throw new Error("sheetsEndpoints: more than 10 field types");
    return String(types.indexOf(String(t)));
  };
  const requests = new Dictionary();
  const responses = new Dictionary();
  const request = (f: Obj): string => {
    unknownKeys(
      `field ${String(f.name)}`,
      f,
      (k) => FIELD_EXTRAS.includes(k) || k === "doc" || ["name", "type", "required"].includes(k),
    );
    const extras = FIELD_EXTRAS.map((k) => {
      if (f[k] === null) throw new Error(`sheetsEndpoints: ${String(f.name)}.${k} is null`);
      return k === "fields" && f.fields ? (f.fields as Obj[]).map(request).join("") : f[k];
    });
    while (extras.length && extras[extras.length - 1] === undefined) extras.pop();
    const head = `${String(f.name)}:${typeCode(f.type)}${f.required ? "!" : ""}`;
    return requests.add(extras.length ? head + JSON.stringify(extras) : head);
  };
  const response = (f: Obj): string => {
    unknownKeys(`response field ${String(f.name)}`, f, (k) =>
      ["name", "type", "doc", "nullable"].includes(k),
    );
    // "?": the spec lets it be null (A1's modelId; core/responseShape.ts reads it).
    return responses.add(`${String(f.name)}:${typeCode(f.type)}${f.nullable ? "?" : ""}`);
  };
  const lines = endpoints.map((e) => {
    unknownKeys(
      `endpoint ${String(e.id)}`,
      e,
      (k) => ENDPOINT_KEYS.has(k) || ENDPOINT_KEYS_MORE.includes(k) || ENDPOINT_PROSE.has(k),
    );
    const res = e.response as Obj;
    unknownKeys(`response of ${String(e.id)}`, res, (k) =>
      ["typeName", "kind", "partial", "fields"].includes(k),
    );
    const batch = e.batch as Obj | undefined;
    if (batch)
      unknownKeys("batch", batch, (k) => ["idsField", "resultIdField", "maxIds"].includes(k));
    let path = String(e.path);
    for (const [m, prefix] of Object.entries(prefixes))
      if (path.startsWith(prefix)) path = `*${m}${path.slice(prefix.length)}`;
    const flags = [
      e.bodyRequired === true ? "r" : "",
      res.partial === true ? "p" : "",
      e.extension === true ? "x" : "",
      "inactiveNote" in e ? "n" : "",
    ].join("");
    return [
      e.id,
      keyOf({ G: "GET", P: "POST" }, e.method, "method"),
      path,
      (e.pathParams as Obj[]).map(request).join(""),
      (e.body as Obj[]).map(request).join(""),
      flags,
      keyOf(KINDS, res.kind, "response kind"),
      (res.fields as Obj[]).map(response).join(""),
      e.pagination === undefined ? "" : keyOf(PAGINATION, e.pagination, "pagination"),
      batch
        ? `${String(batch.idsField)},${String(batch.resultIdField)},${Number(batch.maxIds)}`
        : "",
    ].join(" ");
  });
  const s = JSON.stringify;
  return `
export const P_A = ${s(table.P_A)}, P_B = ${s(table.P_B)}, P_C = ${s(table.P_C)};
export const MAX_BATCH_IDS = ${s(table.MAX_BATCH_IDS)}, MAX_PREVIEW_ROWS = ${s(table.MAX_PREVIEW_ROWS)};
const TYPES = ${s(types)}, EXTRAS = ${s(FIELD_EXTRAS)}, KINDS = ${s(KINDS)}, PAGINATION = ${s(PAGINATION)};
const PREFIX = { A: P_A, B: P_B, C: P_C };
const ALPHABET = ${s(ALPHABET)};
const refs = (text, list) => [...text].map((c) => list[ALPHABET.indexOf(c)]);
const FIELDS = [];
for (const code of ${s(requests.codes.join("|"))}.split("|")) {
  const at = code.indexOf("[");
  const extras = {};
  if (at >= 0) JSON.parse(code.slice(at)).forEach((v, i) => v !== null && (extras[EXTRAS[i]] = v));
  const [name, type] = (at < 0 ? code : code.slice(0, at)).split(":");
  if (extras.fields !== undefined) extras.fields = refs(extras.fields, FIELDS);
  FIELDS.push({ ...extras, name, type: TYPES[type[0]], required: type[1] === "!" });
}
const OUT = ${s(responses.codes.join("|"))}.split("|").map((code) => {
  const [name, type] = code.split(":");
  return type[1] ? { name, type: TYPES[type[0]], nullable: true } : { name, type: TYPES[type] };
});
export const ENDPOINTS = ${s(lines.join("|"))}.split("|").map((line) => {
  const [id, method, path, pathParams, body, flags, kind, fields, pages, batch] = line.split(" ");
  const spec = {
    pathParams: refs(pathParams, FIELDS),
    id,
    method: method === "G" ? "GET" : "POST",
    path: path.replace(/^\\*([ABC])/, (_, m) => PREFIX[m]),
    body: refs(body, FIELDS),
    bodyRequired: flags.includes("r"),
    response: { typeName: "", kind: KINDS[kind], partial: flags.includes("p"), fields: refs(fields, OUT) },
  };
  if (pages) spec.pagination = PAGINATION[pages];
  if (batch) {
    const [idsField, resultIdField, maxIds] = batch.split(",");
    spec.batch = { idsField, resultIdField, maxIds: Number(maxIds) };
  }
  if (flags.includes("n")) spec.inactiveNote = "";
  if (flags.includes("x")) spec.extension = true;
  return spec;
});
const BY_ID = new Map(ENDPOINTS.map((e) => [e.id, e]));
export function endpointById(id) {
  const spec = BY_ID.get(id);
  if (!spec) throw new Error(\`Unknown endpoint id: \${id}\`);
  return spec;
}
export function isEndpointId(id) {
  return BY_ID.has(id);
}
`;
}
