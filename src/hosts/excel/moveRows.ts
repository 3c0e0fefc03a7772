/**
 * Re-sort where Range.copyFrom is missing (before ExcelApi 1.9): the block's values, formulas
 * and number formats are read, put in the new order (a formula's relative rows moved as a
 * copy would move them) and written back in one sync, text kept as text (keepText.ts). The
 * seller's cells go with their row. Not carried: fills, fonts and borders (copyFrom moves
 * them), notes and data validation; the seller's figures and text are what must not move away.
 */
import { movedFormula } from "../../imports/resort";
import { settleText, writeKeepingText } from "./keepText";
import type { XlContext, XlWorksheet } from "./xlTypes";

type Written = string | number | boolean;

/** Rows `top + order[i]` become rows `top + i`, `width` columns from A. */
export async function moveRowsByValue(
  context: XlContext,
  sheet: XlWorksheet,
  top: number,
  order: readonly number[],
  width: number,
): Promise<void> {
  const block = sheet.getRangeByIndexes(top, 0, order.length, width);
  block.load("values,formulas,numberFormat");
  await context.sync();
  const cell = (r: number, c: number) => ({
    value: block.values[r]?.[c],
    formula: block.formulas[r]?.[c],
    format: String(block.numberFormat[r]?.[c] ?? "General"),
  });
  // A formula: text from "=" that is not the cell's value, in a cell that is not Text (a Text
  // cell holding "=..." is the seller's or an import's text, and stays exactly that).
  const isFormula = (c: ReturnType<typeof cell>): c is typeof c & { formula: string } =>
    typeof c.formula === "string" &&
    c.formula.startsWith("=") &&
    (c.format !== "@" || c.formula !== c.value);
  const rows = order.map((from, i) =>
    Array.from({ length: width }, (_, j) => {
      const c = cell(from, j);
      return isFormula(c) ? movedFormula(c.formula, i - from) : written(c.value);
    }),
  );
  const formats = order.map((from) =>
    Array.from({ length: width }, (_, j) => cell(from, j).format),
  );
  const checks = [
    writeKeepingText(sheet, top, 0, width, rows, formats, (i, j) =>
      isFormula(cell(order[i] ?? 0, j)),
    ),
  ];
  await context.sync();
  if (settleText(checks) > 0) await context.sync();
}

/** A loaded value as the values setter takes it (an error or nothing: empty). */
function written(value: unknown): Written {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? value
    : "";
}
