/** The function builder: pick a function, fill its arguments with help and pickers, preview, insert. */
import { h } from "preact";
import { useState } from "preact/hooks";
import { CATALOG, functionByName } from "../functions/index";
import { paramLabel } from "../functions/paramLabels";
import type { FunctionPreview, HostBridge, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";
import { argumentValue, formulaText } from "./formulaText";
import { useQuestion } from "./question";
import { shopsForFunction } from "./builderShops";
import { shopLabel } from "./shopsSection";
import { InsertChart } from "./charts/insertChart";
import { PreviewChart } from "./charts/previewChart";

export interface BuilderProps {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
}

/** The function builder section. */
export function BuilderSection(p: BuilderProps) {
  const [name, setName] = useState(CATALOG[0]?.name ?? "");
  const [args, setArgs] = useState<string[]>([]);
  const [preview, setPreview] = useState<FunctionPreview | null>(null);
  const [status, setStatus] = useState({ text: "", kind: "info" as "info" | "ok" | "error" });
  const question = useQuestion("fb-confirm");
  const fn = functionByName(name);
  if (!fn)
    return h(
      Section,
      { title: "Function builder", id: "sec-builder" },
      h("p", null, "No functions."),
    );
  const formula = formulaText(p.bridge.formulaPrefix, fn.name, fn.params, args);
  const setArg = (i: number, v: string): void => {
    const next = [...args];
    next[i] = v;
    setArgs(next);
  };
  const shops = shopsForFunction(fn, args, p.shops?.shops ?? []);
  return h(Section, { title: "Function builder", id: "sec-builder" }, [
    h(SelectField, {
      id: "fb-function",
      label: "Function",
      value: fn.name,
      options: CATALOG.map((f) => ({ value: f.name, label: f.name })),
      onChange: (v) => {
        setName(v);
        setArgs([]);
        setPreview(null);
      },
    }),
    h("p", { class: "hint", id: "fb-help" }, fn.help),
    fn.notes.length
      ? h(
          "ul",
          { class: "hint" },
          fn.notes.map((n) => h("li", null, n)),
        )
      : null,
    ...fn.params.map((param, i) => {
      const id = `fb-arg-${param.name}`;
      const label = `${paramLabel(param.name)}${param.optional && !param.needed ? " (optional)" : ""}`;
      if (param.allowed) {
        return h(SelectField, {
          id,
          label,
          value: args[i] ?? "",
          hint: param.help,
          options: [
            { value: "", label: param.optional && !param.needed ? "(default)" : "Choose…" },
            ...param.allowed.map((a) => ({ value: a, label: a })),
          ],
          onChange: (v) => setArg(i, v),
        });
      }
      const isShop = param.name === "shopId" || param.name === "sellerId";
      return h("div", null, [
        h(TextField, {
          id,
          label,
          value: args[i] ?? "",
          hint: param.help,
          onInput: (v) => setArg(i, v),
        }),
        isShop && shops.length
          ? h(SelectField, {
              id: `${id}-pick`,
              label: `Pick a ${param.name === "sellerId" ? "seller" : "shop"}`,
              value: "",
              options: [
                { value: "", label: "Choose…" },
                ...shops.map((s) => ({ value: `${s.id}|${s.region}`, label: shopLabel(s) })),
              ],
              onChange: (v) => {
                const [shopId, region] = v.split("|");
                const next = [...args];
                next[i] = shopId ?? "";
                const r = fn.params.findIndex((q) => q.name === "region");
                if (r >= 0 && region) next[r] = region;
                setArgs(next);
              },
            })
          : null,
      ]);
    }),
    h("label", { for: "fb-formula" }, "Formula"),
    h("textarea", { id: "fb-formula", class: "mono", readOnly: true, rows: 2, value: formula }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "fb-preview",
        label: "Preview result",
        onClick: () => {
          setStatus({ text: "Calculating…", kind: "info" });
          p.bridge
            .previewFunction(
              fn.name,
              fn.params.map((q, i) => argumentValue(q, args[i] ?? "")),
            )
            .then(
              (r) => {
                setPreview(r);
                setStatus({ text: "", kind: "info" });
              },
              (e: unknown) => {
                setPreview(null);
                setStatus({ text: messageOf(e), kind: "error" });
              },
            );
        },
      }),
      h(Button, {
        id: "fb-insert",
        label: "Insert into active cell",
        primary: true,
        onClick: () => {
          // An earlier insert's question about another cell must not stay under this answer.
          question.dismiss();
          return p.bridge.insertFormula(formula, { confirm: (q) => question.ask(q) }).then(
            (r) =>
              setStatus(
                r.written
                  ? { text: `Inserted in ${r.address}.`, kind: "ok" }
                  : {
                      text: `Nothing inserted: ${r.address} holds data and was kept. Select an empty cell and insert again.`,
                      kind: "info",
                    },
              ),
            (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
          );
        },
      }),
    ]),
    question.view,
    h(Status, { id: "fb-status", ...question.beside(status) }),
    preview !== null ? h(PreviewTable, { shown: preview.shown }) : null,
    preview !== null && Array.isArray(preview.value)
      ? h(PreviewChart, { table: preview.value })
      : null,
    h(InsertChart, { bridge: p.bridge }),
  ]);
}

/** The preview as the seller reads it (figures formatted by the host: "-5.50", "-2.36%"). */
function PreviewTable(p: { shown: string | string[][] }) {
  if (!Array.isArray(p.shown)) return h("p", { id: "fb-result", class: "mono" }, p.shown);
  const rows = p.shown.slice(0, 15);
  const columns = Math.max(0, ...rows.map((r) => r.length));
  // A wide answer (a ranked list has 13 to 26 columns) stays inside the pane: a short box that
  // scrolls both ways, its scroll bar in view, cells on one line, and a line saying so.
  return h("div", null, [
    columns > 3
      ? h(
          "p",
          { class: "hint", id: "fb-result-size" },
          `${columns} columns: scroll the box sideways to see them all.`,
        )
      : null,
    h(
      "div",
      {
        id: "fb-result",
        style: "overflow:auto;max-width:100%;max-height:240px;border:1px solid #ddd",
      },
      h(
        "table",
        { style: "font-size:12px;border-collapse:collapse" },
        rows.map((r) =>
          h(
            "tr",
            null,
            r.map((c) =>
              h("td", { style: "border:1px solid #ddd;padding:1px 4px;white-space:nowrap" }, c),
            ),
          ),
        ),
      ),
    ),
    p.shown.length > rows.length
      ? h("p", { class: "hint" }, `… ${p.shown.length - rows.length} more rows`)
      : null,
  ]);
}
