/**
 * A pricing sheet's "below target" highlight in the web demo: a conditional formatting rule
 * of Univer's conditional-formatting preset (loaded with the engine, engine.ts), the same rule
 * Sheets and Excel get: the table's rows filled light red where the row's flag formula says
 * "Below target". Saved with the workbook like the cells.
 */
import type { FWorksheet } from "@univerjs/preset-sheets-core";
import type {} from "@univerjs/preset-sheets-conditional-formatting";
import { BELOW_TARGET_FILL } from "../../../imports/pricingSheet";
import type { HighlightRule } from "../../../sidebar/ports";

/** Add the rule over rows 2.. of `sheet`, `rule.cols` wide. */
export function highlightBelowTarget(sheet: FWorksheet, rule: HighlightRule): void {
  const range = sheet.getRange(1, 0, rule.rows, rule.cols);
  const made = sheet
    .newConditionalFormattingRule()
    .whenFormulaSatisfied(rule.formula)
    .setBackground(BELOW_TARGET_FILL)
    .setRanges([range.getRange()])
    .build();
  sheet.addConditionalFormattingRule(made);
}
