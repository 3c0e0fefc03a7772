/**
 * The fee-change sheet (issue 34 item 2), written once for every host: a managed table under a
 * summary. Its requests run as a job (jobs/feeChangeJob.ts); this file checks where the sheet
 * may go and writes it. The first build writes the table whole; a later one (Refresh, or a new
 * build into the same sheet) updates the add-in's columns by item and variant id, appends new
 * variants, marks vanished ones, keeps every cell the seller typed and every column they added,
 * and rewrites the summary.
 */
import type { Cell } from "../functions/cells";
import { describeBasis } from "../functions/basis";
import {
  firstRecord,
  parseTableRecord,
  planRefresh,
  withStatus,
  type GridBlock,
  type TableRecord,
} from "../imports/managedTable";
import type { FeeChangeState } from "../imports/feeChange/feeChangeAsk";
import {
  SUMMARY_ROWS,
  feeChangeCells,
  feeChangeColumns,
  moneyFormat,
  summaryBlock,
} from "../imports/feeChange/feeChangeTable";
import { NUMBER_FORMATS } from "../imports/table";
import { pricingBasis } from "../imports/tableBasis";
import { feeChangeFinish, type FeeChangeQuestion } from "./feeChange";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";
import { keptCells } from "./refreshNotes";
import { view } from "./tableCommit";
import type { EditedCellView } from "./views";
import type { StepCount } from "./runSteps";

/** A new fee-change sheet: the question and where it goes. */
export interface FeeChangeSheetAsk extends FeeChangeQuestion {
  readonly sheetName: string;
}

/** What a finished build or refresh did. */
export interface FeeChangeSheetOutcome {
  readonly sheetName: string;
  /** The day the new fees apply. */
  readonly date: string;
  readonly rows: number;
  /** Batch and list requests, and single requests for rows the batches did not cover. */
  readonly requests: StepCount;
  readonly lossMaking: number;
  readonly belowTarget: number;
  readonly guessedCogs: number;
  /** What the summary says of A19's totals (or why B and C have none). */
  readonly agreement: string;
  /** Cells the seller changed in the add-in's columns, kept as they typed them. */
  readonly keptEdits: number;
  readonly appended: number;
  readonly vanished: number;
}

/** The fee-change part of a table's record: the question, asked again at Refresh. */
export interface FeeChangeRecord extends TableRecord {
  readonly feeChange: {
    readonly ask: FeeChangeSheetAsk;
    /** The table's header row (0-based), under the summary. */
    readonly top: number;
  };
}

export const isFeeChange = (r: TableRecord | null): r is FeeChangeRecord =>
  r !== null && "feeChange" in r && typeof (r as FeeChangeRecord).feeChange?.ask === "object";

/** The sheet's fee-change record, or null when the sheet is free; throws when it is the seller's. */
export function* sheetOwner(p: SidebarPorts, sheetName: string): Op<FeeChangeRecord | null> {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (isFeeChange(record)) return record;
  const taken = yield* io(() => p.stage.dataIn(sheetName));
  if (taken)
    throw new Error(
      `${taken.address} already holds data that is not a fee-change sheet: name a new sheet`,
    );
  return null;
}

/** The header row of the table in `grid`: the recorded one, or where the key headers moved. */
function headerRow(grid: readonly (readonly Cell[])[], record: FeeChangeRecord): number {
  const has = (r: number): boolean =>
    record.key.every((k) => (grid[r] ?? []).some((c) => String(c ?? "").trim() === k));
  if (has(record.feeChange.top)) return record.feeChange.top;
  const found = grid.findIndex((_, r) => has(r));
  if (found < 0)
    throw new Error(
      `The table's id columns "${record.key.join('" and "')}" are no longer in its header row, so its rows cannot be matched: put the headers back, or make a new sheet`,
    );
  return found;
}

