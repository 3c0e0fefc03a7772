/**
 * What Excel does with an entity value a custom function returns, modelled from Microsoft's
 * documentation (learn.microsoft.com: "Use data types with custom functions in Excel", "Use
 * cards with cell value data types", Excel.EntityCellValue / CardLayoutSection): a shape check
 * no kinder than Excel (a card section naming a missing property shows nothing; nested
 * referencedValues are a #VALUE!), and dot syntax / FIELDVALUE reading a property.
 */

/** What the fake Excel has: reference methods (Function cell values) need ExcelApi 1.19. */
export interface EntityHost {
  readonly excelApi119?: boolean;
  /** The manifest's custom functions namespace, which a method reference must name. */
  readonly namespace?: string;
  /**
   * How the calling object comes back (FAKES.md E-C17: that Excel passes every property back
   * as written is not stated). "asWritten" (default): a JSON copy; "numbersAsText": every
   * Double a String of its number, formats dropped; "textAsTyped": a String that reads as a
   * number or TRUE/FALSE becomes a Double or a Boolean, as a typed cell would.
   */
  readonly callingObject?: "asWritten" | "numbersAsText" | "textAsTyped";
}

/** A property as Excel rewrote it in `mode`. */
function rewritten(p: unknown, mode: EntityHost["callingObject"]): unknown {
  if (p === null || typeof p !== "object") return p;
  const { type, basicValue } = p as { type?: unknown; basicValue?: unknown };
  if (mode === "numbersAsText" && type === "Double")
    return { type: "String", basicValue: String(basicValue) };
  if (mode === "textAsTyped" && type === "String" && typeof basicValue === "string") {
    if (/^(true|false)$/i.test(basicValue))
      return { type: "Boolean", basicValue: /^true$/i.test(basicValue) };
    if (basicValue.trim() !== "" && Number.isFinite(Number(basicValue)))
      return { type: "Double", basicValue: Number(basicValue) };
  }
  return p;
}

/** Why a Function property is not a documented reference method; null when it is. */
function methodProblem(name: string, p: Record<string, unknown>, host: EntityHost): string | null {
  if (!host.excelApi119) return `property ${name} is a Function value, which needs ExcelApi 1.19`;
  if (p.functionType !== "JavaScriptReference")
    return `method ${name}: functionType must be JavaScriptReference`;
  if (p.namespace !== (host.namespace ?? "MKT"))
    return `method ${name}: namespace ${String(p.namespace)} is not the manifest's`;
  if (typeof p.id !== "string" || p.id !== p.id.toUpperCase())
    return `method ${name}: id must be the custom function's id in upper case`;
  return null;
}

/** Why Excel would not show this entity as documented; [] when it would. */
export function entityProblems(value: unknown, host: EntityHost = {}): string[] {
  const problems: string[] = [];
  const isObj = (x: unknown): x is Record<string, unknown> =>
    x !== null && typeof x === "object" && !Array.isArray(x);
  if (!isObj(value)) return ["not an object"];
  if (value.type !== "Entity") problems.push(`type ${String(value.type)} is not "Entity"`);
  if (typeof value.text !== "string" || value.text === "") problems.push("no text");
  const props = value.properties;
  if (!isObj(props)) return [...problems, "no properties"];
  for (const [name, p] of Object.entries(props)) {
    // Each nested property must have a type and basicValue setting (the card article).
    if (isObj(p) && p.type === "Function") {
      const problem = methodProblem(name, p, host);
      if (problem) problems.push(problem);
    } else if (!isObj(p) || typeof p.type !== "string" || !("basicValue" in p))
      problems.push(`property ${name} lacks type or basicValue`);
    else if (p.type === "Double" && typeof p.basicValue !== "number")
      problems.push(`property ${name}: a Double's basicValue must be a number`);
    else if (p.type === "String" && typeof p.basicValue !== "string")
      problems.push(`property ${name}: a String's basicValue must be text`);
    else if (!["Double", "String", "Boolean", "FormattedNumber", "Entity"].includes(p.type))
      problems.push(`property ${name}: type ${p.type} is not one a custom function returns here`);
    if (isObj(p) && "referencedValues" in p) problems.push(`nested referencedValues in ${name}`);
  }
  const card = isObj(value.layouts) ? value.layouts.card : undefined;
  if (!isObj(card)) return [...problems, "no layouts.card"];
  const title = card.title;
  if (isObj(title) && !(String(title.property) in props))
    problems.push(`card title names a missing property ${String(title.property)}`);
  if (!Array.isArray(card.sections)) return [...problems, "card has no sections"];
  for (const s of card.sections as unknown[]) {
    if (!isObj(s) || !["List", "Table", "TwoColumn"].includes(String(s.layout)))
      problems.push("a section's layout is not List, Table or TwoColumn");
    else if (!Array.isArray(s.properties)) problems.push("a section has no properties list");
    else
      for (const n of s.properties as unknown[])
        if (!(String(n) in props))
          problems.push(`section ${String(s.title)} names missing ${String(n)}`);
        else if (
          isObj(props[String(n)]) &&
          (props[String(n)] as { type?: unknown }).type === "Function"
        )
          problems.push(
            `section ${String(s.title)} lists method ${String(n)}: methods are not on the card`,
          );
  }
  return problems;
}

