/**
 * Entry of the Excel task pane app (build/ui.ts bundles it as taskpane-app.js). Needs an
 * element #app and Office.js loaded first. When "refresh on open" is set in this workbook,
 * saved imports are refreshed once the pane starts.
 */
import { fetchTransport } from "../shared/fetchTransport";
import { excelTaskpaneBridgeFromGlobals } from "./taskpaneBridge";
import { mountApp } from "../../ui/app";
import type { HostBridge } from "../../ui/bridge";
import { OUTSIDE_EXCEL, startInHost } from "../../ui/outsideHost";

declare const MKT_DEFAULT_BASE_URL: string;

async function refreshOnOpen(bridge: HostBridge): Promise<void> {
  const auto = await bridge.getAutoRefresh();
  if (!auto.enabled) return;
  for (const def of await bridge.listImports()) {
    await bridge.runImport(def).catch(() => undefined); // each failure leaves its sheet as it was
  }
}

function start(): void {
  const root = document.getElementById("app");
  if (!root) throw new Error('taskpane.html needs <div id="app"></div>');
  const inExcel = (globalThis as { Excel?: unknown }).Excel !== undefined;
  startInHost(root, inExcel, OUTSIDE_EXCEL, () => {
    const bridge = excelTaskpaneBridgeFromGlobals(fetchTransport(), MKT_DEFAULT_BASE_URL);
    mountApp(root, bridge);
    void refreshOnOpen(bridge);
  });
}

const office = (globalThis as { Office?: { onReady(cb: () => void): unknown } }).Office;
if (office) office.onReady(start);
else document.addEventListener("DOMContentLoaded", start);
