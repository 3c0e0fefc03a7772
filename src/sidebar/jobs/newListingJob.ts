/**
 * "New listings sheet" as a job (issue 34 item 4). The candidates are the rows of the seller's
 * input sheet (theirs: the add-in only reads it, and makes it with its headers when it is not
 * there yet) or typed in the sidebar. Its stages, each resumable from the checkpoint:
 *   ask    one candidate on one marketplace a unit: the cells a seller would type (the
 *          new-product preview A3/B3/C4 and REQUIRED_PRICE A4/B4/C6; newListingStages.ts)
 *   write  from the input sheet: the figures beside the candidates, in their rows, right of
 *          the seller's columns (newListingBeside.ts); typed candidates: a managed table of
 *          their own keyed by candidate name, the inputs then the figures (decisionTable.ts)
 */
import { REGION_CURRENCY } from "../../api/figures";
import type { Cell } from "../../functions/cells";
import type { GridBlock } from "../../imports/managedTable";
import type { Candidate, ListingShops } from "../../imports/newListing/newListingAsk";
import { firstNewListingState, type NewListingState } from "../../imports/newListing/newListingAsk";
import { NEW_LISTING_HEADERS, newListingRows } from "../../imports/newListing/newListingRows";
import { newListingStages } from "../../imports/newListing/newListingStages";
import type { ColumnFormat, ImportColumn } from "../../imports/table";
import { pricingBasis } from "../../imports/tableBasis";
import { checkedSheetName, decisionOwner, writeDecisionTable } from "../decisionTable";
import { checkedListing, type NewListingQuestion } from "../newListing";
import { keyOf, writeBeside } from "../newListingBeside";
import { io, type Op } from "../op";
import type { SidebarPorts } from "../ports";
import type { JobKind } from "./jobKind";
import { stagedLeft, stagedUnits, type StagedProgress } from "./stagedSteps";

/** The seller's input columns, in the order the made input sheet has them. */
export const INPUT_HEADERS = [
  "Candidate",
  "COGS",
  "Planned price",
  "Category A",
  "Category B",
  "Category C",
] as const;

/** What the sidebar asks for: candidates typed, or the input sheet to read them from. */
export interface NewListingSheetAsk extends Omit<NewListingQuestion, "candidates"> {
  readonly candidates?: readonly Candidate[];
  /** The seller's input sheet ("New listings"): one candidate a row under INPUT_HEADERS. */
  readonly inputSheet?: string;
  readonly sheetName: string;
}

/** What a finished sheet says. */
export interface NewListingOutcome {
  readonly sheetName: string;
  readonly rows: number;
  readonly requests: number;
  /** Candidates with a marketplace that could not answer (the Answer column says why). */
  readonly withProblems: number;
  readonly keptEdits: number;
}

export interface NewListingJobState extends StagedProgress<NewListingState> {
  readonly sheetName: string;
  /** The figures go beside the candidates in the seller's input sheet (`sheetName`). */
  readonly beside?: boolean;
  readonly title: string;
  stage: "ask" | "write";
}

const KIND = "newListing";
const WHAT = "a new-listings sheet";

const text = (c: Cell | undefined): string => String(c ?? "").trim();

/** A number cell as the seller typed it ("1,234.5" too); NaN where it is none. */
const numberIn = (c: Cell | undefined): number =>
  typeof c === "number" ? c : text(c) === "" ? NaN : Number(text(c).replace(/,/g, ""));

/** A category cell of A or B: an id, or null when empty; the row and column named if not. */
function categoryId(c: Cell | undefined, row: number, m: "A" | "B"): number | null {
  const t = text(c);
  if (t === "") return null;
  if (!/^\d+$/.test(t))
    throw new Error(
      `Input sheet: row ${row}'s Category ${m} must be a category id (a whole number), not "${t}"`,
    );
  return Number(t);
}

/** The candidates of the input sheet; made with its headers (and refused) when it is empty. */
function* candidatesIn(p: SidebarPorts, name: string): Op<Candidate[]> {
  const grid = (yield* io(() => p.tables.read(name))) ?? [];
  const used = grid.some((row) => row.some((c) => text(c) !== ""));
  if (!used) {
    const header: GridBlock = { row: 0, col: 0, values: [[...INPUT_HEADERS]], formats: [] };
    yield* io(() => p.tables.write(name, [header], true));
    yield* io(() => p.tables.boldHeader(name, INPUT_HEADERS.length));
    yield* io(() => p.tables.show?.(name));
    throw new Error(
      `Input sheet: made "${name}" with its headers; type one candidate a row (name, COGS, planned price, its category on A, B and C), then build again`,
    );
  }
  const head = (grid[0] ?? []).map(text);
  const at = INPUT_HEADERS.map((h) => head.indexOf(h));
  const missing = INPUT_HEADERS.filter((_, i) => (at[i] ?? -1) < 0);
  if (missing.length)
    throw new Error(`Input sheet: "${name}" has no column "${missing.join('", "')}" in row 1`);
  const cell = (row: readonly Cell[], i: number): Cell | undefined => row[at[i] ?? -1];
  return grid.slice(1).flatMap((row, r): Candidate[] => {
    if (at.every((j) => text(row[j]) === "")) return [];
    const [name, cogs, price] = [
      text(cell(row, 0)),
      numberIn(cell(row, 1)),
      numberIn(cell(row, 2)),
    ];
    if (name === "") throw new Error(`Input sheet: row ${r + 2} has no Candidate name`);
    return [
      {
        name,
        cogs,
        price,
        categoryA: categoryId(cell(row, 3), r + 2, "A"),
        categoryB: categoryId(cell(row, 4), r + 2, "B"),
        categoryC: text(cell(row, 5)) || null,
      },
    ];
  });
}

