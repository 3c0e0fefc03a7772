/**
 * The two kinds of stage a fee-change sheet is made of (sheetSteps.ts): a walk of a shop list,
 * one page a request, and batches over the sheet's rows, one part a request. Each names its
 * requests from the state alone, so a step asked again (a resumed job) is the same request.
 */
import type { ApiCall } from "../../core/effects";
import { isRecord } from "../../core/shape";
import { cursorValue, pageRows } from "../../core/paginate";
import { chunkRows } from "../cellText";
import { markAnswered, notAnswered, type SheetRequest, type SheetStage } from "../sheetSteps";
import type { FeeChangeState, Walk } from "./feeChangeAsk";

/** One request of a stage. */
export const requestOf = (id: string, c: ApiCall, rows: number, single = false): SheetRequest => ({
  id,
  call: c,
  rows,
  ...(single ? { single: true } : {}),
});

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
  };
}

/** Batches over the sheet's rows: `size` rows a request, one request per part. */
export function batchStage<T>(o: {
  readonly name: string;
  /** The rows this stage asks for, from the stages before it (stable once those are done). */
  readonly items: (s: FeeChangeState) => readonly T[];
  readonly size: number;
  readonly request: (s: FeeChangeState, part: readonly T[]) => ApiCall;
  readonly take: (s: FeeChangeState, part: readonly T[], data: unknown) => FeeChangeState;
  /** What a failed request leaves for its rows (they say why). */
  readonly failed?: (s: FeeChangeState, part: readonly T[], error: string) => FeeChangeState;
  /** Rows are priced one per request (the batches did not cover them). */
  readonly single?: boolean;
  /** Items, guessed before the stages this one depends on are done. */
  readonly estimateItems: (s: FeeChangeState) => number;
}): SheetStage<FeeChangeState> {
  const all = (s: FeeChangeState): SheetRequest[] =>
    chunkRows(o.items(s), o.size).map((part, i) =>
      requestOf(`${o.name} #${i}`, o.request(s, part), part.length, o.single === true),
    );
  const partOf = (s: FeeChangeState, id: string): readonly T[] => {
    const i = Number(id.slice(id.lastIndexOf("#") + 1));
    return chunkRows(o.items(s), o.size)[i] ?? [];
  };
  return {
    name: o.name,
    pending: (s) => (o.items(s).length === 0 ? [] : notAnswered(s, all(s))),
    fold(s, request, answer) {
      const part = partOf(s, request.id);
      const done = markAnswered(s, request);
      if (answer.ok) return o.take(done, part, answer.data);
      const noted = { ...done, errors: [...s.errors, `${o.name}: ${answer.error}`] };
      return o.failed ? o.failed(noted, part, answer.error) : noted;
    },
    estimate: (s) => Math.ceil(o.estimateItems(s) / o.size),
  };
}
