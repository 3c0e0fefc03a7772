/** Bulk imports: build a definition, run it with progress and cancel, save it, refresh all. */
import { h } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Marketplace } from "../api/types";
import type { ImportDefinition, ImportKind, ImportOptions } from "../imports/definitions";
import {
  IMPORT_KINDS,
  IMPORT_KIND_LABELS,
  definitionProblem,
  marketplacesFor,
} from "../imports/definitions";
import type { JobView } from "./bridge";
import { jobLine, jobStatus } from "./jobLine";
import type { AutoRefreshView, HostBridge, ShopsView } from "./bridge";
import { autoRefreshSummary, messageOf } from "./bridge";
import { Button, CheckField, Section, SelectField, Status, TextField } from "./controls";
import { useQuestion } from "./question";
import { importOutcome } from "./importOutcome";
import { GoneRowsOffer } from "./goneRowsOffer";
import type { RefreshThese } from "./basisRefresh";
import { SavedImports } from "./savedImports";
import { shopLabel } from "./shopsSection";

export interface ImportsProps {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
  /** Incremented by the app to ask for "Refresh all imports". */
  readonly refreshRequest: number;
  /** Set by the app to import these again (tables a new basis left behind). */
  readonly refreshThese?: RefreshThese | null;
  /** The profit basis' VAT choice as last saved (the app's settings); absent: read once. */
  readonly basisVat?: boolean | null;
}

type StatusLine = { text: string; kind: "info" | "ok" | "error" };

/** Why C is missing from a list import, and what works for C instead. */
const NO_C_LIST =
  "No C here: the API has no product list for marketplace C to page through. For C, import " +
  '"Chosen products" (type the product ids) or "Shop overview", or use formula cells such ' +
  'as =MKTC_PRODUCTS(shop id, "product ids") and =MKTC_BREAKDOWN(...).';

