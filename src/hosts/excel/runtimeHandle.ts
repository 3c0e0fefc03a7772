/**
 * The shared runtime's handle on `globalThis`: functions.js publishes it, the task pane
 * (another bundle in the same runtime) uses it to apply new settings or clear the cache
 * at once. Holds no key.
 */
import type { DriverStats } from "../../core/driverEnv";
import type { Scheduling } from "../../core/schedule/registry";

export const RUNTIME_HANDLE = "mktExcelRuntime";

export interface ExcelRuntimeHandle {
  /** Re-read the key and base URL from OfficeRuntime.storage on the next call. */
  reloadSettings(): void;
  clearCache(): Promise<void>;
  /** Request and cache counters since the runtime started. */
  readonly stats: Readonly<DriverStats>;
  /** The cells' schedulers, quota and breaker: the task pane queues in the same line. */
  readonly scheduling?: Scheduling;
  /** Function ids associated with Excel. */
  readonly functionIds: readonly string[];
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
