/**
 * Which arguments a formula leaves out: in `=MKTA_SIMULATE(1001, "SG", 100012, , "netProfit")`
 * the fourth. The engine passes a left-out argument as 0, which would read as "model 0";
 * Excel and Sheets pass nothing. So the cell's formula text is read once more here.
 */

/** For the one call of `name` in `formula`: true per argument left empty; null when unsure. */
export function omittedArguments(formula: string, name: string): boolean[] | null {
  const calls: boolean[][] = [];
  const upper = formula.toUpperCase();
  const target = name.toUpperCase();
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i];
    if (ch === '"') {
      i = skipString(formula, i);
      continue;
    }
    const before = i === 0 ? "" : (formula[i - 1] ?? "");
    if (
      upper.startsWith(target, i) &&
      !/[A-Z0-9_.]/i.test(before) &&
      formula[i + target.length] === "("
    ) {
      calls.push(argumentMask(formula, i + target.length + 1));
    }
    i++;
  }
  return calls.length === 1 ? (calls[0] ?? null) : null;
}

/** Index after the string literal starting at `start` ("" escapes a quote). */
function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '"') {
      if (text[i + 1] === '"') i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}

/** Empty-or-not per argument of the call whose "(" ends just before `start`. */
function argumentMask(text: string, start: number): boolean[] {
  const mask: boolean[] = [];
  let depth = 0;
  let current = "";
  let i = start;
  while (i < text.length) {
    const ch = text[i] ?? "";
    if (ch === '"') {
      const end = skipString(text, i);
      current += text.slice(i, end);
      i = end;
      continue;
    }
    if (ch === "(" || ch === "{") depth++;
    if ((ch === ")" || ch === "}") && depth > 0) depth--;
    else if (ch === ")" && depth === 0) break;
    if (ch === "," && depth === 0) {
      mask.push(current.trim() === "");
      current = "";
    } else current += ch;
    i++;
  }
  // "F()" has no arguments; "F(1, )" leaves its last one out.
  if (mask.length > 0 || current.trim() !== "") mask.push(current.trim() === "");
  return mask;
}
