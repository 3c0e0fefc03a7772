/**
 * A bulk calculation (one catalog function over the selected input rows) as a job:
 *   ask    one different row a unit (identical rows are asked once), each answer kept in the
 *          checkpoint; a passing stop (no quota, a 5xx burst, no connection) waits and goes on
 *          from the next row not answered
 *   place  the first empty columns right of the selection (or right beside it, where writing
 *          over data is asked first; nobody there to ask: nothing is written)
 *   write  the answers in blocks of WRITE_ROWS rows, each block checked first: a cell typed
 *          there since is the seller's, and is asked about, never written over silently
 * A resumed job asks no row twice and writes each block to the same cells.
 */
import type { Cell } from "../../core/shape";
import type { ProfitBasis } from "../../functions/basis";
import { messageOf } from "../../core/errors";
import { answerRow, bulkFunction, bulkHeader, bulkRowArgs, type BulkJob } from "../../imports/bulk";
import { boxAddress, confirmText, outputPlace } from "../../imports/freeColumns";
import { parseRangeAddress, type RangeBox } from "../../imports/rangeAddress";
import type { GridBlock } from "../../imports/managedTable";
import { io, type Op } from "../op";
import type { SidebarPorts } from "../ports";
import type { BulkAnswer, PlainCell } from "../views";
import type { JobKind, StepEnd } from "./jobKind";
import { isPassing } from "./passing";

/** Rows a write step puts in the sheet (one setValues-sized block, well inside any limit). */
export const WRITE_ROWS = 500;

/** What a bulk job is asked: the function, the selection as read, where the answers go. */
export interface BulkAsk {
  readonly job: BulkJob;
  /** The selection's A1 address with its sheet ("Inputs!A1:D501"). */
  readonly address: string;
  readonly values: readonly (readonly Cell[])[];
  /** Right beside the selection, even over data (asked first). */
  readonly beside?: boolean;
}

/** What a bulk job wrote (the sidebar's last line). */
export interface BulkJobResult {
  readonly address: string;
  readonly written: boolean;
  /** Rows written, header included. */
  readonly rows: number;
  readonly failed: number;
  readonly answered: number;
  readonly asked: number;
}

/** A bulk job's checkpoint (plain JSON). */
export interface BulkState {
  readonly job: BulkJob;
  readonly address: string;
  readonly beside: boolean;
  readonly countVat: boolean;
  /**
   * The basis at the start: every row is asked on it, whoever resumes the job (a teammate, a
   * trigger run as its maker, the seller after changing it). Absent in older checkpoints.
   */
  readonly basis?: ProfitBasis;
  /** The different rows to ask, and for each input row (header aside) its group, or -1. */
  readonly groups: PlainCell[][];
  readonly groupOf: number[];
  answers: (BulkAnswer | null)[];
  next: number;
  stage: "ask" | "place" | "write";
  /** Where the answers go (known once all are in), and rows of it written so far. */
  place: RangeBox | null;
  written: number;
  /** The seller said yes to writing over data in `place`; no (or nobody to ask): false. */
  over: boolean | null;
}

const plain = (c: Cell): PlainCell => (c instanceof Date ? c.toISOString() : c);
const isEmpty = (c: unknown): boolean => c === "" || c === null || c === undefined;
const blank = (row: readonly Cell[]): boolean => row.every(isEmpty);

/** One row's answer, from what its program gave or threw (a passing stop is thrown on). */
function answerOf(p: SidebarPorts, got: { value: unknown } | { error: unknown }): BulkAnswer {
  if ("error" in got) {
    if (isPassing(got.error)) throw got.error;
    return { cells: [`#ERROR: ${p.api.explain(got.error) || messageOf(got.error)}`], failed: true };
  }
  const raw = got.value as Parameters<typeof answerRow>[0];
  const row = answerRow(raw);
  const failed = raw instanceof Error;
  return {
    cells: row.cells.map(plain),
    failed,
    ...(failed ? {} : { formats: row.formats }),
    ...(row.header && !failed ? { header: row.header } : {}),
  };
}

/** The block of answers: one row per row read (a header row first where the job has one). */
function answersBlock(s: BulkState): { values: Cell[][]; formats: string[][] } {
  const answers = s.groupOf.map((g) => (g < 0 ? null : s.answers[g]));
  const width = Math.max(1, ...answers.map((a) => a?.cells.length ?? 0));
  const pad = <T>(r: readonly T[], fill: T): T[] =>
    Array.from({ length: width }, (_, j) => r[j] ?? fill);
  const values = answers.map((a) => pad<Cell>(a?.cells ?? [], ""));
  const formats = answers.map((a) => pad(a?.formats ?? [], ""));
  if (s.job.hasHeader) {
    const header = answers.find((a) => a?.header)?.header ?? [bulkHeader(s.job, s.countVat)];
    values.unshift(pad<Cell>(header, ""));
    formats.unshift(pad<string>([], ""));
  }
  return { values, formats };
}

/** Rows of the sheet the block covers, as the sheet holds them now. */
function* sheetRows(p: SidebarPorts, box: RangeBox): Op<Cell[][]> {
  const all = (yield* io(() => p.tables.read(box.sheet))) ?? [];
  return all.slice(box.r0, box.r1 + 1);
}

