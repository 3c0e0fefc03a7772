/** The team-workbook bridge of Excel and the web demo: the sidebar service in the page. */
import type { TeamBridge } from "../../ui/teamBridge";

/** The service members it needs (promised, as asyncService makes them). */
type TeamService = { [K in keyof TeamBridge]: TeamBridge[K] };

export function asyncTeamBridge(service: () => Promise<TeamService>): TeamBridge {
  return {
    resortTable: async (sheetName) => (await service()).resortTable(sheetName),
  };
}
