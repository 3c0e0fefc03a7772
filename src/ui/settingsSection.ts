/** Key entry, API address, cache time, quota meter and cache actions. */
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { ImportDefinition } from "../imports/definitions";
import type { HostBridge, SettingsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, Status, TextField } from "./controls";
import { keyFormProblem } from "./keyForm";
import { counted } from "./counted";
import { QueueSection } from "./queueSection";
import { BasisFields } from "./basisSection";

export interface SettingsProps {
  readonly bridge: HostBridge;
  readonly settings: SettingsView | null;
  readonly onSettings: (s: SettingsView) => void;
  readonly onRefreshImports: () => void;
  /** Import these again (tables a new basis left behind). */
  readonly onRefreshTables: (defs: ImportDefinition[]) => Promise<void>;
}

/** The key and settings section. */
export function SettingsSection(p: SettingsProps) {
  const [key, setKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(p.settings?.baseUrl ?? "");
  const [ttl, setTtl] = useState(String(p.settings?.cacheTtlSec ?? 600));
  const [status, setStatus] = useState<{ text: string; kind: "info" | "ok" | "error" }>({
    text: "",
    kind: "info",
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // "Key checked and saved" is no longer true: the red line below the key says why.
    if (p.settings?.keyRejected) setStatus({ text: "", kind: "info" });
  }, [p.settings?.keyRejected]);

  useEffect(() => {
    if (p.settings) {
      setBaseUrl(p.settings.baseUrl);
      setTtl(String(p.settings.cacheTtlSec));
    }
  }, [p.settings?.baseUrl, p.settings?.cacheTtlSec]);

  const act = async (what: () => Promise<string>): Promise<void> => {
    setBusy(true);
    setStatus({ text: "Working…", kind: "info" });
    try {
      setStatus({ text: await what(), kind: "ok" });
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    } finally {
      setBusy(false);
    }
  };

  /** A button that runs `what` and shows its sentence (or its error) under the key. */
  const actButton = (id: string, label: string, what: () => Promise<string>) =>
    h(Button, { id, label, disabled: busy, onClick: () => void act(what) });

  const saveKey = (): void => {
    const problem = keyFormProblem(key);
    if (problem) {
      setStatus({ text: problem, kind: "error" });
      return;
    }
    void act(async () => {
      const s = await p.bridge.saveApiKey(key);
      setKey(""); // the key leaves the page as soon as it is saved
      p.onSettings(s);
      const saved = `Key checked and saved (${s.keyPrefix ?? ""}).`;
      // Cells that failed for want of a (working) key ask again now, not at the next edit.
      if (!p.bridge.refreshScopes.includes("errors")) return saved;
      const { cells } = await p.bridge.refresh("errors").catch(() => ({ cells: 0 }));
      return cells > 0 ? `${saved} ${counted(cells, "cell")} with errors asked again.` : saved;
    });
  };

  const s = p.settings;
  return h(
    Section,
    {
      title: "API key and settings",
      id: "sec-settings",
      open: !s?.hasKey || s.keyRejected === true,
    },
    [
      h(
        "form",
        {
          onSubmit: (e: Event) => {
            e.preventDefault();
            saveKey();
          },
        },
        [
          s?.hasKey
            ? h("p", { id: "key-saved" }, [
                "Key saved: ",
                h("span", { class: "mono" }, s.keyPrefix ?? ""),
              ])
            : null,
          s?.hasKey && s.keyRejected
            ? h(
                "p",
                { class: "status error", id: "key-rejected", role: "alert" },
                "The API rejected this key (revoked or expired): cells and imports fail until you paste a new key below and press Check and save key." +
                  (p.bridge.host === "web"
                    ? " In this demo, restart npm start for a new demo key, or make one with npm run keys -- create --label NAME."
                    : ""),
              )
            : null,
          s?.hasKey
            ? null
            : h(
                "p",
                { class: "hint", id: "key-missing" },
                p.bridge.host === "web"
                  ? "No key yet. Paste the demo key that npm start printed (a key from Settings → API keys in your Marketplace Profit Analytics web application works too)."
                  : "No key yet. Create one in your Marketplace Profit Analytics web application: Settings → API keys > Create API key, then paste it here.",
              ),
          h(TextField, {
            id: "api-key",
            label: s?.hasKey ? "Replace the API key" : "API key",
            type: "password",
            value: key,
            onInput: setKey,
            hint: "Starts with a prefix ending in pat_. Shown once when you create it.",
            autoComplete: "off",
          }),
          h("div", { class: "row" }, [
            h(Button, {
              id: "save-key",
              label: "Check and save key",
              primary: true,
              type: "submit",
              disabled: busy,
              onClick: saveKey,
            }),
            s?.hasKey
              ? actButton("forget-key", "Forget key", async () => {
                  p.onSettings(await p.bridge.forgetApiKey());
                  return "Key removed.";
                })
              : null,
          ]),
        ],
      ),
      h(Status, { id: "settings-status", ...status }),
      h(TextField, {
        id: "base-url",
        label: "API address",
        value: baseUrl,
        onInput: setBaseUrl,
        hint: "https:// only (http only for this computer).",
      }),
      h(TextField, {
        id: "cache-ttl",
        label: "Keep answers for (seconds)",
        type: "number",
        value: ttl,
        onInput: setTtl,
      }),
      h("div", { class: "row" }, [
        actButton("save-settings", "Save settings", async () => {
          p.onSettings(await p.bridge.saveSettings({ baseUrl, cacheTtlSec: Number(ttl) }));
          return "Settings saved.";
        }),
        actButton("clear-cache", "Clear cache", async () => {
          await p.bridge.clearCache();
          return p.bridge.refreshScopes.length > 0
            ? "Cache cleared: the add-in's formulas are recalculating with fresh answers."
            : "Cache cleared: formulas fetch fresh answers on their next recalculation.";
        }),
        actButton("clear-refresh", "Clear cache and refresh imports", async () => {
          await p.bridge.clearCache();
          // Only saved imports can be refreshed from here: say so rather than promise a refresh.
          const saved = (await p.bridge.listImports()).length;
          if (saved === 0)
            return "Cache cleared. No saved imports to refresh: press Import again to refresh an import's sheet, or Save it to refresh it from here.";
          p.onRefreshImports();
          return `Cache cleared; refreshing ${counted(saved, "saved import")}.`;
        }),
      ]),
      p.settings?.basis
        ? h(BasisFields, {
            bridge: p.bridge,
            basis: p.settings.basis,
            onSettings: p.onSettings,
            onRefreshTables: p.onRefreshTables,
          })
        : null,
      h(QueueSection, { bridge: p.bridge, settings: p.settings, onSettings: p.onSettings }),
      p.bridge.sharedFileCaveat
        ? h(
            "p",
            { class: "caveat", id: "shared-caveat" },
            "In a shared spreadsheet, custom functions run with the spreadsheet owner's key (Google's rule), so the owner's account pays for everyone's formulas. Imports and previews from this sidebar use your own key.",
          )
        : null,
    ],
  );
}
