/** Entry of the Google Sheets sidebar (build/ui.ts inlines it into Sidebar.html). */
import { mountApp } from "../../../ui/app";
import { OUTSIDE_SHEETS, startInHost } from "../../../ui/outsideHost";
import { createGoogleScriptBridge, googleScriptCall } from "./sidebarBridge";

function start(): void {
  const root = document.getElementById("app");
  if (!root) throw new Error('Sidebar.html needs <div id="app"></div>');
  const google = (globalThis as { google?: { script?: { run?: unknown } } }).google;
  startInHost(root, google?.script?.run !== undefined, OUTSIDE_SHEETS, () =>
    mountApp(root, createGoogleScriptBridge(googleScriptCall())),
  );
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
