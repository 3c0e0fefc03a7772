/**
 * Batches over a sheet's rows (sheetSteps.ts): `size` rows a request, one request a step, named
 * by their part's index, so a step asked again (a resumed job) is the same request for the same
 * rows. The rows must follow from the stages before this one alone (not from its own answers).
 */
import { chunkRows } from "./cellText";
import {
  markAnswered,
  notAnswered,
  requestOf,
  type SheetRequest,
  type SheetStage,
  type StepState,
} from "./sheetSteps";

/** A staged sheet's state keeps what failed, for the Refresh log. */
export interface BatchState extends StepState {
  readonly errors: readonly string[];
}

/** Batches over the sheet's rows: `size` rows a request, one request per part. */
export function batchStage<S extends BatchState, T>(o: {
  readonly name: string;
  /** The rows this stage asks for, from the stages before it (stable once those are done). */
  readonly items: (s: S) => readonly T[];
  readonly size: number;
  readonly request: (s: S, part: readonly T[]) => SheetRequest["call"];
  readonly take: (s: S, part: readonly T[], data: unknown) => S;
  /** What a failed request leaves for its rows (they say why). */
  readonly failed?: (s: S, part: readonly T[], error: string) => S;
  /** Rows are priced one per request (the batches did not cover them). */
  readonly single?: boolean;
  /** Items, guessed before the stages this one depends on are done. */
  readonly estimateItems: (s: S) => number;
  /** Its estimate is a share guessed, not counted, in this state (SheetStage.guessed). */
  readonly guessed?: (s: S) => boolean;
}): SheetStage<S> {
  const all = (s: S): SheetRequest[] =>
    chunkRows(o.items(s), o.size).map((part, i) =>
      requestOf(`${o.name} #${i}`, o.request(s, part), part.length, o.single === true),
    );
  const partOf = (s: S, id: string): readonly T[] => {
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
    ...(o.guessed ? { guessed: o.guessed } : {}),
  };
}
