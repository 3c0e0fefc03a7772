/** Which formulas are ours: they call one of the catalog's functions. */
import { CATALOG } from "../../../functions";

const OURS = new RegExp(`\\b(${CATALOG.map((f) => f.name).join("|")})\\s*\\(`, "i");

/** True for a formula that calls one of our functions. */
export function isOurFormula(formula: string): boolean {
  return formula.startsWith("=") && OURS.test(formula);
}
