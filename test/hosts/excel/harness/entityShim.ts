/**
 * What Excel does with an entity value a custom function returns, modelled from Microsoft's
 * documentation (learn.microsoft.com: "Use data types with custom functions in Excel", "Use
 * cards with cell value data types", Excel.EntityCellValue / CardLayoutSection): a shape check
 * no kinder than Excel (a card section naming a missing property shows nothing; nested
 * referencedValues are a #VALUE!), and dot syntax / FIELDVALUE reading a property.
 */

/** Why Excel would not show this entity as documented; [] when it would. */
export function entityProblems(value: unknown): string[] {
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
    if (!isObj(p) || typeof p.type !== "string" || !("basicValue" in p))
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
