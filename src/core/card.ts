/**
 * A product (or model) as one cell: Excel shows it as an entity with a card (its breakdown
 * lines, margin, basis and data-fresh time; hosts/shared/excelCard.ts). It IS its net profit
 * figure, so every host that has no cards (Sheets, the web demo, older Excel) shows that
 * number, formatted as any money figure.
 */
import { Figure } from "./figure";

/** One property of a card: the catalog's field name, the seller's label, and its value. */
export interface CardField {
  /** The catalog's field name ("netProfit", "commissionFee"): `=B2.netProfit` reads it. */
  readonly name: string;
  readonly label: string;
  readonly value: Figure | string;
}

/** A titled group of fields on the card, by name. */
export interface CardSection {
  readonly title: string;
  readonly fields: readonly string[];
}

/**
 * What the card was asked with: the marketplace and the request's ids and basis under the
 * catalog's argument names. Excel's reference methods (=B2.RequiredPrice(25%)) read it back
 * from the card to ask about the same product on the same basis.
 */
export interface CardAsk {
  readonly marketplace: "A" | "B" | "C";
  readonly args: Readonly<Record<string, string | number | boolean>>;
}

export class Card extends Figure {
  constructor(
    netProfit: Figure,
    /** What the cell shows as text: the product's name or id. */
    readonly title: string,
    readonly fields: readonly CardField[],
    readonly sections: readonly CardSection[],
    readonly ask?: CardAsk,
  ) {
    super(netProfit.value, netProfit.kind, netProfit.currency);
  }
}
