/**
 * A fee-change impact sheet's rows (issue 34 item 2), from the state its steps gathered and the
 * team's cost book: per variant, units sold, profit and margin per unit today and at the date,
 * the change per unit and per month, the listing price that keeps the margin of a sale at
 * today's list price, where the cost came from, and why a figure is missing. Sorted by the
 * monthly change, largest loss first. Pure: a changed cost book re-makes the rows without a
 * request.
 */
import type { CostBook } from "../../core/costBook";
import { cogsNote, restsOnGuess, withBookCost, type CostedFigures } from "../costBook/bookCost";
import { decimalsOf, type FeeChangeState } from "./feeChangeAsk";
import type { KeepPrice, PricePoint } from "./keepMarginPrice";
import { keepPriceOf } from "./keepPriceStages";
import { toMinorUnit } from "./unitFigures";
import { figuresOf, pointOf, variantRows, type VariantRow } from "./variants";

/** One row of the sheet. */
export interface FeeChangeRow {
  readonly id: string;
  readonly itemId: number | string;
  readonly variantId: number | string | null;
  readonly name: string;
  readonly units: number;
  readonly today: CostedFigures | null;
  readonly later: CostedFigures | null;
  /** Profit per unit at the date less today's (null: either is missing). */
  readonly changePerUnit: number | null;
  /** The change per unit times the units a month sells (the window's units, per 30 days). */
  readonly changePerMonth: number | null;
  /** Today's list price, and the margin a sale at it earns today (the preview's). */
  readonly listPrice: number | null;
  readonly listMargin: number | null;
  /** The listing price that keeps that margin at the date (null: see `note`). */
  readonly keepPrice: number | null;
  /** The API's COGS was an estimate or missing, and the cost book has none. */
  readonly guessedCogs: boolean;
  readonly cogs: string;
  readonly note: string;
}

/** The units a month sells: A's sales window, B's and C's 30-day window (their default). */
export const monthFactor = (s: FeeChangeState): number =>
  s.ask.marketplace === "A" ? 30 / s.ask.salesWindowDays : 1;

/** A preview's point at the book's cost on `day`. */
function costedPoint(
  s: FeeChangeState,
  r: VariantRow,
  p: PricePoint | null,
  book: CostBook | null,
  day: string,
): PricePoint | null {
  if (!p || !book || p.cogs === undefined) return p;
  const costed = withBookCost(
    {
      units: 0,
      profit: p.profit,
      margin: null,
      revenue: p.price,
      cogs: p.cogs,
      cogsSource: null,
      vat: 0,
      day,
    },
    book,
    { marketplace: s.ask.marketplace, itemId: r.itemId, variantId: r.variantId },
    day,
    decimalsOf(s),
  );
  return { price: p.price, profit: costed.profit, cogs: costed.cogs };
}

/** The keep-margin price at the book's costs (today's cost today, the date's at the date). */
function keepPrice(
  s: FeeChangeState,
  r: VariantRow,
  book: CostBook | null,
  today: string,
): { price: number | null; note: string } {
  const plain = keepPriceOf(s, r);
  const points = [s.listToday, s.listLater, s.lowerLater].map((set) => pointOf(set[r.id]));
  if (!book || s.alone[r.id] || points.some((p) => p === null)) return shownKeep(plain);
  const [t, l, w] = points;
  const [ct, cl, cw, ch, ca] = [
    costedPoint(s, r, t ?? null, book, today),
    costedPoint(s, r, l ?? null, book, s.ask.date),
    costedPoint(s, r, w ?? null, book, s.ask.date),
    costedPoint(s, r, pointOf(s.halfLater[r.id]), book, s.ask.date),
    costedPoint(s, r, pointOf(s.aboveLater[r.id]), book, s.ask.date),
  ];
  if (!ct || !cl || !cw) return { price: null, note: "not priced" };
  // Profit at the book's cost is the preview's line for line but the cost: same solve.
  const kept = keepPriceOf(
    {
      ...s,
      alone: {},
      listToday: { [r.id]: ct },
      listLater: { [r.id]: cl },
      lowerLater: { [r.id]: cw },
      halfLater: ch ? { [r.id]: ch } : {},
      aboveLater: ca ? { [r.id]: ca } : {},
    },
    r,
  );
  return shownKeep(kept);
}

