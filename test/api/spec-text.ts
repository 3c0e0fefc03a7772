/**
 * Reads docs/api-spec.md (and docs/contract-notes.md) as text and checks an endpoint table
 * against it. Kept apart from the test so the test can also feed it a deliberately broken
 * table and see the checker complain.
 */
import type { EndpointSpec, FieldDefault, FieldSpec, FieldType } from "../../src/api/types";

/** One body field as the spec text states it. */
export interface SpecField {
  name: string;
  type?: FieldType;
  required: boolean;
  default?: FieldDefault;
  /** "number 0 to 1" in the spec. */
  min?: number;
  max?: number;
  enum?: string[];
  /** Element fields of an array of objects ("each: itemId, optional skuId"). */
  elements?: { name: string; optional: boolean }[];
}

/** One endpoint as the spec text states it. */
export interface SpecEndpoint {
  id: string | null;
  method: string;
  path: string;
  block: string;
  /** Null when the spec shows no body at all. */
  body: SpecField[] | null;
  bodyOptional: boolean;
  /** Names the spec groups without naming them ("coin settings", "flags"). */
  unnamedGroups: string[];
  response: { typeName: string; kind: string; partial: boolean; text: string } | null;
}

// ---- small text helpers -------------------------------------------------------------------

/** Splits at separators that are not inside parentheses. */
export function splitTop(s: string, seps = ",;"): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (depth === 0 && seps.includes(ch)) {
      parts.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) parts.push(cur.trim());
  return parts.filter((p) => p.length > 0);
}

/** Text up to the first '.' outside parentheses that ends a sentence. */
function sentenceAtDepth0(s: string): string {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "." && depth === 0 && (i + 1 === s.length || /\s/.test(s[i + 1] ?? ""))) {
      return s.slice(0, i);
    }
  }
  return s;
}

const LITERAL = /^(today|true|false|-?\d+(?:\.\d+)?|[A-Z][A-Z_]+)$/;

function literal(s: string): FieldDefault {
  if (s === "true") return true;
  if (s === "false") return false;
  if (/^-?\d/.test(s)) return Number(s);
  return s;
}

/** Type word(s) at the start of a detail: "integer", "string (date)", "number 0 to 1". */
function typeOf(token: string): { type: FieldType; min?: number; max?: number } | undefined {
  const t = token.trim();
  if (/^string \(date\)/.test(t)) return { type: "date" };
  const m = /^(integer|number|string|boolean|array|object)(?: (-?[\d.]+) to (-?[\d.]+))?$/.exec(t);
  if (!m) return undefined;
  const out: { type: FieldType; min?: number; max?: number } = { type: m[1] as FieldType };
  if (m[2] !== undefined && m[3] !== undefined) {
    out.min = Number(m[2]);
    out.max = Number(m[3]);
  }
  return out;
}

function elementsOf(list: string): { name: string; optional: boolean }[] {
  return list
    .split(",")
    .map((e) => e.trim().replace(/\.$/, ""))
    .filter((e) => e.length > 0)
    .map((e) => {
      const m = /^(optional )?([a-zA-Z]\w*)$/.exec(e);
      if (!m) throw new Error(`cannot read element "${e}"`);
      return { name: m[2] ?? "", optional: m[1] !== undefined };
    });
}

/** A default stated in a table's notes cell ("180", "false. Seller is...", "default PROFIT."). */
function defaultInNotes(cell: string): FieldDefault | undefined {
  const head = /^([^\s.,]+)(?:[.,]|$)/.exec(cell.trim());
  if (head?.[1] !== undefined && LITERAL.test(head[1])) return literal(head[1]);
  const m = /\bdefault ([^\s.,]+)/i.exec(cell);
  if (m?.[1] !== undefined && LITERAL.test(m[1])) return literal(m[1]);
  return undefined;
}

