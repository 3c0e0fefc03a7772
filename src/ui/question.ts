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

/** `ask` shows the question under `id` until answered; `view` is what to render. */
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
  return { ask, dismiss, view };
}
