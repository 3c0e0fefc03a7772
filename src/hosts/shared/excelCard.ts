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
import { EXCEL_NAMESPACE } from "./metadata";

/**
 * A reference method on an entity (ExcelApi 1.19, "Add reference methods to cell values"):
 * `=B2.RequiredPrice(25%)` runs the custom function `id` of the add-in's namespace.
 */
export interface ExcelMethodReference {
  readonly type: "Function";
  readonly functionType: "JavaScriptReference";
  readonly namespace: string;
  readonly id: string;
}

/** The card's reference methods: the name typed after the dot, and its custom function id. */
export const CARD_METHOD_IDS = {
  RequiredPrice: "CARD_REQUIRED_PRICE",
  ProfitAt: "CARD_PROFIT_AT",
} as const;

/** The methods as entity properties (only where ExcelApi 1.19 is present). */
export function cardMethodReferences(): Record<string, ExcelMethodReference> {
  const refs: Record<string, ExcelMethodReference> = {};
  for (const [method, id] of Object.entries(CARD_METHOD_IDS))
    refs[method] = {
      type: "Function",
      functionType: "JavaScriptReference",
      namespace: EXCEL_NAMESPACE,
      id,
    };
  return refs;
}

/** A property of an entity: a formatted number, a text, or a reference method. */
export type ExcelEntityProperty =
  | { readonly type: "Double"; readonly basicValue: number; readonly numberFormat: string }
  | { readonly type: "String"; readonly basicValue: string }
  | ExcelMethodReference;

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

/**
 * The card as an entity value; `methods` (method name -> reference), given only where Excel
 * has ExcelApi 1.19, are added to a card that knows what it was asked with.
 */
export function excelEntity(
  card: Card,
  methods: Readonly<Record<string, ExcelMethodReference>> = {},
): ExcelEntity {
  const properties: Record<string, ExcelEntityProperty> = {
    [TITLE]: { type: "String", basicValue: card.title },
  };
  for (const f of card.fields)
    properties[f.name] =
      f.value instanceof Figure
        ? { type: "Double", basicValue: f.value.value, numberFormat: f.value.numberFormat }
        : { type: "String", basicValue: f.value };
  // Reference methods don't appear on the card (Microsoft's page): properties only.
  if (card.ask) Object.assign(properties, methods);
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
