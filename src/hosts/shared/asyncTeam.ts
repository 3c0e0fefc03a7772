/** The team-workbook bridge of Excel and the web demo: the sidebar service in the page. */
import type { SchedulerStatus } from "../../core/schedule/scheduler";
import { zonedTime } from "../../imports/table";
import type { RefreshStamp } from "../../sidebar/ports";
import { keyPrefixOf } from "../../ui/keyForm";
import type { TeamBridge } from "../../ui/teamBridge";
import type { ChartPlan } from "../../ui/charts/chartPlan";
import { historyChartPlan } from "../../ui/charts/historyPlan";
import { HISTORY_CHART_SHEET, type SnapshotResult } from "../../sidebar/history";
import { runJob, type JobClient } from "../../sidebar/jobs/driveJob";
import { refreshScopeWords, type CellRequests } from "../../sidebar/refreshLog";

/** For promises whose failure changes nothing (a log row). */
export const noop = (): void => undefined;

/**
 * A refresh of formula cells in the refresh log, waited for at most 2 s: the log never fails
 * or holds up a refresh that was done.
 */
export function logCellsRefresh(
  service: () => Promise<{
    logFormulaRefresh(
      scope: string,
      cells: number,
      counted?: CellRequests | null,
    ): Promise<unknown>;
  }>,
  scope: string,
  cells: number,
  counted: CellRequests | null = null,
): Promise<void> {
  const write = service().then((s) =>
    s.logFormulaRefresh(refreshScopeWords(scope), cells, counted),
  );
  const later = new Promise<void>((resolve) => setTimeout(resolve, 2000));
  return Promise.race([write.then(noop, noop), later]);
}

/** How long a refresh waits for its cells' requests before it logs them (then: "still waiting"). */
const SETTLE_MS = 5000;
const POLL_MS = 100;

/**
 * The requests a refresh of formula cells caused, counted by the cells' scheduler from
 * `before` (its `requestsSent`; a sidebar action on the same key meanwhile counts too): read
 * once its queue is empty twice in a row (a recalculation starts its cells a moment after the
 * refresh returns), or after SETTLE_MS with how many calls still wait.
 */
export async function cellRequestsSince(
  before: SchedulerStatus | null,
  status: () => Promise<SchedulerStatus | null>,
): Promise<CellRequests | null> {
  const started = Date.now();
  let idle = 0;
  let now: SchedulerStatus | null = before;
  while (Date.now() - started < SETTLE_MS && idle < 2) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    now = (await status()) ?? now;
    idle = now && now.queuedCalls + now.inFlight === 0 ? idle + 1 : 0;
  }
  // No scheduler before the refresh: nothing had been sent on this key yet.
  if (!now) return null;
  return {
    requests: now.requestsSent - (before?.requestsSent ?? 0),
    waiting: now.queuedCalls + now.inFlight,
  };
}

/** Office.js and the browser name no user: the stamp says "this computer" and the key's prefix. */
export function pageStamp(apiKey: string | null | undefined): (iso: string) => RefreshStamp {
  return (iso) => ({
    when: zonedTime(iso),
    who: apiKey ? `this computer, key ${keyPrefixOf(apiKey)}` : "this computer",
  });
}

/** The service members it needs (promised, as asyncService makes them). */
type TeamService = Omit<TeamBridge, "keepSnapshot">;

/** `jobs`: the page's job calls (a snapshot is a job, one step). */
export function asyncTeamBridge(
  service: () => Promise<TeamService & { historyChartBlock(id: string): Promise<number> }>,
  workbook: { insertChart?(plan: ChartPlan): Promise<void> },
  jobs: JobClient,
): TeamBridge {
  const insert = workbook.insertChart?.bind(workbook);
  return {
    ...(insert
      ? {
          insertHistoryChart: async (id: string, product: string) => {
            const rows = await (await service()).historyChartBlock(id);
            await insert(historyChartPlan(HISTORY_CHART_SHEET, rows, product));
            return { sheet: HISTORY_CHART_SHEET };
          },
        }
      : {}),
    resortTable: async (sheetName) => (await service()).resortTable(sheetName),
    goneRows: async (sheetName) => (await service()).goneRows(sheetName),
    removeGoneRows: async (sheetName, token) => (await service()).removeGoneRows(sheetName, token),
    keepSnapshot: (sheetName) => runJob(jobs, "snapshot", { sheetName }) as Promise<SnapshotResult>,
    productHistory: async (id) => (await service()).productHistory(id),
    freezeValues: async (scope, unfreeze) => (await service()).freezeValues(scope, unfreeze),
  };
}
