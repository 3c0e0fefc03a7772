/**
 * Range.conditionalFormats in Excel's workbook fake, as Office.js documents it (ExcelApi 1.6):
 * `add(type)` queues a new format on the range and returns it; a "Custom" one has
 * `custom.rule.formula` and `custom.format.fill.color`, set after add and applied at the next
 * sync. Like Excel, a custom rule's formula must be a formula ("=..."): anything else fails
 * that sync. Other types are not faked (add throws, so a test cannot pass on them by accident).
 */

/** A conditional format as the workbook holds it after a sync. */
export interface FakeConditionalFormat {
  /** 0-based [row, column, rows, columns] of the range it applies to. */
  readonly box: readonly [number, number, number, number];
  readonly type: "Custom";
  formula: string;
  fill: string | null;
}

/** The `conditionalFormats` collection of a range over `held` (the sheet's list). */
export function conditionalFormatsOf(
  held: () => FakeConditionalFormat[] | undefined,
  box: readonly [number, number, number, number],
  queue: (op: () => void) => void,
) {
  return {
    add(type: "Custom") {
      if (type !== "Custom") throw new Error(`conditional format ${String(type)} is not faked`);
      const made: FakeConditionalFormat = { box, type, formula: "", fill: null };
      queue(() => {
        const list = held();
        if (!list) throw new Error("ItemNotFound: the sheet is gone");
        list.push(made);
      });
      return {
        custom: {
          rule: {
            get formula() {
              return made.formula;
            },
            set formula(f: string) {
              queue(() => {
                if (!f.startsWith("=")) throw new Error("InvalidArgument: not a formula");
                made.formula = f;
              });
            },
          },
          format: {
            fill: {
              get color() {
                return made.fill ?? "";
              },
              set color(c: string) {
                queue(() => void (made.fill = c));
              },
            },
          },
        },
      };
    },
  };
}
