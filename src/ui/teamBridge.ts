/**
 * The team-workbook part of the bridge (issue 20): re-sort a managed table on request. Each
 * host supplies it (hosts/shared/asyncTeam.ts, hosts/sheets/sidebar/sheetsTeam.ts).
 */
import type { ProductHistory, SnapshotResult } from "../sidebar/history";
import type { ResortResult } from "../sidebar/teamTables";

export type { ProductHistory, ResortResult, SnapshotResult };

export interface TeamBridge {
  /** Re-sort a managed table by profit, highest first, moving whole rows. */
  resortTable(sheetName: string): Promise<ResortResult>;
  /** Append the table's key figures, dated, to the History sheet. */
  keepSnapshot(sheetName: string): Promise<SnapshotResult>;
  /** One product's snapshots (profit and price over time). */
  productHistory(productId: string): Promise<ProductHistory>;
}
