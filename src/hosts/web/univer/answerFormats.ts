/**
 * Number formats on the cells of formula answers, owned by the answer that set them
 * (formatOwners.ts). A table's formats wait until the engine has spilled it: a table that cannot
 * spill (#SPILL!) owns none of the cells below it. After every calculation each owner is looked
 * at again: an answer now blocked, showing an error, deleted or typed over gives its formats
 * back, so a later answer in those cells reads as on a fresh sheet (issue 35); frozen values
 * keep theirs. Formats are set as mutations, not commands: they are no step of the seller's
 * undo (Ctrl+Z undoes what they did; the next calculation puts the formats right).
 */
import {
  RemoveNumfmtMutation,
  SetNumfmtMutation,
  transformCellsToRange,
  type FWorksheet,
} from "@univerjs/preset-sheets-core";
import type { FUniver } from "@univerjs/presets";
import { CATALOG } from "../../../functions";
import type { CellPlace } from "../formulaCells";
import type { CellFormat } from "../engineErrors";
import { GETTING_DATA, PLAIN_FORMAT } from "../engineErrors";
import { FormatOwners, type FormatGrid, type SavedOwners } from "./formatOwners";
import { widenToFit } from "./columnWidths";

/** The sheet metadata keys: the owners kept here, the formulas Freeze values kept. */
const OWNERS = "mktFormats";
const FROZEN = "mktFrozen";

const OURS = new RegExp(`^=\\s*(${CATALOG.map((f) => f.name).join("|")})\\s*\\(`, "i");

/** A sheet's cells' formats through the engine, changed by mutations (no undo step). */
function gridOf(api: FUniver, sheet: FWorksheet): FormatGrid {
  const unitId = api.getActiveWorkbook()?.getId() ?? "";
  const subUnitId = sheet.getSheetId();
  return {
    formatAt: (row, col) => sheet.getRange(row, col).getNumberFormat() ?? "",
    setFormats(cells) {
      const set = cells.flatMap(([row, col, pattern]) =>
        pattern === null ? [] : [{ row, col, pattern }],
      );
      const cleared = cells.filter(([, , f]) => f === null);
      if (set.length > 0)
        api.syncExecuteCommand(SetNumfmtMutation.id, transformCellsToRange(unitId, subUnitId, set));
      if (cleared.length > 0)
        api.syncExecuteCommand(RemoveNumfmtMutation.id, {
          unitId,
          subUnitId,
          ranges: cleared.map(([row, col]) => ({
            startRow: row,
            endRow: row,
            startColumn: col,
            endColumn: col,
          })),
        });
    },
  };
}

function metadataOf(sheet: FWorksheet): Record<string, unknown> {
  return (sheet.getCustomMetadata() as Record<string, unknown> | null) ?? {};
}

/** The anchors ("row,col") whose formulas Freeze values keeps for this sheet. */
function frozenAnchors(sheet: FWorksheet): Set<string> {
  const text = metadataOf(sheet)[FROZEN];
  try {
    const kept = typeof text === "string" ? (JSON.parse(text) as unknown) : null;
    return new Set(kept && typeof kept === "object" ? Object.keys(kept) : []);
  } catch {
    return new Set();
  }
}