/** One prose item: `name` or `name (details)`. */
export function parseProseField(item: string): SpecField {
  const m = /^([a-zA-Z]\w*)(?: \((.*)\))?$/s.exec(item.trim());
  if (!m) throw new Error(`cannot read body item "${item}"`);
  const field: SpecField = { name: m[1] ?? "", required: false };
  const details = m[2];
  if (details === undefined) return field;
  const tokens = splitTop(details);
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] ?? "";
    const each = /^each(?: element)?: (.*)$/s.exec(tok);
    if (each) {
      field.elements = elementsOf([each[1], ...tokens.slice(i + 1)].join(", "));
      break;
    }
    const ty = i === 0 ? typeOf(tok) : undefined;
    if (ty) {
      field.type = ty.type;
      if (ty.min !== undefined) field.min = ty.min;
      if (ty.max !== undefined) field.max = ty.max;
    } else if (tok === "required") field.required = true;
    else if (LITERAL.test(tok)) field.default = literal(tok);
    else {
      const d = /^default (\S+)$/i.exec(tok);
      if (d?.[1] !== undefined && LITERAL.test(d[1])) field.default = literal(d[1]);
    }
  }
  return field;
}

/** The first markdown table in `block` whose header names a field column. */
function parseTable(block: string): SpecField[] | null {
  const lines = block.split("\n").filter((l) => l.startsWith("|"));
  const header = lines[0];
  if (!header || !/\b[Ff]ield\b/.test(header)) return null;
  const cells = (l: string): string[] =>
    l
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
  const cols = cells(header);
  const iName = cols.findIndex((c) => /[Ff]ield/.test(c));
  const iType = cols.indexOf("Type");
  const iReq = cols.indexOf("Req");
  const iNotes = cols.length - 1;
  const notesHaveDefaults = /Default|Notes/.test(cols[iNotes] ?? "");
  return lines.slice(2).map((row) => {
    const c = cells(row);
    const notes = c[iNotes] ?? "";
    const field: SpecField = {
      name: c[iName] ?? "",
      required: iReq >= 0 && c[iReq] === "yes",
    };
    const ty = typeOf(c[iType] ?? "");
    if (ty) field.type = ty.type;
    const dflt = notesHaveDefaults ? defaultInNotes(notes) : undefined;
    if (dflt !== undefined) field.default = dflt;
    const en = /\b([A-Z][A-Z_]+(?: or [A-Z][A-Z_]+)+)\b/.exec(notes);
    if (en?.[1] !== undefined) field.enum = en[1].split(" or ");
    const el = /Each element: ([^.]+)\./.exec(notes);
    if (el?.[1] !== undefined) field.elements = elementsOf(el[1]);
    return field;
  });
}

// ---- the spec as endpoints ----------------------------------------------------------------

const HEADER = /^\*\*(?:([ABC]\d+)\. )?(GET|POST) (\S+?)\*\*/gm;

/** Every endpoint header of the spec with its text, bodies and responses resolved. */
export function parseSpec(spec: string): SpecEndpoint[] {
  const prefixes = new Map<string, string>();
  for (const m of spec.matchAll(/Path prefix (P_[ABC]) = (\/[\w/-]+)/g)) {
    prefixes.set(m[1] ?? "", m[2] ?? "");
  }
  const headers = [...spec.matchAll(HEADER)];
  const out: SpecEndpoint[] = [];
  headers.forEach((h, i) => {
    const start = h.index ?? 0;
    const nextHeader = headers[i + 1]?.index ?? spec.length;
    const nextSection = spec.indexOf("\n#", start);
    const end = Math.min(nextHeader, nextSection < 0 ? spec.length : nextSection);
    const block = spec.slice(start, end);
    const rawPath = h[3] ?? "";
    const path = rawPath.replace(/^P_[ABC]/, (p) => {
      const full = prefixes.get(p);
      if (full === undefined) throw new Error(`unknown prefix ${p}`);
      return full;
    });
    out.push({
      id: h[1] ?? null,
      method: h[2] ?? "",
      path,
      block,
      ...parseBody(block),
      response: parseResponse(block),
    });
  });
  applySharedBodies(spec, out);
  applySectionCommons(spec, out);
  return out;
}

