/** Arguments typed in the builder -> formula text, and -> the values a preview passes. */
import type { CellInput } from "../functions/cells";
import type { ParamSpec } from "../functions/define";

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const PERCENT = /^[-+]?(\d+\.?\d*|\.\d+)%$/;

/** One typed argument as formula text: numbers, percents and TRUE/FALSE bare, text quoted. */
export function argumentText(param: ParamSpec, raw: string): string {
  const text = raw.trim();
  if (text === "") return "";
  if (NUMBER.test(text) || PERCENT.test(text)) return text;
  if (
    (param.type === "boolean" || param.allowed?.includes("TRUE")) &&
    /^(true|false)$/i.test(text)
  ) {
    return text.toUpperCase();
  }
  return `"${text.replace(/"/g, '""')}"`;
}

/** `=PREFIXNAME(a, , "b")` with trailing empty arguments dropped. */
export function formulaText(
  prefix: string,
  name: string,
  params: readonly ParamSpec[],
  raw: readonly string[],
): string {
  const parts = params.map((p, i) => argumentText(p, raw[i] ?? ""));
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return `=${prefix}${name}(${parts.join(", ")})`;
}

/** One typed argument as the value a cell would pass (numbers, percents as fractions, booleans). */
export function argumentValue(param: ParamSpec, raw: string): CellInput {
  const text = raw.trim();
  if (text === "") return "";
  if (NUMBER.test(text)) return Number(text);
  if (PERCENT.test(text)) return Number(text.slice(0, -1)) / 100;
  if (param.type === "boolean" && /^(true|false)$/i.test(text))
    return text.toUpperCase() === "TRUE";
  return text;
}
