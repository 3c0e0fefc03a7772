/**
 * Tools: Convert formulas for this host (a workbook moved from Excel to Sheets or back) and
 * Diagnostics (each thing the add-in relies on here, checked, as a table to copy to support).
 */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { ConvertedFormulas } from "../sidebar/convertFormulas";
import type { DiagnosticsReport } from "../sidebar/diagnostics";
import type { HostBridge } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, Status } from "./controls";

const HOST_NAMES = { sheets: "Google Sheets", excel: "Excel", web: "the web demo" } as const;

/** The line after a conversion. */
export function convertedText(done: ConvertedFormulas): string {
  const where = HOST_NAMES[done.host];
  if (done.formulas === 0 && done.emptied === 0)
    return `Every formula of the add-in is already in ${where}'s form: nothing changed.`;
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  const emptied =
    done.emptied > 0
      ? ` ${plural(done.emptied, "cell")} holding a copy of a table exported from Sheets emptied so the table can spill.`
      : "";
  return `Converted ${plural(done.formulas, "formula")} on ${plural(done.sheets, "sheet")} for ${where}.${emptied}`;
}

const RESULT = { true: "passed", false: "FAILED", null: "not checked" } as const;

/** Where the checks ran: version, host (and how it is installed, where it can tell), API. */
function aboutLines(report: DiagnosticsReport): string[] {
  return [
    `Add-in version: ${report.version}`,
    `Host: ${HOST_NAMES[report.host]}${report.deployment ? `, running as ${report.deployment}` : ""}`,
    `API address: ${report.apiAddress}`,
  ];
}

/**
 * The table as plain text, for "Copy for support": the version, the host, the API address and
 * each check (no key in it: checks never hold one, and the address has no user info).
 */
export function diagnosticsText(report: DiagnosticsReport): string {
  return [
    `Marketplace Profit diagnostics, ${HOST_NAMES[report.host]}, ${new Date(report.at).toISOString()}`,
    ...aboutLines(report),
    ...report.rows.map(
      (r) =>
        `${RESULT[String(r.passed) as keyof typeof RESULT]}\t${r.check}\t${r.seen}${r.passed === true ? "" : `\tThe add-in then: ${r.instead}`}`,
    ),
  ].join("\n");
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // Sheets' sandboxed sidebar may refuse: the text box below is selectable.
  }
}

export function ToolsSection(p: { bridge: HostBridge }) {
  const [status, setStatus] = useState<{ text: string; kind: "info" | "ok" | "error" }>({
    text: "",
    kind: "info",
  });
  const [report, setReport] = useState<DiagnosticsReport | null>(null);
  const run = (what: () => Promise<string>) => {
    setStatus({ text: "Working…", kind: "info" });
    what().then(
      (text) => setStatus({ text, kind: "ok" }),
      (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
    );
  };
  const convert = p.bridge.convertFormulas?.bind(p.bridge);
  return h(Section, { title: "Tools", id: "sec-tools" }, [
    h("div", { class: "row" }, [
      convert
        ? h(Button, {
            id: "convert-formulas",
            label: `Convert formulas for ${p.bridge.host === "excel" ? "Excel" : "Sheets"}`,
            onClick: () => run(async () => convertedText(await convert())),
          })
        : null,
      h(Button, {
        id: "run-diagnostics",
        label: "Diagnostics",
        onClick: () =>
          run(async () => {
            const r = await p.bridge.runDiagnostics();
            setReport(r);
            const failed = r.rows.filter((row) => row.passed === false).length;
            return failed === 0
              ? "Every check passed."
              : `${failed} check${failed === 1 ? "" : "s"} failed: see the table.`;
          }),
      }),
    ]),
    h(Status, { id: "tools-status", ...status }),
    report
      ? h("div", { id: "diagnostics" }, [
          h(
            "p",
            { id: "diagnostics-about" },
            aboutLines(report).flatMap((line, i) => (i ? [h("br", null), line] : [line])),
          ),
          h("table", null, [
            h(
              "thead",
              null,
              h(
                "tr",
                null,
                ["Check", "Result", "Seen", "The add-in then"].map((t) => h("th", null, t)),
              ),
            ),
            h(
              "tbody",
              null,
              report.rows.map((r) =>
                h(
                  "tr",
                  {
                    "data-check": r.id,
                    "data-result": RESULT[String(r.passed) as keyof typeof RESULT],
                  },
                  [
                    h("td", null, r.check),
                    h("td", null, RESULT[String(r.passed) as keyof typeof RESULT]),
                    h("td", null, r.seen),
                    h("td", null, r.passed === true ? "" : r.instead),
                  ],
                ),
              ),
            ),
          ]),
          h(Button, {
            id: "copy-diagnostics",
            label: "Copy for support",
            onClick: () =>
              void copy(diagnosticsText(report)).then((ok) =>
                setStatus(
                  ok
                    ? { text: "Copied: paste it into your message to support.", kind: "ok" }
                    : {
                        text: "Your browser refused to copy: select the text below and copy it.",
                        kind: "info",
                      },
                ),
              ),
          }),
          h("textarea", {
            id: "diagnostics-text",
            readOnly: true,
            rows: 4,
            value: diagnosticsText(report),
          }),
        ])
      : null,
  ]);
}
