/** Bulk calculation: a catalog function over the selected input table, answers written beside it. */
import { h } from "preact";
import { useRef, useState } from "preact/hooks";
import type { BulkArg } from "../imports/bulk";
import { jobLine, jobStatus } from "./jobLine";
import { CATALOG, functionByName } from "../functions/index";
import { paramLabel } from "../functions/paramLabels";
import type { BulkResult, HostBridge, JobView, SelectionView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, CheckField, Section, SelectField, Status, TextField } from "./controls";
import { useQuestion } from "./question";
import { counted } from "./counted";
import {
  matchHeaders,
  selectionColumn,
  unmappedRequired,
  unusedColumnsNote,
} from "../imports/bulkColumns";

/** The bulk calculation section. */
export function BulkSection(p: { bridge: HostBridge }) {
  const [name, setName] = useState("REQUIRED_PRICE");
  const [sources, setSources] = useState<string[]>([]);
  const [values, setValues] = useState<string[]>([]);
  const [hasHeader, setHasHeader] = useState(true);
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const [progress, setProgress] = useState<JobView | null>(null);
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState({ text: "", kind: "info" as "info" | "ok" | "error" });
  const [beside, setBeside] = useState(false);
  const question = useQuestion("bulk-confirm");
  const abort = useRef<AbortController | null>(null);
  const fn = functionByName(name);
  const width = selection?.values[0]?.length ?? 0;

  const args = (): BulkArg[] =>
    (fn?.params ?? []).map((_, i): BulkArg => {
      const source = sources[i] ?? "";
      if (source.startsWith("col:")) return { kind: "column", column: Number(source.slice(4)) };
      if (source === "value") return { kind: "value", value: values[i] ?? "" };
      return { kind: "empty" };
    });

  const set = (list: string[], i: number, v: string): string[] => {
    const next = [...list];
    next[i] = v;
    return next;
  };

  return h(Section, { title: "Bulk calculation", id: "sec-bulk" }, [
    h(
      "p",
      { class: "hint" },
      "Select an input table (one row per case), map its columns to the function's arguments, and the answers are written as values to its right, where no data is.",
    ),
    h(SelectField, {
      id: "bulk-function",
      label: "Function",
      value: name,
      options: CATALOG.map((f) => ({ value: f.name, label: f.name })),
      onChange: (v) => {
        setName(v);
        setValues([]);
        // Columns whose header names an argument are mapped to it at once.
        const header = hasHeader ? selection?.values[0] : undefined;
        setSources(
          header
            ? matchHeaders(functionByName(v)?.params ?? [], header, [], selection?.values.slice(1))
            : [],
        );
      },
    }),
    h(SelectField, {
      id: "bulk-target",
      label: "Write the answers to",
      value: beside ? "beside" : "free",
      options: [
        { value: "free", label: "The first empty columns to the right" },
        { value: "beside", label: "Right beside the selection (asks before writing over data)" },
      ],
      onChange: (v) => setBeside(v === "beside"),
    }),
    h(CheckField, {
      id: "bulk-header",
      label: "First row is a header",
      checked: hasHeader,
      onChange: setHasHeader,
    }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "bulk-read",
        label: "Use the current selection",
        onClick: () =>
          p.bridge.readSelection().then(
            (s) => {
              setSelection(s);
              // A new table: its headers map the arguments they name; typed values stay.
              const kept = sources.map((src) => (src === "value" ? src : ""));
              setSources(
                hasHeader
                  ? matchHeaders(fn?.params ?? [], s.values[0] ?? [], kept, s.values.slice(1))
                  : kept,
              );
              setStatus({
                text: `${s.address}: ${counted(s.values.length, "row")} × ${counted(s.values[0]?.length ?? 0, "column")}.`,
                kind: "info",
              });
            },
            (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
          ),
      }),
    ]),
    ...(fn?.params ?? []).map((param, i) =>
      h("div", null, [
        h(SelectField, {
          id: `bulk-src-${param.name}`,
          label: `${paramLabel(param.name)}${param.optional && !param.needed ? " (optional)" : ""}`,
          value: sources[i] ?? "",
          hint: param.help,
          options: [
            { value: "", label: "Leave empty" },
            ...Array.from({ length: Math.max(width, 1) }, (_, c) => ({
              value: `col:${c}`,
              label: `Column ${selectionColumn(selection?.address, c)}${hasHeader && selection ? ` (${String(selection.values[0]?.[c] ?? "")})` : ""}`,
            })),
            { value: "value", label: "Same value for every row" },
          ],
          onChange: (v) => setSources(set(sources, i, v)),
        }),
        sources[i] === "value"
          ? h(TextField, {
              id: `bulk-val-${param.name}`,
              label: `${paramLabel(param.name)}: value for every row`,
              value: values[i] ?? "",
              onInput: (v) => setValues(set(values, i, v)),
            })
          : null,
      ]),
    ),
    // A typed column the function takes no argument for is said, with the functions that would.
    fn && hasHeader && selection
      ? h(Status, {
          id: "bulk-unused",
          kind: "info",
          text: unusedColumnsNote(
            fn,
            selection.values[0] ?? [],
            sources,
            CATALOG,
            selection.address,
            selection.values.slice(1),
          ),
        })
      : null,
    h("div", { class: "row" }, [
      h(Button, {
        id: "bulk-run",
        label: "Calculate",
        primary: true,
        disabled: running,
        onClick: () => {
          // A required argument left out would fail every row: say which, before any request.
          const effective = (fn?.params ?? []).map((_, i) =>
            sources[i] === "value" && (values[i] ?? "").trim() === "" ? "" : (sources[i] ?? ""),
          );
          const missing = unmappedRequired(fn?.params ?? [], effective);
          if (missing.length > 0) {
            setStatus({
              text: `Map ${missing.map(paramLabel).join(", ")} (required): choose a column of the selection or "Same value for every row" and type it.`,
              kind: "error",
            });
            return;
          }
          const controller = new AbortController();
          abort.current = controller;
          setProgress(null); // the last run's progress is not this one's
          setRunning(true);
          setStatus({ text: "Calculating (at most 60 requests a minute)…", kind: "info" });
          const typed = args().map((a): BulkArg =>
            a.kind === "value" ? { kind: "value", value: coerce(a.value) } : a,
          );
          // The columns were mapped on the table read: a run over another selection
          // would write its answers beside the wrong cells.
          const sameTable = async (): Promise<void> => {
            if (!selection) return;
            const now = await p.bridge.readSelection();
            if (now.address !== selection.address)
              throw new Error(
                `The selection is now ${now.address}, not the table read (${selection.address}): select ${selection.address} again, or press "Use the current selection".`,
              );
          };
          sameTable()
            .then(() =>
              p.bridge.runBulk(
                { functionName: name, args: typed, hasHeader },
                {
                  onProgress: (v) => {
                    setProgress(v);
                    setStatus(jobStatus("Bulk calculation", v));
                  },
                  signal: controller.signal,
                  beside,
                  // The job's cost (above a minute) and writing over data are asked here.
                  confirm: async (text, answers) => {
                    setStatus({ text: "Waiting for your answer above…", kind: "info" });
                    const yes = await question.ask(text, controller.signal, answers);
                    if (yes) setStatus({ text: "Calculating…", kind: "info" });
                    return yes;
                  },
                },
              ),
            )
            .then(
              (r) => setStatus({ text: bulkResultText(r), kind: r.failed ? "error" : "ok" }),
              (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
            )
            .finally(() => setRunning(false));
        },
      }),
      h(Button, {
        id: "bulk-cancel",
        label: "Cancel",
        disabled: !running,
        onClick: () => abort.current?.abort(),
      }),
    ]),
    question.view,
    running && progress
      ? h("div", null, [
          h("progress", {
            max: progress.steps + progress.stepsLeft,
            value: progress.steps,
            "aria-label": "Bulk progress",
          }),
          h("p", { class: "hint", id: "bulk-progress-text" }, jobLine(progress)),
        ])
      : null,
    h(Status, { id: "bulk-status", ...question.beside(status, running && progress !== null) }),
  ]);
}

/** The line a seller reads after a run: what was written, and what a cancel left empty. */
export function bulkResultText(r: BulkResult): string {
  const errors = r.failed ? ` (${r.failed} with errors)` : "";
  if (r.written === false) {
    return `Nothing written: ${r.address} holds data and was kept. Choose "The first empty columns to the right" or clear it, then calculate again.`;
  }
  const shared =
    r.asked !== undefined && r.answered !== undefined && r.asked < r.answered
      ? ` Identical rows were asked once: ${counted(r.asked, "request")}.`
      : "";
  return `Wrote ${counted(r.rows, "row")} to ${r.address}${errors}.${shared}`;
}

function coerce(v: string | number | boolean): string | number | boolean {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return Number(t);
  if (/^[-+]?(\d+\.?\d*|\.\d+)%$/.test(t)) return Number(t.slice(0, -1)) / 100;
  return t;
}
