/**
 * The questions an import asks the seller, written once: before it replaces data no import
 * wrote, and before a refresh writes over cells the seller changed by hand. An import job
 * (jobs/importJob.ts) asks them; each host's sidebar shows them with their two answers.
 */
import type { ImportTarget, EditedCellView } from "./views";

/** The two buttons of a question: what "yes" and "no" do, in the seller's words. */
export interface QuestionAnswers {
  readonly yes: string;
  readonly no: string;
}

/** The question before an import replaces data no import wrote, and its two answers. */
export function replaceQuestion(target: ImportTarget): [string, QuestionAnswers] {
  return [
    `${target.othersData ?? target.sheetName} holds data that no import wrote. Replace it with this import, or import into a new sheet "${target.newSheetName}"?`,
    { yes: `Replace ${target.sheetName}`, no: `New sheet "${target.newSheetName}"` },
  ];
}

/** Cells named in a question: the first few, and how many more. */
const SHOWN_EDITS = 5;

/** The question when a refresh would overwrite cells the seller changed by hand. */
export function editedQuestion(
  sheetName: string,
  edited: readonly EditedCellView[],
): [string, QuestionAnswers] {
  const named = edited
    .slice(0, SHOWN_EDITS)
    .map((e) => `${e.cell} (${e.header} of ${e.id}: yours ${e.yours}, the API's ${e.api})`)
    .join("; ");
  const more = edited.length > SHOWN_EDITS ? ` and ${edited.length - SHOWN_EDITS} more` : "";
  const cells = edited.length === 1 ? "1 cell" : `${edited.length} cells`;
  const were = edited.length === 1 ? "was" : "were";
  return [
    `${cells} of ${sheetName} that the refresh fills ${were} changed by hand: ${named}${more}. Keep your values there, or write the API's figures over them?`,
    { yes: "Write the API's figures", no: "Keep my values" },
  ];
}