/** The imports section. */
export function ImportsSection(p: ImportsProps) {
  const [kind, setKind] = useState<ImportKind>("productsByProfit");
  const [market, setMarket] = useState<Marketplace>("A");
  const [shopKey, setShopKey] = useState("");
  const [sheetName, setSheetName] = useState("Products by profit");
  const [lookback, setLookback] = useState("");
  const [vat, setVat] = useState(false);
  // The profit basis' VAT choice: the box starts there, and only a different choice is sent.
  const [basisVat, setBasisVat] = useState<boolean | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [topN, setTopN] = useState("");
  const [limit, setLimit] = useState("");
  const [snapshot, setSnapshot] = useState(false);
  const [productIds, setProductIds] = useState("");
  const [saved, setSaved] = useState<ImportDefinition[]>([]);
  const [auto, setAuto] = useState<AutoRefreshView | null>(null);
  const [progress, setProgress] = useState<JobView | null>(null);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const [running, setRunning] = useState(false);
  // Tables a run just marked gone rows in: each offered "Remove gone rows" (goneRowsOffer.ts).
  const [gone, setGone] = useState<{ sheetName: string; rows: number }[]>([]);
  const question = useQuestion("imp-confirm");
  const abort = useRef<AbortController | null>(null);
  const cancelled = useRef(false);

  const markets = marketplacesFor(kind);
  const shops = (p.shops?.shops ?? []).filter((s) => s.marketplace === market);
  const shop = shops.find((s) => `${s.marketplace}:${s.id}` === shopKey) ?? shops[0];

  useEffect(() => {
    if (!markets.includes(market)) setMarket(markets[0] ?? "A");
  }, [kind]);

  useEffect(() => {
    p.bridge.getSettings().then(
      (s) => {
        const counted = s.basis?.countVat ?? false;
        setBasisVat(counted);
        setVat(counted);
      },
      () => undefined,
    );
    p.bridge.listImports().then(setSaved, () => undefined);
    p.bridge.getAutoRefresh().then(setAuto, () => undefined);
  }, [p.bridge]);

  // A basis saved in this pane moves the box and its label at once (it kept "profit basis:
  // on" after VAT was turned off).
  useEffect(() => {
    if (p.basisVat === undefined || p.basisVat === null) return;
    setBasisVat(p.basisVat);
    setVat(p.basisVat);
  }, [p.basisVat]);

  useEffect(() => {
    if (p.refreshRequest > 0) void refreshAll();
  }, [p.refreshRequest]);

  useEffect(() => {
    const these = p.refreshThese;
    if (these)
      void (these.defs.length > 0 ? start(these.defs) : Promise.resolve()).finally(these.done);
  }, [p.refreshThese]);

  const definition = (): ImportDefinition => {
    const options: ImportOptions = {
      ...(lookback ? { lookbackDays: Number(lookback) } : {}),
      ...(vat !== (basisVat ?? false) ? { vat } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(topN ? { topN: Number(topN) } : {}),
      ...(limit ? { limit: Number(limit) } : {}),
      ...(snapshot ? { snapshot: true } : {}),
    };
    return {
      id: `imp-${Date.now().toString(36)}`,
      kind,
      marketplace: market,
      shopId: shop?.id ?? "",
      ...(kind === "productList" ? {} : { region: shop?.region ?? "" }),
      ...(kind === "productList"
        ? {
            productIds: productIds
              .split(/[\s,;]+/)
              .map((s) => s.trim())
              .filter(Boolean),
          }
        : {}),
      sheetName: sheetName.trim(),
      options,
    };
  };

  /** Run one import; true when it wrote. */
  const runOne = async (def: ImportDefinition, label: string): Promise<boolean> => {
    const controller = new AbortController();
    abort.current = controller;
    try {
      const result = await p.bridge.runImport(def, {
        // The bar's line: how far it got; the status: why it waits and when it tries again.
        onProgress: (v) => void (setProgress(v), setStatus(jobStatus(label, v))),
        signal: controller.signal,
        confirm: (text, answers) => question.ask(text, controller.signal, answers),
      });
      setStatus({ text: `${label}: ${importOutcome(result)}`, kind: "ok" });
      const rows = result.changes?.vanished ?? 0;
      if (rows > 0) setGone((was) => [...was, { sheetName: result.sheetName, rows }]);
      return true;
    } catch (e) {
      setStatus({ text: `${label}: ${messageOf(e)}`, kind: "error" });
      return false;
    } finally {
      abort.current = null;
    }
  };

  const start = async (defs: ImportDefinition[]): Promise<void> => {
    setRunning(true);
    setProgress(null);
    setGone([]);
    let ok = 0;
    const failures: string[] = [];
    for (const [i, def] of defs.entries()) {
      const label =
        defs.length > 1
          ? `Import ${i + 1} of ${defs.length} (${def.sheetName})`
          : `Import to "${def.sheetName}"`;
      setStatus({ text: `${label}: starting…`, kind: "info" });
      if (await runOne(def, label)) ok++;
      else failures.push(def.sheetName);
      if (abort.current === null && cancelled.current) break;
    }
    cancelled.current = false;
    if (defs.length > 1) {
      setStatus({
        text:
          failures.length === 0
            ? `All ${ok} imports refreshed.`
            : `${ok} refreshed; failed or cancelled: ${failures.join(", ")} (their sheets keep the previous data).`,
        kind: failures.length === 0 ? "ok" : "error",
      });
    }
    setRunning(false);
  };

  /** The form's import, or null after saying what is missing. */
  const checkedDefinition = (): ImportDefinition | null => {
    const def = definition();
    const problem = definitionProblem(def);
    if (problem) setStatus({ text: problem, kind: "error" });
    return problem ? null : def;
  };

  const runNew = (): void => {
    const def = checkedDefinition();
    if (def) void start([def]);
  };

  const refreshAll = async (): Promise<void> => {
    const list = await p.bridge.listImports();
    setSaved(list);
    if (list.length === 0) {
      setStatus({
        text:
          "No saved imports yet. Refresh all refreshes saved imports only: to refresh a sheet " +
          "you imported, choose it above and press Import again (your own columns stay put), " +
          "or press Save to include it here.",
        kind: "info",
      });
      return;
    }
    await start(list);
  };

  const save = (): void => {
    const def = checkedDefinition();
    if (!def) return;
    p.bridge.saveImport(def).then(
      (list) => {
        setSaved(list);
        setStatus({ text: "Import saved (settings only, no key).", kind: "ok" });
      },
      (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
    );
  };

  const isList = kind !== "shopOverview";
  return h(Section, { title: "Import to a sheet", id: "sec-imports" }, [
    h(SelectField, {
      id: "imp-kind",
      label: "What to import",
      value: kind,
      options: IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] })),
      onChange: (v) => {
        setKind(v as ImportKind);
        setSheetName(IMPORT_KIND_LABELS[v as ImportKind].replace(/ \(.*\)$/, "").slice(0, 30));
      },
    }),
    h(SelectField, {
      id: "imp-market",
      label: "Marketplace",
      value: market,
      options: markets.map((m) => ({ value: m, label: m })),
      onChange: (v) => setMarket(v as Marketplace),
      ...(markets.includes("C") ? {} : { hint: NO_C_LIST }),
    }),
    h(SelectField, {
      id: "imp-shop",
      label: market === "B" ? "Seller" : "Shop",
      value: shop ? `${shop.marketplace}:${shop.id}` : "",
      options: shops.length
        ? shops.map((s) => ({ value: `${s.marketplace}:${s.id}`, label: shopLabel(s) }))
        : [
            {
              value: "",
              // No list at all means no key yet (or it failed): the key comes first.
              label:
                p.shops === null
                  ? "No shops yet: save your API key first"
                  : "No shops: add one under Shops",
            },
          ],
      onChange: setShopKey,
    }),
    kind === "productList"
      ? h(TextField, {
          id: "imp-products",
          label: "Product ids (comma separated)",
          value: productIds,
          onInput: setProductIds,
        })
      : null,
    h(TextField, {
      id: "imp-sheet",
      label: "Target sheet",
      value: sheetName,
      onInput: setSheetName,
      hint: "Written only when the whole import has arrived; a sheet of your own data is replaced only if you say so (else a new sheet).",
    }),
    h("details", { id: "imp-options" }, [
      h("summary", null, "Options"),
      h(TextField, {
        id: "imp-lookback",
        label: "Lookback days (1-730)",
        type: "number",
        value: lookback,
        onInput: setLookback,
      }),
      h(CheckField, {
        id: "imp-vat",
        label:
          basisVat === null ? "Count VAT" : `Count VAT (profit basis: ${basisVat ? "on" : "off"})`,
        checked: vat,
        onChange: setVat,
      }),
      !isList
        ? h(TextField, {
            id: "imp-from",
            label: "From",
            type: "date",
            value: from,
            onInput: setFrom,
          })
        : null,
      !isList
        ? h(TextField, { id: "imp-to", label: "To", type: "date", value: to, onInput: setTo })
        : null,
      !isList
        ? h(TextField, {
            id: "imp-topn",
            label: "Top N (1-100)",
            type: "number",
            value: topN,
            onInput: setTopN,
          })
        : null,
      isList
        ? h(TextField, {
            id: "imp-limit",
            label: "Only the first N rows",
            type: "number",
            value: limit,
            onInput: setLimit,
          })
        : null,
      h(CheckField, {
        id: "imp-snapshot",
        label: "Keep a snapshot in Price history at each saved refresh",
        checked: snapshot,
        onChange: setSnapshot,
      }),
    ]),
    h("div", { class: "row" }, [
      h(Button, {
        id: "imp-run",
        label: "Import",
        primary: true,
        disabled: running,
        onClick: runNew,
      }),
      h(Button, { id: "imp-save", label: "Save", disabled: running, onClick: save }),
      h(Button, {
        id: "imp-cancel",
        label: "Cancel",
        disabled: !running,
        onClick: () => {
          cancelled.current = true;
          abort.current?.abort();
        },
      }),
    ]),
    running && progress
      ? h("div", { id: "imp-progress" }, [
          h("progress", {
            max: progress.steps + progress.stepsLeft,
            value: progress.steps,
            "aria-label": "Import progress",
          }),
          h("p", { class: "hint", id: "imp-progress-text" }, jobLine(progress)),
        ])
      : null,
    question.view,
    h(Status, { id: "imp-status", ...question.beside(status, running && progress !== null) }),
    ...gone.map((g) => h(GoneRowsOffer, { key: g.sheetName, bridge: p.bridge, ...g })),
    h(SavedImports, {
      saved,
      running,
      run: (d) => void start([d]),
      remove: (d) => void p.bridge.deleteImport(d.id).then(setSaved, () => undefined),
    }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "refresh-all",
        label: "Refresh all imports",
        disabled: running,
        onClick: () => void refreshAll(),
      }),
    ]),
    auto?.label
      ? h(CheckField, {
          id: "auto-refresh",
          label: auto.label,
          checked: auto.enabled,
          onChange: (on) =>
            p.bridge
              .setAutoRefresh(on)
              .then(setAuto, (e: unknown) => setStatus({ text: messageOf(e), kind: "error" })),
        })
      : null,
    auto?.label && autoRefreshSummary(auto)
      ? h("p", { class: "hint", id: "auto-refresh-state" }, autoRefreshSummary(auto))
      : null,
  ]);
}
