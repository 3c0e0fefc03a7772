/**
 * What a team does with a managed table beyond refreshing it: re-sort it when the seller asks
 * (refreshes never do). Written once over the ports, like service.ts, which lists these
 * operations among its own.
 */
import { parseTableRecord } from "../imports/managedTable";
import { planResort } from "../imports/resort";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";

/** What a re-sort did. */
export interface ResortResult {
  readonly sheetName: string;
  /** The column it ordered by ("Total profit"). */
  readonly by: string;
  readonly rows: number;
  /** Rows that changed place (0: already in order). */
  readonly moved: number;
}

/** The table's record, or a sentence saying why this sheet has none. */
function* recordOf(p: SidebarPorts, sheetName: string) {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (!record)
    throw new Error(
      `${sheetName} is not a table the add-in keeps by product: import into it first (the Import section)`,
    );
  return record;
}

/**
 * Re-sort a managed table by profit, highest first, moving whole rows: the seller's cells to
 * the right and in inserted columns go with their product. Logged in the refresh log.
 */
export function* resortTable(p: SidebarPorts, sheetName: string): Op<ResortResult> {
  const record = yield* recordOf(p, sheetName);
  const grid = yield* io(() => p.tables.read(sheetName));
  if (!grid) throw new Error(`The sheet ${sheetName} is gone: import it again`);
  const plan = planResort(grid, record);
  if (plan.moved > 0)
    yield* io(() => p.tables.moveRows(sheetName, plan.top, plan.order, plan.width));
  const stamp = yield* io(() => p.stamp(new Date(p.now()).toISOString()));
  yield* logRefresh(p.tables, stamp, {
    what: `Re-sorted ${sheetName} by ${plan.header}`,
    requests: 0,
    rowsChanged: plan.moved,
    errors: "",
  });
  return { sheetName, by: plan.header, rows: plan.order.length, moved: plan.moved };
}
