/**
 * The team-workbook part of the bridge (issue 20): re-sort a managed table on request. Each
 * host supplies it (hosts/shared/asyncTeam.ts, hosts/sheets/sidebar/sheetsTeam.ts).
 */
import type { ResortResult } from "../sidebar/teamTables";

export type { ResortResult };

export interface TeamBridge {
  /** Re-sort a managed table by profit, highest first, moving whole rows. */
  resortTable(sheetName: string): Promise<ResortResult>;
}
