/** The team-workbook bridge of the Sheets sidebar: one server call per action (a job's steps). */
import type { TeamBridge } from "../../../ui/teamBridge";
import { historyChartPlan } from "../../../ui/charts/historyPlan";
import { HISTORY_CHART_SHEET } from "../../../sidebar/history";
import { runJob, type JobClient } from "../../../sidebar/jobs/driveJob";
import type { SnapshotResult } from "../../../sidebar/history";
import type { serverProxy } from "./serverProxy";

/** `jobs`: the sidebar's job calls (a snapshot is a job, one step). */
export function sheetsTeamBridge(
  server: ReturnType<typeof serverProxy>,
  jobs: JobClient,
): TeamBridge {
  return {
    resortTable: (sheetName) => server.sidebarResortTable(sheetName),
    goneRows: (sheetName) => server.sidebarGoneRows(sheetName),
    removeGoneRows: (sheetName, token) => server.sidebarRemoveGoneRows(sheetName, token),
    keepSnapshot: (sheetName) => runJob(jobs, "snapshot", { sheetName }) as Promise<SnapshotResult>,
    productHistory: (id) => server.sidebarProductHistory(id),
    async insertHistoryChart(id, product) {
      const rows = await server.sidebarHistoryChartBlock(id);
      await server.sidebarInsertChart(historyChartPlan(HISTORY_CHART_SHEET, rows, product));
      return { sheet: HISTORY_CHART_SHEET };
    },
    freezeValues: (scope, unfreeze) => server.sidebarFreezeValues(scope, unfreeze),
  };
}
