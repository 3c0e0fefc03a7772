/** The team-workbook bridge of the Sheets sidebar: one server call per action. */
import type { TeamBridge } from "../../../ui/teamBridge";
import type { serverProxy } from "./serverProxy";

export function sheetsTeamBridge(server: ReturnType<typeof serverProxy>): TeamBridge {
  return {
    resortTable: (sheetName) => server.sidebarResortTable(sheetName),
    keepSnapshot: (sheetName) => server.sidebarKeepSnapshot(sheetName),
    productHistory: (id) => server.sidebarProductHistory(id),
    freezeValues: (scope, unfreeze) => server.sidebarFreezeValues(scope, unfreeze),
  };
}
