/**
 * "Insert formula" never writes over a cell that holds something without asking (issue 12),
 * written once for every host: the host puts the formula in the active cell only when it is
 * empty and otherwise names the cell; the seller's yes writes it there, at that address (not
 * wherever the selection moved meanwhile).
 */

/** Where the formula went, or the cell it did not go into because it holds data. */
export interface PlacedFormula {
  readonly address: string;
  readonly written: boolean;
}

/** A host's insert: into the active cell if empty, or at `confirmedAt` whatever it holds. */
export type InsertFormula = (formula: string, confirmedAt?: string) => Promise<PlacedFormula>;

/** The question before a formula replaces what a cell holds. */
export function formulaQuestion(address: string): string {
  return `${address} holds data. Write the formula over it, or leave it as it is?`;
}

/** Insert `formula`, asking through `confirm` before writing over data; no answer, no write. */
export async function insertAsking(
  insert: InsertFormula,
  formula: string,
  confirm?: (question: string) => Promise<boolean>,
): Promise<PlacedFormula> {
  const first = await insert(formula);
  if (first.written || !(await confirm?.(formulaQuestion(first.address)))) return first;
  return insert(formula, first.address);
}
