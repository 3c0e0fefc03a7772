/**
 * The basis a managed table was made on (issue 20: one basis everywhere, every table says its
 * basis), kept in the table's record: the stamp's words, the parts taken from the seller's
 * setting (a part the import fixed itself, such as its own VAT choice, is not), and for an
 * import its definition, so the sidebar can say which tables a new basis leaves behind and
 * refresh them.
 */
import { describeBasis, type ProfitBasis } from "../functions/basis";
import { importTitle } from "./plan";
import type { ImportDefinition } from "./definitions";

export interface TableBasis {
  /** "Basis: output VAT counted as a cost, 180-day sales window, ..." as the stamp says. */
  readonly text: string;
  /** Present: the table took it from the setting. */
  readonly countVat?: boolean;
  readonly salesWindowDays?: number;
  /** An import's definition (no secret): how to refresh it on the new basis. */
  readonly source?: ImportDefinition;
}

/** The basis an import's table stands on, as importTitle states it. */
export function importBasis(def: ImportDefinition, basis: ProfitBasis): TableBasis | null {
  const text = importTitle(def, basis).split("\n")[1];
  if (text === undefined) return null; // B/C shop overviews: VAT is no cost there
  const o = def.options ?? {};
  return {
    text,
    ...(o.vat === undefined ? { countVat: basis.countVat } : {}),
    ...(def.marketplace === "A" && o.lookbackDays === undefined
      ? { salesWindowDays: basis.salesWindowDays }
      : {}),
    source: def,
  };
}

/** A pricing sheet's basis: VAT for every marketplace, the sales window for A's lists. */
export function pricingBasis(basis: ProfitBasis, windowToo: boolean): TableBasis {
  return {
    text: describeBasis(basis, undefined, windowToo),
    countVat: basis.countVat,
    ...(windowToo ? { salesWindowDays: basis.salesWindowDays } : {}),
  };
}

/** Whether a part the table took from the setting differs from the setting now. */
export function onOtherBasis(t: TableBasis, now: ProfitBasis): boolean {
  return (
    (t.countVat !== undefined && t.countVat !== now.countVat) ||
    (t.salesWindowDays !== undefined && t.salesWindowDays !== now.salesWindowDays)
  );
}