/** Write the sheet: whole the first time, merged by id after; the stamp and the log. */
export function* writeFeeChangeSheet(
  p: SidebarPorts,
  ask: FeeChangeSheetAsk,
  state: FeeChangeState,
  count: StepCount,
): Op<FeeChangeSheetOutcome> {
  const target = ask.targetMargin ?? 0.2;
  const { rows, summary } = yield* feeChangeFinish(p, state, target);
  const columns = feeChangeColumns(state);
  const owned = withStatus(columns);
  const cells = rows.map((r) => [...feeChangeCells(state, r, target), ""]);
  const basis = yield* io(() => p.basis());
  const record = yield* sheetOwner(p, ask.sheetName);
  const m = state.ask.marketplace;
  const summaryCells = summaryBlock(state, summary, target, 4);
  const summaryFormats = ["@", ...Array<string>(3).fill(NUMBER_FORMATS[moneyFormat(state)])];
  let top = SUMMARY_ROWS;
  let blocks: GridBlock[];
  let next: TableRecord;
  let changes = { edited: 0, appended: rows.length, vanished: 0 };
  let editedCells: EditedCellView[] = [];
  if (!record) {
    blocks = [
      {
        row: top,
        col: 0,
        values: [owned.map((c) => c.header), ...cells],
        formats: owned.map((c) => NUMBER_FORMATS[c.format]),
      },
    ];
    next = firstRecord(columns, cells);
  } else {
    const grid = (yield* io(() => p.tables.read(ask.sheetName))) ?? [];
    top = headerRow(grid, record);
    const plan = planRefresh({
      grid: grid.slice(top),
      record,
      columns: owned,
      rows: cells,
      today: new Date(p.now()).toISOString().slice(0, 10),
    });
    blocks = plan.blocks.map((b) => ({ ...b, row: b.row + top }));
    next = plan.record;
    // The plan read the grid from the header row down: its addresses move down by `top`.
    editedCells = plan.edited.map((e) => view({ ...e, cell: movedDown(e.cell, top) }));
    changes = {
      edited: plan.edited.length,
      appended: plan.appendedRows,
      vanished: plan.vanishedRows,
    };
  }
  // The summary above the table (the add-in's four columns); never below its header row.
  const summaryRows = summaryCells.slice(0, top);
  blocks.unshift({ row: 0, col: 0, values: summaryRows, formats: summaryFormats });
  yield* io(() => p.tables.write(ask.sheetName, blocks, true));
  const full: FeeChangeRecord = {
    ...next,
    basis: pricingBasis(basis, m === "A"),
    feeChange: { ask, top },
  };
  yield* io(() => p.tables.writeRecord(ask.sheetName, JSON.stringify(full)));
  yield* io(() => p.tables.show?.(ask.sheetName));
  const refreshedAt = new Date(p.now()).toISOString();
  const stamp = yield* io(() => p.stamp(refreshedAt));
  const title = `Fee change on ${state.ask.date} · ${[m, state.ask.shopId, state.ask.region].filter(Boolean).join(" ")}\n${describeBasis(basis, undefined, m === "A", state.ask.date)}`;
  yield* io(() =>
    p.tables.note(ask.sheetName, {
      columns: owned,
      rowCount: Object.keys(full.last).length,
      dataFreshAt: state.dataFreshAt,
      importedAt: refreshedAt,
      title,
      refreshedBy: stamp.who,
    }),
  );
  yield* logRefresh(p.tables, stamp, {
    what: `${title.split("\n")[0] ?? "Fee change"} → ${ask.sheetName}`,
    requests: count.batches + count.singles,
    rowsChanged: rows.length,
    errors: state.errors.slice(0, 3).join("; "),
    kept: keptCells(editedCells),
  });
  // Last: in Google Sheets a sheet inserted since (the Refresh log) became the active one.
  yield* io(() => p.tables.show?.(ask.sheetName));
  const agreement = String(summaryCells[4]?.[0] ?? "");
  return {
    sheetName: ask.sheetName,
    date: state.ask.date,
    rows: rows.length,
    requests: count,
    lossMaking: summary.lossMaking,
    belowTarget: summary.belowTarget,
    guessedCogs: summary.guessedCogs,
    agreement,
    keptEdits: changes.edited,
    appended: changes.appended,
    vanished: changes.vanished,
  };
}

/** "F7" moved `rows` rows down ("F10" for 3). */
function movedDown(cell: string, rows: number): string {
  const m = /^([A-Z]+)(\d+)$/.exec(cell);
  return m ? `${m[1]}${Number(m[2]) + rows}` : cell;
}
