/**
 * A product card (core/card.ts) as Excel's entity value (EntityCellValue, the JSON the data
 * types API documents; custom functions return it where CustomFunctionsRuntime 1.4 takes data
 * types). Properties carry the catalog's field names, so `=B2.netProfit` and
 * `FIELDVALUE(B2, "margin")` read them, each money or % figure as a formatted number; the
 * card lists them in sections (per-unit lines, profit, basis). No referencedValues: nested
 * ones anywhere but the root make the cell a silent #VALUE! (hosts.md).
 */
import type { Card } from "../../core/card";
import { Figure } from "../../core/figure";

/** A property of an entity: a formatted number or a text. */
export type ExcelEntityProperty =
  | { readonly type: "Double"; readonly basicValue: number; readonly numberFormat: string }
  | { readonly type: "String"; readonly basicValue: string };

/** Excel's EntityCellValue as the add-in writes it (checked against @types/office-js in tests). */
export interface ExcelEntity {
  readonly type: "Entity";
  readonly text: string;
  readonly properties: Readonly<Record<string, ExcelEntityProperty>>;
  readonly layouts: {
    readonly card: {
      readonly title: { readonly property: string };
      readonly sections: Array<{
        readonly layout: "List";
        readonly title: string;
        readonly properties: string[];
      }>;
    };
  };
}

/** The property that holds the card's title (the product). */
const TITLE = "product";

/** The card as an entity value. */
export function excelEntity(card: Card): ExcelEntity {
  const properties: Record<string, ExcelEntityProperty> = {
    [TITLE]: { type: "String", basicValue: card.title },
  };
  for (const f of card.fields)
    properties[f.name] =
      f.value instanceof Figure
        ? { type: "Double", basicValue: f.value.value, numberFormat: f.value.numberFormat }
        : { type: "String", basicValue: f.value };
  return {
    type: "Entity",
    text: card.title,
    properties,
    layouts: {
      card: {
        title: { property: TITLE },
        sections: card.sections.map((s) => ({
          layout: "List" as const,
          title: s.title,
          properties: [...s.fields],
        })),
      },
    },
  };
}
