/**
 * Refresh scopes of the web demo (the sidebar's Refresh menu and live-calls switch): forget
 * the cached answers of the cells in scope, forget what those cells showed, and let the
 * engine recalculate, so exactly those cells ask again.
 */
import type { TrackedCell } from "../shared/cellTracker";
import type { ExcelSession } from "../shared/session";
import { LIVE_CALLS_ITEM } from "../shared/settings";
import type { OfficeStorage } from "../shared/officeGlobals";
import type { RefreshScope } from "../../ui/bridge";
import type { HostRefresher } from "../shared/queueView";
import type { FormulaCells } from "./formulaCells";

export interface WebRefresherOptions {
  readonly session: ExcelSession;
  readonly cells: FormulaCells;
  readonly storage: OfficeStorage;
  /** The selection ("Sheet1!A1:C9") and the active sheet's name. */
  readonly selection: () => { address: string; sheet: string };
  readonly recalculate: () => void;
}

/** The sidebar's refresher over the engine's formula cells. */
export function webRefresher(o: WebRefresherOptions): HostRefresher & {
  clearCache(): Promise<void>;
  rerunAt(addresses: readonly string[]): Promise<number>;
} {
  async function rerun(cells: readonly TrackedCell[]): Promise<number> {
    await o.session.forget(cells);
    o.cells.forget(cells.map((c) => c.address));
    o.recalculate();
    return cells.length;
  }
  async function inScope(scope: RefreshScope): Promise<TrackedCell[]> {
    const tracked = o.session.cells;
    switch (scope) {
      case "selection":
        return tracked.within(o.selection().address);
      case "sheet":
        return tracked.onSheet(o.selection().sheet);
      case "workbook":
        return tracked.all();
      case "errors":
        return tracked.all().filter((c) => c.failed);
      case "stale":
        return o.session.olderThanCacheTime();
    }
  }
  const refresher = {
    scopes: ["selection", "sheet", "workbook", "errors", "stale"] as const,
    async refresh(scope: RefreshScope): Promise<number> {
      return rerun(await inScope(scope));
    },
    async setLiveCalls(on: boolean): Promise<void> {
      await o.storage.setItem(LIVE_CALLS_ITEM, on ? "on" : "off");
      o.session.reloadSettings();
      // Cells that said "live calls are paused" answer now.
      if (on) await refresher.refresh("errors");
    },
    async liveCalls(): Promise<boolean> {
      return (await o.session.env()).paused !== true;
    },
    status: () => o.session.schedulerStatus(),
    staleNote: () => Promise.resolve(o.session.staleNote()),
    /** Re-run the cells at these addresses (cells asking again by themselves). */
    rerunAt(addresses: readonly string[]): Promise<number> {
      const wanted = new Set(addresses);
      return rerun(o.session.cells.all().filter((c) => wanted.has(c.address)));
    },
    /** Forget every answer and make every formula cell ask again. */
    async clearCache(): Promise<void> {
      await o.session.clearCache();
      o.cells.forget();
      o.recalculate();
    },
  };
  return refresher;
}
