/**
 * Conditional format rules in the Sheets fake, as Apps Script documents them:
 * SpreadsheetApp.newConditionalFormatRule() gives a builder (whenFormulaSatisfied,
 * setBackground, setRanges, build), and a sheet holds its rules (getConditionalFormatRules,
 * setConditionalFormatRules replaces them all). Like Sheets, build() needs a condition, a rule
 * needs at least one range, and a sheet takes only rules whose ranges are its own.
 */

/** A range as a rule keeps it (1-based, as Apps Script's Range reports it). */
interface RuleRange {
  getSheet(): unknown;
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
}

/** A built rule (ConditionalFormatRule): its ranges, its custom formula and its fill. */
export class FakeConditionalFormatRule {
  constructor(
    private readonly ranges: readonly RuleRange[],
    readonly formula: string,
    readonly background: string | null,
  ) {}
  getRanges(): RuleRange[] {
    return [...this.ranges];
  }
  getBooleanCondition() {
    return {
      getCriteriaType: () => "CUSTOM_FORMULA",
      getCriteriaValues: () => [this.formula],
      getBackground: () => this.background,
    };
  }
  /** harness: 0-based [row, column, rows, columns] of each range. */
  boxes(): number[][] {
    return this.ranges.map((r) => [
      r.getRow() - 1,
      r.getColumn() - 1,
      r.getNumRows(),
      r.getNumColumns(),
    ]);
  }
}

/** SpreadsheetApp.newConditionalFormatRule(). */
export function newConditionalFormatRule() {
  let formula: string | null = null;
  let background: string | null = null;
  let ranges: RuleRange[] = [];
  const builder = {
    whenFormulaSatisfied(f: string) {
      formula = f;
      return builder;
    },
    setBackground(color: string | null) {
      background = color;
      return builder;
    },
    setRanges(list: RuleRange[]) {
      ranges = [...list];
      return builder;
    },
    build() {
      if (formula === null)
        throw new Error("Exception: A boolean condition or gradient condition must be set.");
      return new FakeConditionalFormatRule(ranges, formula, background);
    },
  };
  return builder;
}

/** A sheet's rule list: `set` replaces it whole, checking each rule belongs to `sheet`. */
export class SheetRules {
  private rules: FakeConditionalFormatRule[] = [];
  constructor(private readonly sheet: unknown) {}
  get(): FakeConditionalFormatRule[] {
    return [...this.rules];
  }
  set(rules: FakeConditionalFormatRule[]): void {
    for (const rule of rules) {
      if (!(rule instanceof FakeConditionalFormatRule))
        throw new Error("Exception: The parameters don't match the method signature.");
      if (rule.getRanges().length === 0)
        throw new Error("Exception: A conditional format rule must have at least one range.");
      if (rule.getRanges().some((r) => r.getSheet() !== this.sheet))
        throw new Error("Exception: The range must be on the sheet the rules are set on.");
    }
    this.rules = [...rules];
  }
}
