/**
 * "Remove gone rows" of a managed table, in two calls so the seller decides in between: the
 * first names the gone rows and every cell the seller typed on them, writing nothing; the
 * second removes them only if the table still has the same gone rows and seller cells (a row
 * gone or a cell typed since is asked about again, never removed unseen).
 */
import { planGoneRows, type SellerCell } from "../imports/goneRows";
import { parseTableRecord } from "../imports/managedTable";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";

/** What the seller is asked about before the gone rows go. */
export interface GoneRowsQuestion {
  readonly sheetName: string;
  /** Rows to remove (a gone product's copies included). */
  readonly rows: number;
  readonly ids: readonly string[];
  /** Of `ids`, those only below the top N rows the last import kept, not gone from the API. */
  readonly belowTop: readonly string[];
  readonly sellerCells: readonly SellerCell[];
  /** What the removal checks is still so (the rows and cells named). */
  readonly token: string;
}

/** What a removal did. */
export interface GoneRowsResult {
  readonly sheetName: string;
  readonly removed: number;
  /** Seller cells removed with their rows (all of them named in the question). */
  readonly sellerCells: number;
}

function* planOf(p: SidebarPorts, sheetName: string) {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (!record)
    throw new Error(
      `${sheetName} is not a table the add-in keeps by product: import into it first (the Import section)`,
    );
  const grid = yield* io(() => p.tables.read(sheetName));
  if (!grid) throw new Error(`The sheet ${sheetName} is gone: import it again`);
  return planGoneRows(grid, record);
}

const tokenOf = (plan: ReturnType<typeof planGoneRows>): string =>
  JSON.stringify([plan.rows, plan.sellerCells]);

/** The gone rows and the seller's cells on them; nothing is written. */
export function* goneRows(p: SidebarPorts, sheetName: string): Op<GoneRowsQuestion> {
  const plan = yield* planOf(p, sheetName);
  return {
    sheetName,
    rows: plan.rows.length,
    ids: plan.ids,
    belowTop: plan.belowTop,
    sellerCells: plan.sellerCells,
    token: tokenOf(plan),
  };
}

/**
 * Remove the gone rows the seller was asked about (`token` from goneRows): those sheet rows
 * are deleted whole (rows below move up with everything on them, as the host's Delete row
 * moves them), and the gone products leave the table's record. Logged in the refresh log.
 */
export function* removeGoneRows(
  p: SidebarPorts,
  sheetName: string,
  token: string,
): Op<GoneRowsResult> {
  const plan = yield* planOf(p, sheetName);
  if (tokenOf(plan) !== token)
    throw new Error(
      `${sheetName} changed since you were asked (a row or a cell you typed): nothing was removed; choose Remove gone rows again to see what it would remove now`,
    );
  if (plan.rows.length > 0) {
    yield* io(() => p.tables.deleteRows(sheetName, plan.rows));
    yield* io(() => p.tables.writeRecord(sheetName, JSON.stringify(plan.record)));
  }
  const stamp = yield* io(() => p.stamp(new Date(p.now()).toISOString()));
  yield* logRefresh(p.tables, stamp, {
    what: `Removed gone rows of ${sheetName}`,
    requests: 0,
    rowsChanged: plan.rows.length,
    errors: "",
    ...(plan.sellerCells.length
      ? { kept: `removed with their rows: ${plan.sellerCells.map((c) => c.cell).join(", ")}` }
      : {}),
  });
  return { sheetName, removed: plan.rows.length, sellerCells: plan.sellerCells.length };
}
