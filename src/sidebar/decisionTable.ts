/**
 * A decision sheet (the campaign planner, the new-listing comparison: issue 34) written as a
 * managed table, once for every host: whole the first time, with a bold frozen header; later
 * (the same sheet built again) the add-in's columns updated by row id, new rows appended, gone
 * ones marked, every cell the seller typed and every column they added kept. The stamp (the
 * table's note) says when, who, the basis and what was asked; the Refresh log gets a row.
 * Written twice with the same rows, it writes the same cells: a job stopped after its write and
 * resumed from the checkpoint before it duplicates nothing.
 */
import type { Cell } from "../functions/cells";
import {
  firstRecord,
  parseTableRecord,
  planRefresh,
  withStatus,
  type GridBlock,
  type TableRecord,
} from "../imports/managedTable";
import { NUMBER_FORMATS, type ImportColumn } from "../imports/table";
import type { TableBasis } from "../imports/tableBasis";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";
import { keptCells } from "./refreshNotes";
import { view } from "./tableCommit";
import type { EditedCellView } from "./views";

/** What kind of decision sheet a record belongs to, and the question it answers. */
export interface DecisionRecord extends TableRecord {
  readonly decision: { readonly kind: string; readonly ask: unknown };
}

const isDecision = (r: TableRecord | null, kind: string): r is DecisionRecord =>
  r !== null &&
  "decision" in r &&
  typeof (r as DecisionRecord).decision === "object" &&
  (r as DecisionRecord).decision?.kind === kind;

/** A sheet name a host accepts; the argument named where it is not. */
export function checkedSheetName(name: unknown): string {
  const s = String(name ?? "").trim();
  if (s === "" || s.length > 100 || /[[\]*?/\\:]/.test(s))
    throw new Error("Sheet: name the sheet (at most 100 characters, no [ ] * ? / \\ :)");
  return s;
}

/**
 * The sheet's record when it is a `kind` sheet already, null when it is free; throws (naming
 * the sheet) when it holds data the add-in did not write as one.
 */
export function* decisionOwner(
  p: SidebarPorts,
  sheetName: string,
  kind: string,
  what: string,
): Op<DecisionRecord | null> {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (isDecision(record, kind)) return record;
  const taken = yield* io(() => p.stage.dataIn(sheetName));
  const grid = taken ? null : yield* io(() => p.tables.read(sheetName));
  const used = grid?.some((row) => row.some((c) => c !== "" && c !== null)) ?? false;
  if (taken || used)
    throw new Error(
      `Sheet: ${taken?.address ?? sheetName} already holds data that is not ${what}: name a new sheet`,
    );
  return null;
}

/** What the writer is given. */
export interface DecisionTable {
  readonly kind: string;
  /** "a campaign sheet": the words a refusal uses. */
  readonly what: string;
  readonly sheetName: string;
  readonly ask: unknown;
  readonly columns: readonly ImportColumn[];
  readonly rows: readonly Cell[][];
  /** The stamp's first line (what, where, currency) and the basis under it. */
  readonly title: string;
  readonly basis: TableBasis;
  readonly dataFreshAt: string | null;
  readonly requests: number;
  readonly errors: readonly string[];
}

/** What a write did. */
export interface DecisionWritten {
  readonly rows: number;
  readonly keptEdits: number;
  readonly appended: number;
  readonly vanished: number;
}

/** Write the table (whole, or merged by id into the same kind's sheet), stamp and log it. */
export function* writeDecisionTable(p: SidebarPorts, t: DecisionTable): Op<DecisionWritten> {
  const owned = withStatus(t.columns);
  const cells = t.rows.map((r) => [...r, ""]);
  const record = yield* decisionOwner(p, t.sheetName, t.kind, t.what);
  let blocks: GridBlock[];
  let next: TableRecord;
  let changes = { keptEdits: 0, appended: cells.length, vanished: 0 };
  let editedCells: EditedCellView[] = [];
  if (!record) {
    blocks = [
      {
        row: 0,
        col: 0,
        values: [owned.map((c) => c.header), ...cells],
        formats: owned.map((c) => NUMBER_FORMATS[c.format]),
      },
    ];
    next = firstRecord(t.columns, cells);
  } else {
    const grid = (yield* io(() => p.tables.read(t.sheetName))) ?? [];
    const plan = planRefresh({
      grid,
      record,
      columns: owned,
      rows: cells,
      today: new Date(p.now()).toISOString().slice(0, 10),
    });
    blocks = plan.blocks;
    next = plan.record;
    editedCells = plan.edited.map(view);
    changes = {
      keptEdits: plan.edited.length,
      appended: plan.appendedRows,
      vanished: plan.vanishedRows,
    };
  }
  yield* io(() => p.tables.write(t.sheetName, blocks, true));
  // The import look: a bold header that stays in view while the seller scrolls.
  yield* io(() => p.tables.boldHeader(t.sheetName, owned.length));
  const full: DecisionRecord = {
    ...next,
    basis: t.basis,
    decision: { kind: t.kind, ask: t.ask },
  };
  yield* io(() => p.tables.writeRecord(t.sheetName, JSON.stringify(full)));
  const at = new Date(p.now()).toISOString();
  const stamp = yield* io(() => p.stamp(at));
  yield* io(() =>
    p.tables.note(t.sheetName, {
      columns: owned,
      rowCount: Object.keys(full.last).length,
      dataFreshAt: t.dataFreshAt,
      importedAt: at,
      title: `${t.title}\n${t.basis.text}`,
      refreshedBy: stamp.who,
    }),
  );
  yield* logRefresh(p.tables, stamp, {
    what: `${t.title} → ${t.sheetName}`,
    requests: t.requests,
    rowsChanged: t.rows.length,
    errors: t.errors.slice(0, 3).join("; "),
    kept: keptCells(editedCells),
  });
  // Last: in Google Sheets a sheet inserted since (the Refresh log) became the active one.
  yield* io(() => p.tables.show?.(t.sheetName));
  return { rows: t.rows.length, ...changes };
}
