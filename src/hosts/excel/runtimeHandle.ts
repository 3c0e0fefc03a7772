/**
 * The shared runtime's handle on `globalThis`: functions.js publishes it, the task pane
 * (another bundle in the same runtime) uses it to apply new settings, clear the cache, refresh
 * cells and read the scheduler's status at once. Holds no key.
 */
import type { DriverStats } from "../../core/driverEnv";
import type { Scheduling } from "../../core/schedule/registry";
import type { SchedulerStatus } from "../../core/schedule/scheduler";
import type { HostRefresher } from "../shared/queueView";
import { REFRESH_SCOPES, type RefreshScope } from "./refresh";

export const RUNTIME_HANDLE = "mktExcelRuntime";

export interface ExcelRuntimeHandle {
  /** Re-read the key and base URL from OfficeRuntime.storage on the next call. */
  reloadSettings(): void;
  /** Drop every cached answer, then re-run every formula cell. */
  clearCache(): Promise<void>;
  /** Request and cache counters since the runtime started. */
  readonly stats: Readonly<DriverStats>;
  /** The cells' schedulers, quota and breaker: the task pane queues in the same line. */
  readonly scheduling?: Scheduling;
  /** Function ids associated with Excel. */
  readonly functionIds: readonly string[];
  /** Re-run the formula cells of a scope with fresh answers; resolves with how many. */
  refresh?(scope: RefreshScope): Promise<number>;
  /** Pause (false) or resume (true) live calls for every cell. */
  setLiveCalls?(on: boolean): Promise<void>;
  /** The current key's scheduler at a glance. */
  schedulerStatus?(): Promise<SchedulerStatus>;
  /** Whether live calls are on. */
  liveCalls?(): Promise<boolean>;
  /** Cells showing last good figures while the API fails, for the pane; null: none. */
  staleNote?(): Promise<string | null>;
}

/** Publish the handle (functions.js does this once). */
export function publishRuntimeHandle(handle: ExcelRuntimeHandle): void {
  (globalThis as Record<string, unknown>)[RUNTIME_HANDLE] = handle;
}

/** The handle, when functions.js runs in this page. */
export function runtimeHandle(): ExcelRuntimeHandle | null {
  const handle = (globalThis as Record<string, unknown>)[RUNTIME_HANDLE];
  return handle && typeof handle === "object" ? (handle as ExcelRuntimeHandle) : null;
}

/** The functions runtime's refresh and live-call switches, when it runs in this page. */
export function runtimeRefresher(): HostRefresher | undefined {
  const handle = runtimeHandle();
  const { refresh, setLiveCalls, liveCalls, schedulerStatus, staleNote } = handle ?? {};
  if (!refresh || !setLiveCalls || !liveCalls) return undefined;
  return {
    scopes: REFRESH_SCOPES,
    refresh,
    setLiveCalls,
    liveCalls,
    ...(schedulerStatus ? { status: schedulerStatus } : {}),
    ...(staleNote ? { staleNote } : {}),
  };
}
