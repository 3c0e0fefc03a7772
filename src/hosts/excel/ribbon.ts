/**
 * The ribbon's Refresh menu (manifest.xml: ExecuteFunction buttons whose FunctionName is an
 * action id below), associated in the shared runtime with Office.actions.associate. Each
 * action runs, then tells Excel it is done (event.completed), whatever happened.
 */
import type { RefreshScope } from "./refresh";

/** Ribbon action ids and what each does. */
export const RIBBON_ACTIONS = {
  refreshSelection: { scope: "selection" },
  refreshSheet: { scope: "sheet" },
  refreshWorkbook: { scope: "workbook" },
  refreshErrors: { scope: "errors" },
  refreshStale: { scope: "stale" },
  pauseLiveCalls: { liveCalls: false },
  resumeLiveCalls: { liveCalls: true },
  clearCache: { clear: true },
} as const satisfies Record<
  string,
  { scope: RefreshScope } | { liveCalls: boolean } | { clear: true }
>;

/** What the ribbon's buttons call. */
export interface RibbonHandlers {
  refresh(scope: RefreshScope): Promise<unknown>;
  setLiveCalls(on: boolean): Promise<unknown>;
  clearCache(): Promise<unknown>;
}

/** Office.actions as far as the add-in uses it. */
export interface OfficeActions {
  associate(actionId: string, handler: (event: { completed(): void }) => void): void;
}

/** Associate every ribbon action. */
export function associateRibbon(actions: OfficeActions, handlers: RibbonHandlers): void {
  for (const [id, what] of Object.entries(RIBBON_ACTIONS)) {
    actions.associate(id, (event) => {
      const work =
        "scope" in what
          ? handlers.refresh(what.scope)
          : "liveCalls" in what
            ? handlers.setLiveCalls(what.liveCalls)
            : handlers.clearCache();
      void work.catch(() => undefined).finally(() => event.completed());
    });
  }
}

/** Office.actions, when this runtime has it (ribbon commands, SharedRuntime 1.1). */
export function officeActions(): OfficeActions | null {
  const office = (globalThis as { Office?: { actions?: OfficeActions } }).Office;
  return office?.actions ?? null;
}
