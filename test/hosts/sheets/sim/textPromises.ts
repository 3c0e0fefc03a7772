/**
 * Did the waiting texts keep their word (issue 32)? A text that names a time ("about 3 min (by
 * 14:05)") promises the cell's answer by then; it is kept when the cell shows its answer no
 * later than `slackMs` after it. A text that names no time must say who goes on with the cell
 * (the add-on's hourly run, an edit, the owner's sidebar, a refresh): it promises no minute.
 */
import type { SheetsSim } from "./sheetsSim";

export interface BrokenPromise {
  readonly cell: string;
  /** When the text was shown (sim ms) and what it said. */
  readonly at: number;
  readonly text: string;
  /** What it promised (sim ms), null for a text that names neither a time nor who goes on. */
  readonly by: number | null;
  /** When the cell showed its answer (sim ms), null: never. */
  readonly answeredAt: number | null;
}

/** Texts that name who goes on instead of a time (src/hosts/sheets/cells/cellTexts.ts). */
const WHO_GOES_ON = [
  "the add-on's hourly run goes on with them",
  "they go on at anyone's next edit",
  "the spreadsheet's owner opens",
  "today's background re-runs are used up",
];

/** Every waiting text shown since `start` whose promise was not kept. */
export function brokenPromises(
  sim: SheetsSim,
  start: number,
  isAnswer: (shown: unknown) => boolean,
  slackMs = 5 * 60_000,
): BrokenPromise[] {
  const out: BrokenPromise[] = [];
  for (const [cell, history] of sim.histories())
    history.forEach((h, i) => {
      if (h.at < start || typeof h.shown !== "string" || !/^Waiting/.test(h.shown)) return;
      const text = h.shown;
      const answer = history.slice(i + 1).find((n) => isAnswer(n.shown));
      const answeredAt = answer?.at ?? null;
      const m = /about (\d+) min/.exec(text);
      if (m && !WHO_GOES_ON.some((w) => text.includes(w))) {
        const by = h.at + Number(m[1]) * 60_000;
        if (answeredAt === null || answeredAt > by + slackMs)
          out.push({ cell, at: h.at, text, by, answeredAt });
      } else if (!WHO_GOES_ON.some((w) => text.includes(w)))
        out.push({ cell, at: h.at, text, by: null, answeredAt });
    });
  return out;
}
