/**
 * The team-workbook part of the bridge (issue 20): re-sort a managed table on request. Each
 * host supplies it (hosts/shared/asyncTeam.ts, hosts/sheets/sidebar/sheetsTeam.ts).
 */
import type { ProductHistory, SnapshotResult } from "../sidebar/history";
import type { ResortResult } from "../sidebar/teamTables";
import type { FreezeResult } from "../sidebar/freeze";
import type { GoneRowsQuestion, GoneRowsResult } from "../sidebar/goneRows";

export type { GoneRowsQuestion, GoneRowsResult, ProductHistory, ResortResult, SnapshotResult };

export interface TeamBridge {
  /** Re-sort a managed table by profit, highest first, moving whole rows. */
  resortTable(sheetName: string): Promise<ResortResult>;
  /** A table's gone rows and every cell the seller typed on them (nothing written). */
  goneRows(sheetName: string): Promise<GoneRowsQuestion>;
  /** Remove them, after the seller's yes to that question (its token). */
  removeGoneRows(sheetName: string, token: string): Promise<GoneRowsResult>;
  /** Append the table's key figures, dated, to the History sheet. */
  keepSnapshot(sheetName: string): Promise<SnapshotResult>;
  /**
   * Replace the add-in's formulas in the selection or sheet by their values, keeping each
   * formula (`unfreeze` puts them back).
   */
  freezeValues(scope: "selection" | "sheet", unfreeze?: boolean): Promise<FreezeResult>;
  /**
   * A native chart of one product's profit per snapshot, on the History chart sheet; absent
   * where the host has no native charts (the web demo).
   */
  insertHistoryChart?(productId: string, product: string): Promise<{ sheet: string }>;
  /** One product's snapshots (profit and price over time). */
  productHistory(productId: string): Promise<ProductHistory>;
}
