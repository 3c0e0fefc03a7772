/** Entry of the Google Sheets sidebar (build/ui.ts inlines it into Sidebar.html). */
import { mountApp } from "../../ui/app";
import { createGoogleScriptBridge, googleScriptCall } from "./sidebarBridge";

function start(): void {
  const root = document.getElementById("app");
  if (!root) throw new Error('Sidebar.html needs <div id="app"></div>');
  mountApp(root, createGoogleScriptBridge(googleScriptCall()));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