/** Formats answers as they arrive, and gives back those of answers that went. */
export function answerFormats(
  api: FUniver,
): (place: CellPlace, formats: readonly CellFormat[]) => void {
  const owners = new Map<string, FormatOwners>();
  const sheetOf = (sheetId: string): FWorksheet | null =>
    api.getActiveWorkbook()?.getSheetBySheetId(sheetId) ?? null;
  const ownersOf = (sheet: FWorksheet): FormatOwners => {
    const id = sheet.getSheetId();
    let found = owners.get(id);
    if (!found) {
      found = new FormatOwners((metadataOf(sheet)[OWNERS] as SavedOwners | undefined) ?? null);
      owners.set(id, found);
    }
    return found;
  };
  const keep = (sheet: FWorksheet): void => {
    sheet.setCustomMetadata({ ...metadataOf(sheet), [OWNERS]: ownersOf(sheet).toJSON() });
  };

  const claim = (place: CellPlace, formats: readonly CellFormat[]): void => {
    const sheet = sheetOf(place.sheetId);
    if (!sheet) return;
    const wanted = formats.map(([r, c, f]) => [r, c, f === PLAIN_FORMAT ? "" : f] as const);
    if (ownersOf(sheet).claim(gridOf(api, sheet), place.row, place.column, wanted) > 0) keep(sheet);
  };

  /** Every owner looked at again: one whose answer went gives its formats back. */
  const review = (): void => {
    for (const sheet of api.getActiveWorkbook()?.getSheets() ?? []) {
      const sheetOwners = owners.get(sheet.getSheetId()) ?? ownersOf(sheet);
      const anchors = sheetOwners.anchors();
      if (anchors.length === 0) continue;
      const frozen = frozenAnchors(sheet);
      let changed = 0;
      for (const [row, col] of anchors) {
        const cell = sheet.getRange(row, col);
        const formula = cell.getFormula() ?? "";
        const shown = cell.getValue();
        const ours = OURS.test(formula);
        const gone = ours
          ? typeof shown === "string" && shown.startsWith("#") // blocked or failed
          : formula !== "" || // the seller's own formula now
            shown === null ||
            shown === undefined ||
            shown === "" || // deleted
            !frozen.has(`${row},${col}`); // typed over (frozen values keep their formats)
        if (gone) changed += sheetOwners.release(gridOf(api, sheet), row, col);
      }
      if (changed > 0) keep(sheet);
    }
  };

  /**
   * Every table answer's formats, kept while its formula stays in its cell: a table blocked now
   * (#SPILL!) takes its formats when a later calculation spills it (the blocker cleared: the
   * engine spills again without asking for the answer anew), and gives them back when blocked
   * again (review).
   */
  const tables = new Map<string, Table>();
  /** Tables ("sheet!row:col formula") whose columns were fitted: once, when first spilled. */
  const fitted = new Set<string>();
  const fitOnce = (k: string, { place, formats, formula }: Table): void => {
    const sheet = sheetOf(place.sheetId);
    if (!sheet || fitted.has(`${k} ${formula}`)) return;
    fitted.add(`${k} ${formula}`);
    const rows = 1 + Math.max(0, ...formats.map(([r]) => r));
    const columns = 1 + Math.max(0, ...formats.map(([, c]) => c));
    const shown = sheet.getRange(place.row, place.column, rows, columns).getDisplayValues();
    widenToFit(sheet, place.column, shown);
  };
  // Formatted a turn later, outside the engine's callback (other listeners of it still hear it).
  const afterCalculation = (): void => {
    for (const [k, table] of tables) {
      const cell = sheetOf(table.place.sheetId)?.getRange(table.place.row, table.place.column);
      if (!cell || (cell.getFormula() ?? "") !== table.formula) {
        tables.delete(k); // deleted or typed over: review gives back what it had
        continue;
      }
      const shown = cell.getValue();
      if (shown === GETTING_DATA) continue; // not spilled yet
      const spilled = !(typeof shown === "string" && shown.startsWith("#"));
      // Blocked: the cells around are not this table's (review gives back what it had).
      if (spilled && !table.owns) {
        claim(table.place, table.formats);
        fitOnce(k, table);
      }
      table.owns = spilled;
    }
    review();
  };
  api.getFormula().calculationEnd(() => setTimeout(afterCalculation, 0));
  return (place, formats) => {
    if (formats.every(([r, c]) => r === 0 && c === 0)) {
      claim(place, formats);
      return;
    }
    // The newest answer of the cell wins; it is formatted after the next calculation.
    const formula = sheetOf(place.sheetId)?.getRange(place.row, place.column).getFormula() ?? "";
    tables.set(`${place.sheetId}!${place.row}:${place.column}`, {
      place,
      formats,
      formula,
      owns: false,
    });
  };
}

/** A table answer's wanted formats, and whether its cells hold them now. */
interface Table {
  readonly place: CellPlace;
  readonly formats: readonly CellFormat[];
  /** The cell's formula when it answered: another formula there is another answer. */
  readonly formula: string;
  owns: boolean;
}
