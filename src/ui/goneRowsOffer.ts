/**
 * "Remove gone rows" where the seller meets them: the Team section's button, and under an
 * import's or refresh's outcome that marked rows gone (naming how many). Both ask the same
 * question (every cell the seller typed on those rows named first) and remove nothing on no.
 */
import { h } from "preact";
import { useState } from "preact/hooks";
import { messageOf, type HostBridge } from "./bridge";
import { Button, Status } from "./controls";
import { counted } from "./counted";
import { goneRowsQuestionText } from "./goneRowsText";
import { useQuestion } from "./question";

type Asker = ReturnType<typeof useQuestion>;

/** Ask about a table's gone rows and remove them on yes; what happened, in one line. */
export async function removeGoneAsked(
  team: HostBridge["team"],
  question: Asker,
  sheetName: string,
): Promise<string> {
  question.dismiss();
  const asked = await team.goneRows(sheetName);
  if (asked.rows === 0)
    return `${asked.sheetName} has no rows of products gone from the API's answer: nothing to remove.`;
  const yes = await question.ask(goneRowsQuestionText(asked), undefined, {
    yes: "Remove them",
    no: "Keep them",
  });
  if (!yes) return `Nothing removed: ${asked.sheetName} is as it was.`;
  const done = await team.removeGoneRows(asked.sheetName, asked.token);
  return `${counted(done.removed, "gone row")} deleted from ${done.sheetName}${done.sellerCells ? `, with the ${counted(done.sellerCells, "cell")} you typed on them` : ""}; every other row keeps its cells beside its product.`;
}

/** A refresh's gone rows of one sheet: "Remove 3 gone rows of Top products", asked first. */
export function GoneRowsOffer(p: { bridge: HostBridge; sheetName: string; rows: number }) {
  const id = `imp-gone-${p.sheetName.replace(/[^A-Za-z0-9]+/g, "-")}`;
  const question = useQuestion(`${id}-question`);
  const [said, setSaid] = useState<{ text: string; kind: "info" | "ok" | "error" } | null>(null);
  const remove = (): void => {
    setSaid({ text: "Working…", kind: "info" });
    removeGoneAsked(p.bridge.team, question, p.sheetName).then(
      (text) => setSaid({ text, kind: "ok" }),
      (e: unknown) => setSaid({ text: messageOf(e), kind: "error" }),
    );
  };
  return h("div", { id, class: "gone-offer" }, [
    h("div", { class: "row" }, [
      h(Button, {
        id: `${id}-remove`,
        label: `Remove ${counted(p.rows, "gone row")} of ${p.sheetName}`,
        disabled: said?.text === "Working…",
        onClick: remove,
      }),
    ]),
    question.view,
    said ? h(Status, { id: `${id}-status`, ...question.beside(said) }) : null,
  ]);
}
