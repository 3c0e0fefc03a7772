/**
 * A pricing sheet's formulas and its "below target" highlight in Google Sheets: formulas set
 * with setFormulas (setValues would store a Plain-text cell's "=" as text), and a conditional
 * format rule over the table's rows where Apps Script has the rule builder.
 */
/// <reference types="google-apps-script" />
import { BELOW_TARGET_FILL } from "../../../imports/pricingSheet";
import type { ManagedSheets } from "../../../sidebar/ports";
import { SENTENCE_WIDTH_PX } from "../../shared/sentenceColumn";
import type { SbSpreadsheet } from "./sheetTypes";

type RuleBuilder = GoogleAppsScript.Spreadsheet.ConditionalFormatRuleBuilder;
type RuleSheet = {
  getRange(row: number, column: number, rows: number, columns: number): unknown;
  getConditionalFormatRules?(): unknown[];
  setConditionalFormatRules?(rules: unknown[]): void;
};

/** The pricing ports of ManagedSheets over `book`. */
export function sheetPricing(
  book: () => SbSpreadsheet,
): Required<Pick<ManagedSheets, "formulas" | "highlightRows" | "show" | "sentenceColumn">> {
  const sheetOf = (name: string) => {
    const sheet = book().getSheetByName(name);
    if (!sheet) throw new Error(`The sheet ${name} is gone: make the pricing sheet again`);
    return sheet;
  };
  return {
    show: (sheetName) => void book().setActiveSheet(sheetOf(sheetName)),
    // The Answer column: Sheets' 100 px default cut its sentences (issue 35). Set at the build,
    // so a replaced sheet gets it again.
    sentenceColumn(sheetName, col, rows) {
      const sheet = sheetOf(sheetName);
      sheet.setColumnWidth?.(col + 1, SENTENCE_WIDTH_PX);
      sheet.getRange(1, col + 1, Math.max(1, rows), 1).setWrap?.(true);
    },
    formulas(sheetName, block) {
      const range = sheetOf(sheetName).getRange(
        block.row + 1,
        block.col + 1,
        block.formulas.length,
        block.formats.length,
      );
      range.setNumberFormats(block.formulas.map(() => [...block.formats]));
      if (!range.setFormulas) throw new Error("This sheet cannot take formulas");
      range.setFormulas(block.formulas.map((r) => [...r]));
    },
    highlightRows(sheetName, rule) {
      const app = (globalThis as { SpreadsheetApp?: { newConditionalFormatRule?(): RuleBuilder } })
        .SpreadsheetApp;
      const sheet = sheetOf(sheetName) as unknown as RuleSheet;
      if (!app?.newConditionalFormatRule || !sheet.setConditionalFormatRules) return;
      const range = sheet.getRange(
        2,
        1,
        rule.rows,
        rule.cols,
      ) as GoogleAppsScript.Spreadsheet.Range;
      const rules = (sheet.getConditionalFormatRules?.() ??
        []) as GoogleAppsScript.Spreadsheet.ConditionalFormatRule[];
      // The same rule over the same rows is there already (a job's step run twice): kept.
      const at = range.getA1Notation();
      const same = (r: GoogleAppsScript.Spreadsheet.ConditionalFormatRule): boolean =>
        r.getBooleanCondition()?.getCriteriaValues()[0] === rule.formula &&
        r.getRanges()[0]?.getA1Notation() === at;
      if (rules.some(same)) return;
      const made = app
        .newConditionalFormatRule()
        .whenFormulaSatisfied(rule.formula)
        .setBackground(BELOW_TARGET_FILL)
        .setRanges([range])
        .build();
      sheet.setConditionalFormatRules([...rules, made]);
    },
  };
}
