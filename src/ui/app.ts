/**
 * The sidebar / task pane app: one column of sections over a HostBridge. It knows nothing
 * of the host beyond the bridge; `mountApp` is the one entry each host page calls.
 */
import { h, render } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { HostBridge, SettingsView, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { BuilderSection } from "./builderSection";
import { BulkSection } from "./bulkSection";
import { ImportsSection } from "./importsSection";
import { PricingSection } from "./pricingSection";
import { CampaignSection } from "./campaignSection";
import { FeeChangeSection } from "./feeChangeSection";
import { NewListingSection } from "./newListingSection";
import { SettingsSection } from "./settingsSection";
import { ShopsSection } from "./shopsSection";
import { TeamSection } from "./teamSection";
import { ToolsSection } from "./toolsSection";
import { UnfinishedJobs } from "./unfinishedJobs";
import type { RefreshThese } from "./basisRefresh";
import { appCss } from "./styles";

/** The whole app. */
export function App(p: { bridge: HostBridge }) {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [shops, setShops] = useState<ShopsView | null>(null);
  const [shopsError, setShopsError] = useState("");
  const [refreshRequest, setRefreshRequest] = useState(0);
  const [refreshThese, setRefreshThese] = useState<RefreshThese | null>(null);

  const loadShops = (): void => {
    setShopsError("");
    p.bridge.listShops().then(setShops, (e: unknown) => {
      setShops(null);
      setShopsError(messageOf(e));
    });
  };

  useEffect(() => {
    p.bridge.getSettings().then(setSettings, (e: unknown) => setShopsError(messageOf(e)));
  }, [p.bridge]);

  useEffect(() => {
    if (settings?.hasKey) loadShops();
    else setShops(null);
  }, [settings?.hasKey, settings?.keyPrefix, settings?.baseUrl]);

  return h("main", { class: "mkt", "data-look": p.bridge.look }, [
    h("h1", null, "Marketplace profit"),
    // Long work a closed sidebar or a reload left goes on from its checkpoint.
    h(UnfinishedJobs, { bridge: p.bridge }),
    h(SettingsSection, {
      bridge: p.bridge,
      settings,
      onSettings: setSettings,
      onRefreshImports: () => setRefreshRequest((n) => n + 1),
      onRefreshTables: (defs) => new Promise((done) => setRefreshThese({ defs, done })),
    }),
    h(ShopsSection, {
      bridge: p.bridge,
      shops,
      error: shopsError,
      onShops: setShops,
      onReload: loadShops,
    }),
    h(ImportsSection, {
      bridge: p.bridge,
      shops,
      refreshRequest,
      refreshThese,
      basisVat: settings?.basis?.countVat ?? null,
    }),
    h(PricingSection, { bridge: p.bridge, shops }),
    h(FeeChangeSection, { bridge: p.bridge, shops }),
    h(CampaignSection, { bridge: p.bridge, shops }),
    h(NewListingSection, { bridge: p.bridge, shops }),
    h(TeamSection, { bridge: p.bridge }),
    h(BulkSection, { bridge: p.bridge }),
    h(BuilderSection, { bridge: p.bridge, shops }),
    h(ToolsSection, { bridge: p.bridge }),
  ]);
}

/** Render the app into `root` with the host's look. */
export function mountApp(root: HTMLElement, bridge: HostBridge): void {
  const style = document.createElement("style");
  style.textContent = appCss(bridge.look);
  document.head.appendChild(style);
  render(h(App, { bridge }), root);
}