/** A keep price as the row shows it: the price, and a note where it is a guess or missing. */
function shownKeep(k: KeepPrice): { price: number | null; note: string } {
  if (!("price" in k)) return { price: null, note: k.reason };
  return {
    price: k.price,
    note: k.estimate
      ? "a fee cap binds near today's list price, so this price above it is an estimate"
      : "",
  };
}

/** Every row of the sheet, largest monthly loss first. */
export function feeChangeRows(
  s: FeeChangeState,
  book: CostBook | null,
  /** The API's today (YYYY-MM-DD), where the answers did not say. */
  today: string,
): FeeChangeRow[] {
  const d = decimalsOf(s);
  const factor = monthFactor(s);
  const rows = variantRows(s).map((r): FeeChangeRow => {
    const key = { marketplace: s.ask.marketplace, itemId: r.itemId, variantId: r.variantId };
    const rawToday = figuresOf(s, r, "today");
    const rawLater = figuresOf(s, r, "later");
    const day = rawToday?.day ?? today;
    const t = rawToday ? withBookCost(rawToday, book, key, day, d) : null;
    const l = rawLater ? withBookCost(rawLater, book, key, s.ask.date, d) : null;
    const units = t?.units ?? 0;
    const change = t && l ? toMinorUnit(l.profit - t.profit, d) : null;
    const list = pointOf(s.listToday[r.id]);
    const listMargin = list && list.price > 0 ? listMarginAt(s, r, list, book, day) : null;
    const kept = keepPrice(s, r, book, day);
    const notes: string[] = [];
    if (!t) notes.push(missingFigures(s, "today"));
    if (!l) notes.push(missingFigures(s, "later"));
    if (kept.note) notes.push(`Listing price: ${kept.note}`);
    if (book && s.alone[r.id] && t?.book)
      notes.push("Listing price at the API's cost (priced alone)");
    const shown = t ?? l;
    return {
      id: r.id,
      itemId: r.itemId,
      variantId: r.variantId,
      name: r.product.name,
      units,
      today: t,
      later: l,
      changePerUnit: change,
      changePerMonth: change === null ? null : toMinorUnit(change * units * factor, d),
      listPrice: list?.price ?? null,
      listMargin,
      keepPrice: kept.price,
      guessedCogs: shown ? restsOnGuess(shown) : false,
      cogs: shown ? cogsNote(shown) : "",
      note: notes.join("; "),
    };
  });
  // Largest monthly loss first; rows without a change last, each group in the list's order.
  return rows
    .map((row, i) => ({ row, i }))
    .sort(
      (a, b) =>
        (a.row.changePerMonth ?? Infinity) - (b.row.changePerMonth ?? Infinity) || a.i - b.i,
    )
    .map((x) => x.row);
}

/** The margin of a sale at today's list price, today, at the book's cost of today. */
function listMarginAt(
  s: FeeChangeState,
  r: VariantRow,
  list: PricePoint,
  book: CostBook | null,
  day: string,
): number {
  const p = costedPoint(s, r, list, book, day) ?? list;
  return p.profit / p.price;
}

/** Why a row has no figures of a day. */
function missingFigures(s: FeeChangeState, when: "today" | "later"): string {
  const what = when === "today" ? "today's figures" : `figures on ${s.ask.date}`;
  const by = s.ask.marketplace === "A" ? "A1" : s.ask.marketplace === "B" ? "B8" : "C7";
  return `No ${what}: ${by} answered nothing for this variant`;
}
