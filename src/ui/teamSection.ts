/**
 * Team workbook: what the seller does with a managed table besides refreshing it (re-sort on
 * request). Refreshes never re-sort by themselves.
 */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { HostBridge } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, Status, TextField } from "./controls";
import { counted, grouped } from "./counted";
import { HistoryChart } from "./charts/historyChart";
import { removeGoneAsked } from "./goneRowsOffer";
import { useQuestion } from "./question";
import type { ProductHistory } from "./teamBridge";

type Said = { text: string; kind: "info" | "ok" | "error" };

export function TeamSection(p: { bridge: HostBridge }) {
  const [sheet, setSheet] = useState("");
  const [product, setProduct] = useState("");
  const [history, setHistory] = useState<ProductHistory | null>(null);
  const [status, setStatus] = useState<Said>({ text: "", kind: "info" });
  const question = useQuestion("team-gone-question");
  const run = (what: () => Promise<string>): void => {
    setStatus({ text: "Working…", kind: "info" });
    what().then(
      (text) => setStatus({ text, kind: "ok" }),
      (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
    );
  };
  const named = (): string => {
    const name = sheet.trim();
    if (name === "") throw new Error("Type the name of the table's sheet first (Table sheet)");
    return name;
  };
  return h(Section, { title: "Team workbook", id: "sec-team" }, [
    h(TextField, {
      id: "team-sheet",
      label: "Table sheet",
      value: sheet,
      onInput: setSheet,
      hint: "A sheet an import wrote (refreshes keep its order and your columns)",
    }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "team-resort",
        label: "Re-sort by profit",
        onClick: () =>
          run(async () => {
            const done = await p.bridge.team.resortTable(named());
            return done.moved === 0
              ? `${done.sheetName} is already sorted by ${done.by}: nothing moved.`
              : `${done.sheetName} sorted by ${done.by}, highest first: ${grouped(done.moved)} of ${grouped(done.rows)} rows moved, your columns with them.`;
          }),
      }),
      h(Button, {
        id: "team-gone",
        label: "Remove gone rows",
        onClick: () => run(async () => removeGoneAsked(p.bridge.team, question, named())),
      }),
      h(Button, {
        id: "team-snapshot",
        label: "Keep a snapshot",
        onClick: () =>
          run(async () => {
            const done = await p.bridge.team.keepSnapshot(named());
            return `${counted(done.products, "product")} of ${done.sheetName} kept in ${done.history} (${done.when}).`;
          }),
      }),
    ]),
    h(TextField, {
      id: "team-product",
      label: "Product id",
      value: product,
      onInput: setProduct,
      hint: "Its profit and price in every snapshot",
    }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "team-history",
        label: "Show history",
        onClick: () =>
          run(async () => {
            setHistory(null);
            const found = await p.bridge.team.productHistory(product.trim());
            setHistory(found);
            return `${found.points.length} snapshots of ${found.product || found.productId}.`;
          }),
      }),
    ]),
    h("div", { class: "row" }, [
      ...(["selection", "sheet"] as const).flatMap((scope) =>
        [false, true].map((unfreeze) =>
          h(Button, {
            id: `team-${unfreeze ? "unfreeze" : "freeze"}-${scope}`,
            label: `${unfreeze ? "Unfreeze" : "Freeze values"}: ${scope === "sheet" ? "sheet" : "selection"}`,
            onClick: () =>
              run(async () => {
                const done = await p.bridge.team.freezeValues(scope, unfreeze);
                return unfreeze
                  ? `${counted(done.formulas, "formula")} of ${done.sheetName} put back.${done.notRestored ? ` Not put back: ${done.notRestored} changed since the freeze (a row or column inserted, or a value typed over it); their formulas stay kept.` : ""}`
                  : `${counted(done.formulas, "formula")} of ${done.sheetName} frozen as values: anyone opening the file reads them, with or without the add-on; Unfreeze puts the formulas back.${done.leftWithErrors ? ` ${counted(done.leftWithErrors, "formula")} showing an error left as formulas (a frozen error would lose its reason): select one to read why.` : ""}`;
              }),
          }),
        ),
      ),
    ]),
    question.view,
    h(Status, { id: "team-status", ...question.beside(status) }),
    history ? h(HistoryChart, { history }) : null,
    history && p.bridge.team.insertHistoryChart
      ? h(Button, {
          id: "team-native-chart",
          label: "Insert as a chart in the sheet",
          onClick: () =>
            run(async () => {
              const done = await p.bridge.team.insertHistoryChart?.(
                history.productId,
                history.product || history.productId,
              );
              return `Chart of ${history.product || history.productId} inserted on the ${done?.sheet} sheet.`;
            }),
        })
      : null,
  ]);
}