/** Each candidate's name once: rows are matched by it at the next build. */
function uniqueNames(candidates: readonly Candidate[]): void {
  const seen = new Map<string, number>();
  candidates.forEach((c, i) => {
    const name = String(c?.name ?? "").trim();
    if (name === "") throw new Error(`Candidate ${i + 1}: give it a name`);
    const before = seen.get(name.toLowerCase());
    if (before !== undefined)
      throw new Error(
        `Candidate ${i + 1}: "${name}" is also candidate ${before + 1}; each row needs its own name`,
      );
    seen.set(name.toLowerCase(), i);
  });
}

function columnsOf(): ImportColumn[] {
  return NEW_LISTING_HEADERS.map((header, i): ImportColumn => {
    const format: ColumnFormat =
      i === 1 || i === 2 || /^(Profit|Price)/.test(header)
        ? "money"
        : /^Margin/.test(header)
          ? "fraction"
          : "text";
    // The candidate's name names the row (as a product id does in an import).
    return { header, path: i === 0 ? "productId" : "", format };
  });
}

/** Where each marketplace's figures are, and in which currency. */
function whereWords(shops: ListingShops): string {
  const parts = [
    shops.A
      ? `A ${shops.A.shopId} ${shops.A.region} (${REGION_CURRENCY[shops.A.region] ?? "?"})`
      : "",
    shops.B ? `B ${shops.B.region} (${REGION_CURRENCY[shops.B.region] ?? "?"})` : "",
    shops.C ? `C ${shops.C.shopId} (the shop's currency)` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

export const newListingJob: JobKind<NewListingSheetAsk, NewListingJobState> = {
  // Ten candidate-marketplace units a step (about 30 cells): the line moves, checkpoints often.
  perStep: 30,
  *begin(p, input) {
    const fromSheet = input?.inputSheet ? checkedSheetName(input.inputSheet) : null;
    // From the input sheet, the figures go beside the candidates, in the same rows.
    const sheetName = fromSheet ?? checkedSheetName(input?.sheetName);
    const typed = [...(input.candidates ?? [])];
    const shops = input.shops ?? {};
    const targetMargin = input.targetMargin ?? 0.2;
    // Typed candidates are checked before any sheet is looked at or made.
    if (!fromSheet) checkedListing({ candidates: typed, shops, targetMargin });
    if (!fromSheet) yield* decisionOwner(p, sheetName, KIND, WHAT);
    const candidates = fromSheet ? yield* candidatesIn(p, fromSheet) : typed;
    const q = { candidates, shops, targetMargin };
    checkedListing(q);
    uniqueNames(candidates);
    const target = Number((q.targetMargin * 100).toFixed(2));
    const title = `New listings on ${whereWords(q.shops)} · target margin ${target} %`;
    return {
      state: {
        sheet: firstNewListingState(q),
        batches: 0,
        singles: 0,
        sheetName,
        ...(fromSheet ? { beside: true } : {}),
        title,
        stage: "ask",
      },
      title: `${title} → ${sheetName}`,
      sheet: sheetName,
    };
  },
  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one asks nothing
  *answer() {
    return null;
  },
  *step(p, s, ctx) {
    if (s.stage === "ask") {
      if (yield* stagedUnits(p, newListingStages, s, ctx, 10)) s.stage = "write";
      return { kind: "more" };
    }
    const rows = newListingRows(s.sheet);
    const basis = yield* io(() => p.basis());
    const withProblems = rows.filter((r) => text(r[r.length - 1]) !== "").length;
    if (s.beside) {
      const columns = columnsOf().slice(INPUT_HEADERS.length);
      const beside = yield* writeBeside(p, {
        sheetName: s.sheetName,
        headers: columns.map((c) => c.header),
        formats: columns.map((c) => c.format),
        figures: new Map(rows.map((r) => [keyOf(text(r[0])), r.slice(INPUT_HEADERS.length)])),
        title: s.title,
        basisText: pricingBasis(basis, false).text,
        requests: s.batches + s.singles,
        errors: s.sheet.errors,
      });
      const result: NewListingOutcome = {
        sheetName: s.sheetName,
        rows: beside.rows,
        requests: s.batches + s.singles,
        withProblems,
        keptEdits: beside.keptEdits,
      };
      return { kind: "done", result };
    }
    const written = yield* writeDecisionTable(p, {
      kind: KIND,
      what: WHAT,
      sheetName: s.sheetName,
      ask: s.sheet.ask,
      columns: columnsOf(),
      rows,
      title: s.title,
      basis: pricingBasis(basis, false),
      dataFreshAt: null,
      requests: s.batches + s.singles,
      errors: s.sheet.errors,
    });
    const result: NewListingOutcome = {
      sheetName: s.sheetName,
      rows: written.rows,
      requests: s.batches + s.singles,
      withProblems,
      keptEdits: written.keptEdits,
    };
    return { kind: "done", result };
  },
  left: (s) => ({
    requests: s.stage === "ask" ? stagedLeft(newListingStages, s) : 0,
    writes: 1,
    rows: s.sheet.ask.candidates.length,
    rowsWritten: 0,
    planned: true,
  }),
  doing: (s) =>
    s.stage === "ask"
      ? `pricing ${s.sheet.ask.candidates.length} candidates on each marketplace (${s.batches + s.singles} done)`
      : `writing ${s.sheet.ask.candidates.length} rows to ${s.sheetName}`,
  *drop() {
    // Nothing to undo: the sheet is written in the job's last step only.
  },
};
