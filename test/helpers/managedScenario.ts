/**
 * The team-workbook scenario of issue 20, host-free: after an import the seller types notes in
 * the column right of the table and inserts a "Supplier" column inside it with three values;
 * refreshes follow; then each note and supplier must still sit on its product's row. Each host's
 * test supplies the sheet's cells and how a seller edits them there.
 */

/** A sheet as the seller edits it (0-based rows and columns). */
export interface SellerSheet {
  /** The sheet's values from A1 to its last used cell. */
  values(): Promise<unknown[][]>;
  /** Type a value into one cell. */
  type(row: number, col: number, value: string): Promise<void>;
  /** Insert an empty column before `col`, shifting the rest right (as the host's menu does). */
  insertColumn(col: number): Promise<void>;
}

/** What the seller typed, by product id. */
export interface SellerCells {
  readonly notes: ReadonlyMap<string, string>;
  readonly suppliers: ReadonlyMap<string, string>;
}

/** Rows (1-based under the header) whose products get a note and a supplier. */
const PICKED_ROWS = [1, 4, 8];

const idColumn = (header: unknown[]): number => {
  const at = header.findIndex((h) => String(h) === "Item id" || String(h) === "Product id");
  if (at < 0) throw new Error(`No id column in ${JSON.stringify(header)}`);
  return at;
};

/** The seller's edits: a "Supplier" column inserted as the 4th column, notes right of the table. */
export async function sellerTypesBeside(sheet: SellerSheet): Promise<SellerCells> {
  const before = await sheet.values();
  const header = before[0] ?? [];
  const idAt = idColumn(header);
  const ids = PICKED_ROWS.map((r) => String(before[r]?.[idAt]));
  const notesAt = header.length + 1; // the table's width grows by the inserted column
  await sheet.insertColumn(3);
  await sheet.type(0, 3, "Supplier");
  await sheet.type(0, notesAt, "Notes");
  const notes = new Map<string, string>();
  const suppliers = new Map<string, string>();
  for (const [i, r] of PICKED_ROWS.entries()) {
    const id = ids[i] ?? "";
    notes.set(id, `note for ${id}`);
    suppliers.set(id, `supplier ${i + 1}`);
    await sheet.type(r, notesAt, `note for ${id}`);
    await sheet.type(r, 3, `supplier ${i + 1}`);
  }
  return { notes, suppliers };
}

/** How many notes and suppliers sit on their product's row now, and only there (3/3 is the goal). */
export function besideTheirProduct(
  values: readonly unknown[][],
  typed: SellerCells,
): { notes: number; suppliers: number } {
  const header = values[0] ?? [];
  const idAt = idColumn([...header]);
  const notesAt = header.findIndex((h) => h === "Notes");
  const supplierAt = header.findIndex((h) => h === "Supplier");
  const rowOf = new Map(values.slice(1).map((r) => [String(r[idAt]), r]));
  // A copy of a note on another product's row (a move that left a cell behind) counts
  // against it: 3 means each typed cell on its product's row and nowhere else.
  const count = (cells: ReadonlyMap<string, string>, at: number): number => {
    if (at < 0) return 0;
    const beside = [...cells].filter(([id, text]) => rowOf.get(id)?.[at] === text).length;
    const strays = values
      .slice(1)
      .filter((r) => r[at] !== undefined && r[at] !== null && r[at] !== "")
      .filter((r) => cells.get(String(r[idAt])) !== r[at]).length;
    return beside - strays;
  };
  return { notes: count(typed.notes, notesAt), suppliers: count(typed.suppliers, supplierAt) };
}

/** The table's item ids top to bottom (to show a refresh kept the sheet's order). */
export function idsInOrder(values: readonly unknown[][]): string[] {
  const idAt = idColumn([...(values[0] ?? [])]);
  return values
    .slice(1)
    .map((r) => String(r[idAt] ?? ""))
    .filter((id) => id !== "");
}

/** The table's profit column top to bottom, for the rows that have a number there. */
export function profitsInOrder(values: readonly unknown[][]): number[] {
  const at = (values[0] ?? []).findIndex((h) => h === "Total profit");
  if (at < 0) throw new Error("No Total profit column");
  // Rows of products gone from the answer, or below a limited import's top N, sort below the
  // ranked ones (imports/resort.ts).
  const statusAt = (values[0] ?? []).findIndex((h) => h === "Status");
  return values
    .slice(1)
    .filter(
      (r) =>
        !/^(Not in the API's answer|Below the top [\d,]+ rows)/.test(String(r[statusAt] ?? "")),
    )
    .map((r) => r[at])
    .filter((v): v is number => typeof v === "number");
}

/** True when the numbers go from highest to lowest. */
export const highestFirst = (xs: readonly number[]): boolean =>
  xs.every((x, i) => i === 0 || (xs[i - 1] ?? x) >= x);
