/**
 * A fee-change sheet's walk of a shop list (sheetSteps.ts), one page a request, until the list
 * ends; its requests are named from the state alone, so a step asked again (a resumed job) is
 * the same request. Its batches over rows are batchStage.ts's.
 */
import type { ApiCall } from "../../core/effects";
import { isRecord } from "../../core/shape";
import { cursorValue, pageRows } from "../../core/paginate";
import { markAnswered, notAnswered, requestOf, type SheetStage } from "../sheetSteps";
import type { FeeChangeState, Walk } from "./feeChangeAsk";

/** Which walk of the state a stage moves. */
type WalkName = "today" | "later" | "variantWalk";

/** A list walk: cursor pages (A7, B7) or offset pages (A12), until the list ends. */
export function walkStage(o: {
  readonly name: string;
  readonly walk: WalkName;
  /** The request for the page at `next` (null: the first page). */
  readonly request: (s: FeeChangeState, next: number | null) => ApiCall;
  /** How the list pages: by cursor (next = the page's nextCursor) or by page number. */
  readonly paging: "cursor" | "offset";
  /** Fold a page's rows into the state (products, variants, figures). */
  readonly take: (s: FeeChangeState, rows: readonly unknown[], page: unknown) => FeeChangeState;
  /** Stop early once the state has what it needs (A12: every product's models found). */
  readonly enough?: (s: FeeChangeState) => boolean;
  /** Pages, guessed from what is known. */
  readonly estimate: (s: FeeChangeState) => number;
}): SheetStage<FeeChangeState> {
  const walkOf = (s: FeeChangeState): Walk => s[o.walk];
  return {
    name: o.name,
    pending(s) {
      const w = walkOf(s);
      if (w.started && (w.next === null || o.enough?.(s) === true)) return [];
      const id = `${o.name} ${w.next ?? "first"}`;
      return notAnswered(s, [requestOf(id, o.request(s, w.next), 0)]);
    },
    fold(s, request, answer) {
      const w = walkOf(s);
      const done = markAnswered(s, request);
      if (!answer.ok)
        return {
          ...done,
          [o.walk]: { ...w, started: true, next: null },
          errors: [...s.errors, `${o.name}: ${answer.error}`],
        };
      const rows = pageRows<unknown>(answer.data);
      const page = answer.data;
      let next: number | null = null;
      let total = w.total;
      if (o.paging === "cursor") {
        next = rows.length > 0 && isRecord(page) ? cursorValue(page.nextCursor) : null;
      } else if (isRecord(page)) {
        const pages = Number(page.totalPages);
        const at = w.next ?? 0;
        next = rows.length > 0 && at + 1 < pages ? at + 1 : null;
        total = typeof page.totalItems === "number" ? page.totalItems : total;
      }
      const taken = o.take(done, rows, page);
      return {
        ...taken,
        [o.walk]: {
          ...walkOf(taken),
          started: true,
          next,
          ...(total === undefined ? {} : { total }),
        },
      };
    },
    estimate: o.estimate,
    lists: true,
  };
}
