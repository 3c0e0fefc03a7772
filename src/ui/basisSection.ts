/**
 * The profit basis form: "count output VAT as a cost" and the default sales window, the one
 * setting every function and import sends (src/functions/basis.ts). After saving, the formulas
 * of the workbook are re-run where the host can, because no host re-runs them by itself.
 */
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { describeBasis, type ProfitBasis } from "../functions/basis";
import type { HostBridge, SettingsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, CheckField, Status, TextField } from "./controls";

export interface BasisProps {
  readonly bridge: HostBridge;
  readonly basis: ProfitBasis;
  readonly onSettings: (s: SettingsView) => void;
}

/** What to tell the seller once the basis is saved. */
async function applyEverywhere(bridge: HostBridge): Promise<string> {
  if (!bridge.refreshScopes.includes("workbook"))
    return "Saved. Formulas use it when they next run; imports use it from the next import.";
  const { cells } = await bridge.refresh("workbook");
  return `Saved. ${cells} formula cells are recalculating on it; imports use it from the next import.`;
}

/** "Profit basis" fields under Settings. */
export function BasisFields(p: BasisProps) {
  const [countVat, setCountVat] = useState(p.basis.countVat);
  const [days, setDays] = useState(String(p.basis.salesWindowDays));
  const [status, setStatus] = useState<{ text: string; kind: "info" | "ok" | "error" }>({
    text: describeBasis(p.basis),
    kind: "info",
  });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setCountVat(p.basis.countVat);
    setDays(String(p.basis.salesWindowDays));
  }, [p.basis.countVat, p.basis.salesWindowDays]);

  const save = async (): Promise<void> => {
    setBusy(true);
    try {
      const s = await p.bridge.saveSettings({
        basis: { countVat, salesWindowDays: Number(days) },
      });
      p.onSettings(s);
      setStatus({ text: await applyEverywhere(p.bridge), kind: "ok" });
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    } finally {
      setBusy(false);
    }
  };

  return h("fieldset", { id: "profit-basis", class: "basis" }, [
    h("legend", null, "Profit basis (every function and import)"),
    h(CheckField, {
      id: "count-vat",
      label: "Count output VAT as a cost",
      checked: countVat,
      onChange: setCountVat,
    }),
    h(TextField, {
      id: "sales-window",
      label: "Sales window (days, marketplace A)",
      type: "number",
      value: days,
      onInput: setDays,
      hint: "1 to 730. A cell's own includeVat, hasVat or lookbackDays overrides these.",
    }),
    h(Button, {
      id: "save-basis",
      label: "Save basis",
      disabled: busy,
      onClick: () => void save(),
    }),
    h(Status, { id: "basis-status", ...status }),
  ]);
}