function parseBody(block: string): Pick<SpecEndpoint, "body" | "bodyOptional" | "unnamedGroups"> {
  const bodyOptional = /\b[Oo]ptional body\b/.test(block);
  const table = parseTable(block);
  if (table) return { body: table, bodyOptional, unnamedGroups: [] };
  const intro = /\b(?:Optional body|Body) Mkt\w+(?: \([^)]*\))?(:| with) /.exec(block);
  if (!intro) return { body: null, bodyOptional, unnamedGroups: [] };
  const text = sentenceAtDepth0(block.slice((intro.index ?? 0) + intro[0].length));
  const overrides = /^(.*?) required; optional overrides named (.*)$/s.exec(text);
  if (intro[1] === " with") {
    // "Body X with shopId and productId required; ..." : names only, the rest is inherited.
    const req = /^(.*?) required/.exec(text)?.[1] ?? "";
    return {
      body: req.split(/,\s*|\s+and\s+/).map((name) => ({ name, required: true })),
      bodyOptional,
      unnamedGroups: [],
    };
  }
  if (overrides) {
    const required = (overrides[1] ?? "").split(/,\s*|\s+and\s+/);
    const named = (overrides[2] ?? "").split(/,\s*|\s+and\s+/).map((s) => s.trim());
    const isName = (s: string): boolean => /^[a-z][A-Za-z0-9]*$/.test(s) && s !== "flags";
    return {
      body: [
        ...required.map((name) => ({ name, required: true })),
        ...named.filter(isName).map((name) => ({ name, required: false })),
      ],
      bodyOptional,
      unnamedGroups: named.filter((s) => !isName(s)),
    };
  }
  return { body: splitTop(text, ",").map(parseProseField), bodyOptional, unnamedGroups: [] };
}

function parseResponse(block: string): SpecEndpoint["response"] {
  const m =
    /Response:? (array of )?((?:Mkt|CursorPaginated|OffsetPaginated)\w*(?:<[^>]+>)?)( \[partial\])?/.exec(
      block,
    );
  if (!m) return null;
  const typeName = m[2] ?? "";
  const kind = m[1]
    ? "array"
    : typeName.startsWith("CursorPaginatedResult")
      ? "cursorPage"
      : typeName.startsWith("OffsetPaginatedResult")
        ? "offsetPage"
        : "object";
  return { typeName, kind, partial: m[3] !== undefined, text: block.slice(m.index ?? 0) };
}

function byId(eps: SpecEndpoint[], id: string): SpecEndpoint {
  const e = eps.find((x) => x.id === id);
  if (!e) throw new Error(`spec has no ${id}`);
  return e;
}

/** "Same path parameters and optional body as A8", "A14 to A18 take the same ... as A13". */
function applySharedBodies(spec: string, eps: SpecEndpoint[]): void {
  const inherit = (target: SpecEndpoint, source: SpecEndpoint, optional: boolean): void => {
    const own = new Map((target.body ?? []).map((f) => [f.name, f]));
    target.body = (source.body ?? []).map((f) =>
      own.size > 0 ? { ...f, required: own.get(f.name)?.required ?? false } : { ...f },
    );
    target.bodyOptional = optional || source.bodyOptional;
  };
  for (const m of spec.matchAll(
    /([ABC])(\d+) to [ABC](\d+) take the same path parameters and (optional )?body as ([ABC]\d+)/g,
  )) {
    for (let n = Number(m[2]); n <= Number(m[3]); n++) {
      const target = byId(eps, `${m[1]}${n}`);
      if (target.body === null) inherit(target, byId(eps, m[5] ?? ""), m[4] !== undefined);
    }
  }
  for (const e of eps) {
    const sameBody = /Same (?:path parameters and )?(optional )?body as ([ABC]\d+)/.exec(e.block);
    const sameFields = /Same optional fields as ([ABC]\d+)/.exec(e.block);
    if (sameFields) inherit(e, byId(eps, sameFields[1] ?? ""), false);
    else if (sameBody) inherit(e, byId(eps, sameBody[2] ?? ""), sameBody[1] !== undefined);
  }
}

