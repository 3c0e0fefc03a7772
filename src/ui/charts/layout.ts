/**
 * Geometry of the sidebar's charts: one row per bar, the label and value on a text line and
 * the bar under it, so long labels stay readable in a 300-pixel pane. Pure: tests check where
 * bars land without a browser.
 */

/** What a bar shows: the start (price), a cost or gain step, or the result. */
export type BarTone = "start" | "cost" | "gain" | "profit" | "loss";

/** One bar from `from` to `to` (a waterfall step starts where the last one ended). */
export interface ChartRow {
  readonly label: string;
  /** The number written beside the bar (a step's own amount, not the running total). */
  readonly value: number;
  readonly from: number;
  readonly to: number;
  readonly tone: BarTone;
}

export interface PlacedRow extends ChartRow {
  /** Top of the row's text line. */
  readonly y: number;
  readonly barX: number;
  readonly barY: number;
  readonly barWidth: number;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  /** Where zero is on the x axis. */
  readonly zeroX: number;
  readonly rows: readonly PlacedRow[];
}

export const CHART_WIDTH = 300;
export const ROW_HEIGHT = 30;
export const BAR_HEIGHT = 11;
const PAD = 4;

/** Money as sellers read it: thousands separators, two decimals, a true minus sign. */
export function formatAmount(n: number): string {
  const text = Math.abs(n).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return n < 0 && text !== "0.00" ? `\u2212${text}` : text;
}

/** Place rows on one shared scale that always includes zero. */
export function layoutRows(rows: readonly ChartRow[], width = CHART_WIDTH): ChartLayout {
  const ends = rows.flatMap((r) => [r.from, r.to]);
  const min = Math.min(0, ...ends);
  const max = Math.max(0, ...ends);
  const span = max - min || 1;
  const plot = width - 2 * PAD;
  const x = (v: number): number => PAD + ((v - min) / span) * plot;
  const placed = rows.map((r, i): PlacedRow => {
    const [a, b] = [x(r.from), x(r.to)];
    const y = i * ROW_HEIGHT;
    return {
      ...r,
      y,
      barX: Math.min(a, b),
      barY: y + ROW_HEIGHT - BAR_HEIGHT - 3,
      // A zero or tiny step still shows a sliver, so no line looks missing.
      barWidth: Math.max(1, Math.abs(b - a)),
    };
  });
  return { width, height: rows.length * ROW_HEIGHT + 2, zeroX: x(0), rows: placed };
}

/** A label cut to fit beside its value (the full text stays in the bar's tooltip). */
export function fitLabel(label: string, value: string, width = CHART_WIDTH): string {
  // About 6.3 pixels a character at 12 px in the sidebar's sans-serif.
  const room = Math.floor((width - 2 * PAD - 12 - value.length * 7) / 6.3);
  return label.length <= room ? label : `${label.slice(0, Math.max(1, room - 1)).trimEnd()}…`;
}
