/**
 * The profit basis form: "count output VAT as a cost" and the default sales window, the one
 * setting every function and import sends (src/functions/basis.ts). After saving, the formulas
 * of the workbook are re-run where the host can, because no host re-runs them by itself.
 */
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { describeBasis, type ProfitBasis } from "../functions/basis";
import type { ImportDefinition } from "../imports/definitions";
import type { OtherBasisTable } from "../sidebar/basisTables";
import type { HostBridge, SettingsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, CheckField, Status, TextField } from "./controls";
import { canRefresh, refreshSheets } from "./basisRefresh";

export interface BasisProps {
  readonly bridge: HostBridge;
  readonly basis: ProfitBasis;
  readonly onSettings: (s: SettingsView) => void;
  /**
   * Import these again (the imports section runs them, with its questions and progress);
   * resolves when they are done, so the list of tables on another basis can follow.
   */
  readonly onRefreshTables: (defs: ImportDefinition[]) => Promise<void>;
}

/** What to tell the seller once the basis is saved. */
async function applyEverywhere(bridge: HostBridge): Promise<string> {
  if (!bridge.refreshScopes.includes("workbook"))
    return "Saved. Formulas use it when they next run; imports use it from the next import.";
  const { cells } = await bridge.refresh("workbook");
  // A cell shows its old figure until its new answer comes (minutes when many cells ask).
  // 0 is not "none recalculate": the save may have set them going already (new-user run).
  if (cells === 0)
    return "Saved. Formula cells use it as they recalculate: each keeps its old figure until its new answer comes (the queue below shows any still waiting).";
  return `Saved. ${cells} formula cell${cells === 1 ? " is" : "s are"} recalculating on it: each keeps its old figure until its new answer comes (the queue below shows the cells still waiting).`;
}

/** What the sidebar says of tables still on another basis, and what brings each onto it. */
function otherBasisText(tables: readonly OtherBasisTable[]): string {
  if (tables.length === 0) return "";
  const each = tables.map((t) => `${t.sheetName} (${t.basis.replace(/^Basis: /, "")})`);
  const pricing = tables.filter((t) => t.pricing).map((t) => t.sheetName);
  const make =
    pricing.length > 0
      ? ` Pricing sheets take today's figures when made: make ${pricing.join(", ")} again with "New pricing sheet".`
      : "";
  return `On another basis: ${each.join("; ")}.${make}`;
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
  const [behind, setBehind] = useState<OtherBasisTable[]>([]);
  const refreshable = behind.filter(canRefresh);
  const [bookCells, setBookCells] = useState(false);
  useEffect(() => {
    p.bridge.costBookForCells().then(
      (s) => setBookCells(s.on),
      () => setBookCells(false),
    );
  }, [p.bridge]);
  // Saved at once (a setting of the document), then the workbook's formulas run on it.
  const switchBook = async (on: boolean): Promise<void> => {
    setBusy(true);
    try {
      const s = await p.bridge.setCostBookForCells(on);
      setBookCells(s.on);
      const saved = await applyEverywhere(p.bridge);
      const what = s.on
        ? "Formula cells take COGS from the Cost book on each answer's day."
        : "Formula cells take the API's COGS.";
      setStatus({ text: `${what} ${saved}`, kind: "ok" });
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    } finally {
      setBusy(false);
    }
  };
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
      // The line says the saved basis at once; the tables' news follows (about 5 s later it
      // still named the previous one).
      setStatus({
        text: `${describeBasis(s.basis ?? p.basis)}. Saved; applying it…`,
        kind: "info",
      });
      const saved = await applyEverywhere(p.bridge);
      const tables = await p.bridge.tablesOnOtherBasis();
      setBehind(tables);
      setStatus({ text: [saved, otherBasisText(tables)].filter(Boolean).join(" "), kind: "ok" });
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    } finally {
      setBusy(false);
    }
  };

  // Imports through the imports section, decision sheets by their jobs; then the list again.
  const refreshThem = async (): Promise<void> => {
    setBusy(true);
    setStatus({
      text: `Refreshing ${refreshable.map((t) => t.sheetName).join(", ")}…`,
      kind: "info",
    });
    try {
      const defs = refreshable.flatMap((t) => (t.refresh ? [t.refresh] : []));
      const [, failed] = await Promise.all([
        p.onRefreshTables(defs),
        refreshSheets(p.bridge, refreshable),
      ]);
      const tables = await p.bridge.tablesOnOtherBasis();
      setBehind(tables);
      const done =
        tables.length === 0 ? "Every table is on the saved basis." : otherBasisText(tables);
      setStatus({ text: [...failed, done].join(" "), kind: failed.length > 0 ? "error" : "ok" });
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
    h(CheckField, {
      id: "cost-book-cells",
      label: "Formula cells take COGS from the Cost book (this document)",
      checked: bookCells,
      onChange: (on: boolean) => void switchBook(on),
    }),
    h(Button, {
      id: "save-basis",
      label: "Save basis",
      disabled: busy,
      onClick: () => void save(),
    }),
    h(Status, { id: "basis-status", ...status }),
    refreshable.length > 0
      ? h(Button, {
          id: "basis-refresh-tables",
          label: "Refresh them",
          disabled: busy,
          onClick: () => void refreshThem(),
        })
      : null,
  ]);
}