/** Blocks of rows that share their formats (a host writes one format per column). */
function gridBlocks(box: RangeBox, from: number, values: Cell[][], formats: string[][]) {
  const blocks: GridBlock[] = [];
  values.forEach((row, i) => {
    const f = formats[i] ?? [];
    const last = blocks[blocks.length - 1];
    if (last && last.formats.join("\u0000") === f.join("\u0000")) last.values.push(row);
    else blocks.push({ row: box.r0 + from + i, col: box.c0, values: [row], formats: f });
  });
  return blocks;
}

const question = (box: RangeBox) => ({
  text: confirmText({ box, address: boxAddress(box), overwrites: true }),
  answers: { yes: "Write over it", no: "Leave it" },
});

export const bulkJob: JobKind<BulkAsk, BulkState> = {
  // Ten rows a step: the line moves often, and a step is short in every host.
  perStep: 10,
  *begin(p, input) {
    const job = input.job;
    bulkFunction(job); // an unknown function or too many arguments: said before anything
    const read = parseRangeAddress(String(input.address));
    const body = (job.hasHeader ? input.values.slice(1) : input.values).map((r) => r.map(plain));
    const groups: PlainCell[][] = [];
    const seen = new Map<string, number>();
    const groupOf = body.map((row) => {
      if (blank(row)) return -1;
      const key = JSON.stringify(bulkRowArgs(job, row));
      const known = seen.get(key);
      if (known !== undefined) return known;
      seen.set(key, groups.length);
      return groups.push(row) - 1;
    });
    const basis = yield* io(() => p.basis());
    const state: BulkState = {
      job,
      address: boxAddress(read),
      beside: input.beside === true,
      countVat: basis.countVat,
      basis,
      groups,
      groupOf,
      answers: groups.map(() => null),
      next: 0,
      stage: "ask",
      place: null,
      written: 0,
      over: null,
    };
    return { state, title: `Bulk ${job.functionName} · ${state.address}`, sheet: null };
  },

  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one reads nothing
  *answer(_p, s, yes) {
    s.over = yes;
    return null;
  },

  *step(p, s, ctx): Op<StepEnd> {
    if (s.stage === "ask") {
      const fn = bulkFunction(s.job);
      const basis = s.basis ?? (yield* io(() => p.basis()));
      while (s.next < s.groups.length && (yield* ctx.more())) {
        const args = bulkRowArgs(s.job, s.groups[s.next] ?? []);
        let got: { value: unknown } | { error: unknown };
        try {
          got = { value: yield* ctx.run(fn.program(args, basis)) };
        } catch (error) {
          got = { error };
        }
        s.answers[s.next] = answerOf(p, got);
        s.next++;
      }
      if (s.next >= s.groups.length) s.stage = "place";
      return { kind: "more" };
    }
    const { values, formats } = answersBlock(s);
    if (s.stage === "place") {
      const read = parseRangeAddress(s.address);
      const width = values[0]?.length ?? 1;
      const place = outputPlace(read, width, yield* sheetRows(p, read), s.beside);
      s.place = place.box;
      s.stage = "write";
      if (place.overwrites && s.over === null) {
        if (ctx.unattended) return { kind: "done", result: resultOf(s, false) };
        return { kind: "ask", question: question(place.box) };
      }
      return { kind: "more" };
    }
    const box = s.place as RangeBox;
    if (s.over === false) return { kind: "done", result: resultOf(s, false) };
    const chunk = values.slice(s.written, s.written + WRITE_ROWS);
    if (!s.over) {
      // A cell typed into the place since it was chosen is the seller's: asked, never lost.
      const now = (yield* sheetRows(p, box)).slice(s.written, s.written + chunk.length);
      const typed = chunk.some((row, i) =>
        row.some((v, j) => {
          const there = now[i]?.[box.c0 + j];
          return !isEmpty(there) && there !== v;
        }),
      );
      if (typed) {
        if (ctx.unattended) return { kind: "done", result: resultOf(s, false) };
        return { kind: "ask", question: question(box) };
      }
    }
    const blocks = gridBlocks(box, s.written, chunk, formats.slice(s.written));
    yield* io(() => p.tables.write(box.sheet, blocks));
    s.written += chunk.length;
    if (s.written < values.length) return { kind: "more" };
    return { kind: "done", result: resultOf(s, true) };
  },

  left(s) {
    const rows = s.groupOf.length + (s.job.hasHeader ? 1 : 0);
    const writes = s.stage === "write" ? Math.ceil((rows - s.written) / WRITE_ROWS) : 1;
    return {
      requests: s.groups.length - s.next,
      writes: s.stage === "ask" ? 1 + Math.ceil(rows / WRITE_ROWS) : writes,
      rows,
      rowsWritten: s.written,
      planned: true,
    };
  },

  doing(s) {
    const n = (x: number): string => x.toLocaleString("en-US");
    if (s.stage === "ask")
      return `asking row ${n(Math.min(s.next + 1, s.groups.length))} of ${n(s.groups.length)}`;
    if (s.stage === "place") return "choosing the empty columns for the answers";
    return `writing the answers to ${s.place ? boxAddress(s.place) : "the sheet"}`;
  },

  *drop() {
    // Nothing outside its place: blocks written stay (each is whole), the rest is not written.
  },
};

function resultOf(s: BulkState, written: boolean): BulkJobResult {
  const answered = s.groupOf.filter((g) => g >= 0 && s.answers[g]).length;
  const failed = s.groupOf.filter((g) => g >= 0 && s.answers[g]?.failed).length;
  return {
    address: s.place ? boxAddress(s.place) : s.address,
    written,
    rows: written ? s.written : 0,
    failed,
    answered: answered + s.groupOf.filter((g) => g < 0).length,
    asked: s.groups.length,
  };
}