/**
 * Section preambles: B's "Common optional fields: sellerType (string, default REGULAR), ..."
 * and C's "hasVat defaults to false" give type and default to bare names in that section.
 */
function applySectionCommons(spec: string, eps: SpecEndpoint[]): void {
  const commons: Record<string, SpecField[]> = { A: [], B: [], C: [] };
  const b = /Common optional fields: (.*?)\. /.exec(spec);
  if (b?.[1] !== undefined) commons.B = splitTop(b[1], ",").map(parseProseField);
  for (const m of spec.matchAll(/### 4\.\d Marketplace ([ABC])[^\n]*\n([\s\S]*?)\n\*\*/g)) {
    for (const d of (m[2] ?? "").matchAll(/\b(\w+) defaults to (\w+)/g)) {
      commons[m[1] ?? ""]?.push({
        name: d[1] ?? "",
        required: false,
        default: literal(d[2] ?? ""),
      });
    }
  }
  for (const e of eps) {
    const common = commons[e.id?.[0] ?? ""] ?? [];
    for (const f of e.body ?? []) {
      const c = common.find((x) => x.name === f.name);
      if (!c) continue;
      if (f.type === undefined && c.type !== undefined) f.type = c.type;
      if (f.default === undefined && c.default !== undefined) f.default = c.default;
    }
  }
}

/** Types of the shared identifiers table (spec 2.4), e.g. shopId -> integer. */
export function sharedIdentifierTypes(spec: string): Map<string, FieldType> {
  const section = /### 2\.4[\s\S]*?(?=\n### )/.exec(spec)?.[0] ?? "";
  const types = new Map<string, FieldType>();
  for (const m of section.matchAll(/^\| (\w+) \| (integer|string \(date\)|string) \|/gm)) {
    types.set(m[1] ?? "", m[2] === "string (date)" ? "date" : (m[2] as FieldType));
  }
  return types;
}

// ---- the check ----------------------------------------------------------------------------

/** Fields we add where the spec names a group without naming its fields (our decision). */
export const DECIDED_FIELDS: Readonly<Record<string, { group: string; names: string[] }>> = {
  C5: { group: "flags", names: ["isPreOrder", "isOwnFleetOnly"] },
};

/**
 * B's section preamble names sellerType and hasVat "Common optional fields" of marketplace B,
 * and C's says "hasVat defaults to false"; B5's and C5's own lists do not repeat them (and say
 * further names are not shown), so the profit basis reaches the what-ifs through them
 * (contract notes, "One profit basis").
 */
const SECTION_COMMONS_SENT: Readonly<Record<string, readonly string[]>> = {
  B5: ["sellerType", "hasVat"],
  C5: ["hasVat"],
};

/**
 * Body fields the spec lists bare where every sibling endpoint requires them: B15 names
 * sellerId and region without "(required)", yet a preview cannot run without its shop.
 */
const REQUIRED_BY_DECISION = new Set(["B15.sellerId", "B15.region"]);

/** Element fields the spec lists without "optional" but 2.4 says may be null. */
const NULLABLE_ELEMENTS = new Set(["A21.modelId", "A22.modelId"]);

const PAGE_ENVELOPE = new Set(["data", "nextCursor", "dataFreshAt", "entries"]);

/** Every disagreement between `table` and the spec text; empty when they agree. */
export function checkTable(table: readonly EndpointSpec[], spec: string): string[] {
  const problems: string[] = [];
  const eps = parseSpec(spec);
  const idTypes = sharedIdentifierTypes(spec);
  const partialTypes = new Set([...spec.matchAll(/(Mkt\w+) \[partial\]/g)].map((m) => m[1]));

  for (const s of eps) {
    const label = s.id ?? `${s.method} ${s.path}`;
    const t = s.id
      ? table.find((e) => e.id === s.id)
      : table.find((e) => e.path === s.path && e.method === s.method);
    if (!t) {
      problems.push(`${label}: not in the table (${s.method} ${s.path})`);
      continue;
    }
    const p = (msg: string): number => problems.push(`${label}: ${msg}`);
    if (t.method !== s.method) p(`method ${t.method}, spec ${s.method}`);
    if (t.path !== s.path) p(`path ${t.path}, spec ${s.path}`);
    if (t.extension) p("marked extension but the spec shows it");

    // path parameters: braces <-> pathParams, types from spec 2.4
    const braces = [...t.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const pp = t.pathParams.map((f) => f.name);
    if (braces.join() !== pp.join()) p(`path params ${pp.join()} vs braces ${braces.join()}`);
    for (const f of t.pathParams) {
      if (!f.required) p(`path param ${f.name} not required`);
      const ty = idTypes.get(f.name);
      if (ty && ty !== f.type) p(`path param ${f.name} is ${f.type}, spec 2.4 says ${ty}`);
    }

    checkBody(s, t, idTypes, p);
    checkResponse(s, t, partialTypes, p);

    // status
    const inactive = /Not yet active/.test(s.block);
    if (inactive !== (t.status === "notYetActive")) p(`status ${t.status}`);
    if (inactive) {
      if (!t.inactiveNote) p("inactiveNote missing");
      for (const sentence of (t.inactiveNote ?? "").split(/(?<=\.)\s+/)) {
        if (!s.block.includes(sentence))
          p(`inactiveNote "${sentence}" is not quoted from the spec`);
      }
    } else if (t.inactiveNote !== undefined) p("inactiveNote on an active endpoint");
  }

  const specIds = new Set(eps.map((s) => s.id).filter((x) => x !== null));
  for (const t of table) {
    if (/^[ABC]\d+$/.test(t.id) && !specIds.has(t.id)) problems.push(`${t.id}: not in the spec`);
  }
  return problems;
}

function checkBody(
  s: SpecEndpoint,
  t: EndpointSpec,
  idTypes: Map<string, FieldType>,
  p: (msg: string) => void,
): void {
  if (s.method === "GET") {
    if (t.body.length > 0) p("GET with body fields");
    return;
  }
  if (s.body === null) {
    p("spec body not found by the parser");
    return;
  }
  if (t.bodyRequired === s.bodyOptional) p(`bodyRequired ${t.bodyRequired}`);
  const decided = s.id ? DECIDED_FIELDS[s.id] : undefined;
  if (decided && !s.unnamedGroups.includes(decided.group)) {
    p(`spec no longer names the group "${decided.group}"`);
  }
  const allowedExtra = new Set([
    ...(decided?.names ?? []),
    ...(s.id ? (SECTION_COMMONS_SENT[s.id] ?? []) : []),
  ]);
  const specNames = new Set(s.body.map((f) => f.name));
  for (const f of t.body) {
    if (!specNames.has(f.name) && !allowedExtra.has(f.name)) p(`body field ${f.name} not in spec`);
    if (!f.doc) p(`body field ${f.name} has no doc`);
    if (f.enum && f.default !== undefined && !f.enum.includes(String(f.default))) {
      p(`${f.name} default ${String(f.default)} not in its enum`);
    }
  }
  for (const name of allowedExtra) {
    if (!t.body.some((f) => f.name === name)) p(`decided field ${name} missing`);
  }
  for (const sf of s.body) {
    const tf = t.body.find((f) => f.name === sf.name);
    // Bare names take their type from the shared identifiers of spec 2.4.
    if (sf.type === undefined && idTypes.has(sf.name)) sf.type = idTypes.get(sf.name);
    if (!tf) {
      p(`spec body field ${sf.name} missing`);
      continue;
    }
    checkField(sf, tf, s.bodyOptional, (msg) => p(`${sf.name}: ${msg}`), s.id ?? "");
  }
}

function checkField(
  sf: SpecField,
  tf: FieldSpec,
  bodyOptional: boolean,
  p: (msg: string) => void,
  id: string,
): void {
  const required = (sf.required || REQUIRED_BY_DECISION.has(`${id}.${sf.name}`)) && !bodyOptional;
  if (tf.required !== required) {
    p(`required ${tf.required}, spec ${sf.required}${bodyOptional ? " (optional body)" : ""}`);
  }
  if (sf.type !== undefined && sf.type !== tf.type) p(`type ${tf.type}, spec ${sf.type}`);
  if (sf.default !== tf.default) {
    p(`default ${String(tf.default)}, spec ${String(sf.default)}`);
  }
  if (sf.min !== undefined && tf.min !== sf.min) p(`min ${String(tf.min)}, spec ${sf.min}`);
  if (sf.max !== undefined && tf.max !== sf.max) p(`max ${String(tf.max)}, spec ${sf.max}`);
  if (sf.enum && (tf.enum ?? []).join() !== sf.enum.join()) {
    p(`enum ${(tf.enum ?? []).join()}, spec ${sf.enum.join()}`);
  }
  if (sf.elements) {
    if (tf.type !== "array" || tf.items !== "object" || !tf.fields) {
      p("spec lists element fields; table has no array of objects");
      return;
    }
    const names = tf.fields.map((f) => f.name).join();
    if (names !== sf.elements.map((e) => e.name).join()) {
      p(`elements ${names}, spec ${sf.elements.map((e) => e.name).join()}`);
    }
    for (const e of sf.elements) {
      const ef = tf.fields.find((f) => f.name === e.name);
      if (!ef) continue;
      const mayBeOptional = NULLABLE_ELEMENTS.has(`${id}.${e.name}`);
      if (e.optional && ef.required) p(`element ${e.name} should be optional`);
      if (!e.optional && !ef.required && !mayBeOptional) p(`element ${e.name} should be required`);
    }
  }
}

function checkResponse(
  s: SpecEndpoint,
  t: EndpointSpec,
  partialTypes: Set<string | undefined>,
  p: (msg: string) => void,
): void {
  const r = s.response;
  if (!r) return;
  if (t.response.typeName !== r.typeName) p(`response ${t.response.typeName}, spec ${r.typeName}`);
  if (t.response.kind !== r.kind) p(`response kind ${t.response.kind}, spec ${r.kind}`);
  const entryType = /<(?:[^,>]*, )?(\w+)>$/.exec(r.typeName)?.[1] ?? r.typeName;
  const partial = r.partial || partialTypes.has(entryType);
  if (t.response.partial !== partial) p(`response partial ${t.response.partial}, spec ${partial}`);
  const expectPaging = { cursorPage: "cursor", offsetPage: "offset" }[r.kind];
  if (t.pagination !== expectPaging) p(`pagination ${String(t.pagination)}`);
  const text = r.text;
  const nullable = new Set<string>();
  for (const m of text.matchAll(
    /\b([a-z][A-Za-z0-9]*) \((integer|number|string|boolean|array|object)\b([^)]*)\)/g,
  )) {
    const name = m[1] ?? "";
    if (r.kind !== "object" && r.kind !== "array" && PAGE_ENVELOPE.has(name)) continue;
    // "modelId (integer, null for single-variant)": the reader must take null there.
    if (/\bnull\b/.test(m[3] ?? "") && !PAGE_ENVELOPE.has(name)) nullable.add(name);
    const f = t.response.fields.find((x) => x.name === name);
    if (!f) p(`response field ${name} missing`);
    else if (f.type !== m[2]) p(`response field ${name} is ${f.type}, spec ${m[2]}`);
  }
  for (const f of t.response.fields) {
    if (nullable.has(f.name) && !f.nullable)
      p(`response field ${f.name}: the spec lets it be null`);
    if (f.nullable && !nullable.has(f.name))
      p(`response field ${f.name} nullable, spec does not say`);
  }
  const lines = /object-valued lines ([\w, ]+)\./.exec(text)?.[1];
  for (const name of lines?.split(/,\s*/) ?? []) {
    if (!t.response.fields.some((f) => f.name === name && f.type === "object")) {
      p(`response line ${name} missing`);
    }
  }
}
