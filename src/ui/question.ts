/**
 * The sidebar's yes/no question before anything is written over the seller's data (issue 12).
 * The question names the range; only "Write over it" answers yes, and "Don't write" or closing the
 * run answers no, so nothing is written without the seller's word.
 */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { QuestionAnswers } from "./bridge";
import { Button } from "./controls";

interface Pending {
  readonly text: string;
  readonly answers: QuestionAnswers;
  readonly answer: (yes: boolean) => void;
}

const WRITE_OVER: QuestionAnswers = { yes: "Write over it", no: "Don't write" };

/** A section's status line. */
export interface StatusLine {
  readonly text: string;
  readonly kind: "info" | "ok" | "error";
}

const NONE: StatusLine = { text: "", kind: "info" };

/**
 * One status at a time in a section: an open question is the section's status ("Working…" or
 * "Starting…" under it read as a second, stale one), and where a job's own line shows what it
 * does, an "info" line beside it ("…: starting…", "…: running…") is dropped; a wait, an error
 * or an outcome stays.
 */
export function statusBeside(line: StatusLine, asking: boolean, jobLine = false): StatusLine {
  if (asking) return NONE;
  if (jobLine && line.kind === "info") return NONE;
  return line;
}

/**
 * `ask` shows the question under `id` until answered; `view` is what to render; `beside(line)`
 * is the section's status line as shown with it (statusBeside).
 */
export function useQuestion(id: string) {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = (
    text: string,
    signal?: AbortSignal,
    answers: QuestionAnswers = WRITE_OVER,
  ): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const answer = (yes: boolean): void => {
        setPending(null);
        resolve(yes);
      };
      signal?.addEventListener("abort", () => answer(false));
      setPending({ text, answers, answer });
    });
  const view = pending
    ? h("div", { id, role: "alertdialog", "aria-labelledby": `${id}-text` }, [
        h("p", { id: `${id}-text` }, pending.text),
        h("div", { class: "row" }, [
          h(Button, {
            id: `${id}-yes`,
            label: pending.answers.yes,
            onClick: () => pending.answer(true),
          }),
          h(Button, {
            id: `${id}-no`,
            label: pending.answers.no,
            primary: true,
            onClick: () => pending.answer(false),
          }),
        ]),
      ])
    : null;
  /** A new run of the same button: the old question is answered "no" and goes away. */
  const dismiss = (): void => pending?.answer(false);
  const beside = (line: StatusLine, jobLine = false): StatusLine =>
    statusBeside(line, pending !== null, jobLine);
  return { ask, dismiss, view, beside };
}