/** `=B2.name` / `FIELDVALUE(B2, "name")`: the property's value, or Excel's #FIELD! error. */
export function fieldValue(value: unknown, name: string): unknown {
  const props = (value as { properties?: Record<string, { type: string; basicValue: unknown }> })
    ?.properties;
  // Excel matches field names without regard to case.
  const key = Object.keys(props ?? {}).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined || !props) return { error: "#FIELD!" };
  const p = props[key];
  // A formatted number keeps its format through the reference; a text is its text.
  return p?.type === "Double" && "numberFormat" in p ? p : p?.basicValue;
}

/** functions.json as far as a method call reads it. */
interface MethodMetadata {
  readonly id: string;
  readonly parameters: ReadonlyArray<{ readonly type: string; readonly optional?: boolean }>;
  readonly options?: { readonly capturesCallingObject?: boolean };
}

/**
 * `=B2.Method(args)` as Microsoft documents it: the entity's property `method` must be a
 * JavaScriptReference Function value (ExcelApi 1.19) naming a functions.json id; with
 * capturesCallingObject the entity is passed first (declared type any), the seller's arguments
 * after it, omitted optional ones as null, the invocation last. The function gets Excel's copy
 * of the entity (JSON), never the object the add-in returned. A missing method is #FIELD!.
 */
export async function callMethod(
  entity: unknown,
  method: string,
  args: readonly unknown[],
  excel: {
    readonly host: EntityHost;
    readonly functions: readonly MethodMetadata[];
    readonly associated: ReadonlyMap<string, unknown>;
  },
): Promise<unknown> {
  const props = (entity as { properties?: Record<string, Record<string, unknown>> })?.properties;
  const ref = props?.[method]; // exact name: the shim does not guess case
  if (!ref || ref.type !== "Function") return { error: "#FIELD!" };
  const problem = methodProblem(method, ref, excel.host);
  if (problem) throw new Error(problem);
  const meta = excel.functions.find((f) => f.id === ref.id);
  const fn = excel.associated.get(String(ref.id));
  if (!meta || typeof fn !== "function") throw new Error(`no custom function ${String(ref.id)}`);
  const captures = meta.options?.capturesCallingObject === true;
  if (captures && meta.parameters[0]?.type !== "any")
    throw new Error(`${meta.id}: the calling object's parameter must be of type any`);
  const own = meta.parameters.slice(captures ? 1 : 0);
  if (args.length > own.length) return { error: "#VALUE!" };
  const passed = own.map((p, i) => {
    if (args[i] === undefined && !p.optional)
      throw new Error(`${meta.id}: argument ${i + 1} missing`);
    return args[i] ?? null;
  });
  const callingObject = JSON.parse(JSON.stringify(entity)) as { properties?: object };
  const mode = excel.host.callingObject ?? "asWritten";
  if (mode !== "asWritten" && callingObject.properties)
    callingObject.properties = Object.fromEntries(
      Object.entries(callingObject.properties).map(([k, v]) => [k, rewritten(v, mode)]),
    );
  const invocation = { functionName: meta.id, address: "Sheet1!B3" };
  return (fn as (...a: unknown[]) => Promise<unknown>)(
    ...(captures ? [callingObject] : []),
    ...passed,
    invocation,
  );
}
