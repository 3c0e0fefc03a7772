/**
 * A number that knows how it is shown: its kind (from the contract, src/api/figures.ts) and,
 * for money, its currency. Result tables carry Figures; each host shows them its own way
 * (Excel: a formatted number; Univer and Sheets: the cell's number format; a sidebar: text).
 * The value is never rounded: only the format decides what the seller reads.
 */
import { CURRENCY_DECIMALS, figureKind, type FigureKind } from "../api/figures";
import { isRecord } from "./lines";

export type { FigureKind };

/** One figure of a result: the exact number, how it reads, and its currency if money. */
export class Figure {
  constructor(
    readonly value: number,
    readonly kind: FigureKind,
    readonly currency: string | null = null,
  ) {}

  /** The number format every host reads (Sheets, Excel and Univer share the syntax). */
  get numberFormat(): string {
    return numberFormat(this.kind, this.currency);
  }
}

/** Decimals of a currency's amounts: 2, or 0 for VND and IDR. */
export function currencyDecimals(currency: string | null): number {
  return (currency !== null ? CURRENCY_DECIMALS[currency] : undefined) ?? 2;
}

/** How one kind of figure reads, in words and as the number format every host applies. */
export interface FigureLook {
  /** What the seller reads, as the docs say it. */
  readonly reads: string;
  /** The number format (Sheets, Excel and Univer share the syntax); money by its currency. */
  readonly format: (currency: string | null) => string;
}

/**
 * Every kind of figure and how it reads: the one table every surface shows figures by (formula
 * answers in the three hosts, bulk answers, imports, pricing and overview sheets, sidebar
 * previews, cards). test/functions/figureLooks.test.ts walks every function's answers against it.
 */
export const FIGURE_LOOKS: Readonly<Record<FigureKind, FigureLook>> = {
  money: {
    reads:
      "an amount in the shop's currency with its decimals (2; VND and IDR none), the currency named beside it",
    format: (currency) => (currencyDecimals(currency) === 0 ? "#,##0" : "#,##0.00"),
  },
  percent: { reads: "a margin, rate or share as a percentage: 23.50%", format: () => "0.00%" },
  points: {
    reads: "a figure the API gives in percent points, with %: 6.90%",
    format: () => '0.00"%"',
  },
  ratio: { reads: "a multiple such as a ROAS: 3.20", format: () => "#,##0.00" },
  count: { reads: "a whole number: units, orders, days, products", format: () => "#,##0" },
  id: { reads: "an id, every digit and no separators", format: () => "0" },
  number: { reads: "a plain number with two decimals", format: () => "#,##0.00" },
  date: { reads: "a moment: 2025-06-30 10:00", format: () => "yyyy-mm-dd hh:mm" },
  day: { reads: "a day: 2025-06-30", format: () => "yyyy-mm-dd" },
};

/** The number format of a kind (money with its currency's decimals). */
export function numberFormat(kind: FigureKind, currency: string | null = null): string {
  return FIGURE_LOOKS[kind].format(currency);
}

/** The currency a record names (metadata.currency, or its own `currency`), or null. */
export function currencyOf(record: unknown): string | null {
  if (!isRecord(record)) return null;
  const meta = isRecord(record.metadata) ? record.metadata : {};
  const c = meta.currency ?? record.currency;
  return typeof c === "string" ? c : null;
}

/** Ids that name a shop (a B seller's too): shown as numbers, as the functions take them. */
const SHOP_IDS = new Set(["shopId", "sellerId"]);

/**
 * A shop id sent as text, as C's shop list sends it (spec 2.4: "an opaque string", while C's
 * bodies take the integer): its number where the text is exactly one (no sign, no leading
 * zero, at most 15 digits, so the number is the same id), else the text as sent.
 */
export function shopIdCell<C>(name: string, cell: C): C | number {
  const leaf = name.split(".").pop() ?? name;
  return SHOP_IDS.has(leaf) && typeof cell === "string" && /^[1-9]\d{0,14}$/.test(cell)
    ? Number(cell)
    : cell;
}

/** A cell of the figure `name` as a Figure where it is a number the contract knows. */
export function figureCell<C>(name: string, given: C, currency: string | null): C | Figure {
  const cell = shopIdCell(name, given);
  if (typeof cell !== "number" || !Number.isFinite(cell)) return cell as C;
  const kind = figureKind(name);
  return kind === null || kind === "date" || kind === "day"
    ? (cell as C)
    : new Figure(cell, kind, kind === "money" ? currency : null);
}

/** A figure as a seller reads it where no number format applies (sidebar text): "-5.50", "-2.36%". */
export function figureText(figure: Figure): string {
  const fixed = (n: number, digits: number, grouping = true): string =>
    n.toLocaleString("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
  switch (figure.kind) {
    case "money":
      return fixed(figure.value, currencyDecimals(figure.currency));
    case "percent":
      return `${fixed(figure.value * 100, 2)}%`;
    case "points":
      return `${fixed(figure.value, 2)}%`;
    case "count":
      return fixed(figure.value, 0);
    case "id":
      return String(figure.value);
    default:
      return fixed(figure.value, 2);
  }
}
