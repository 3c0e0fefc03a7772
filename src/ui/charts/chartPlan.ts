/**
 * "Insert chart": what a native chart of the selected table reads and where it goes. Worked
 * out in the pane from the selection the host read, so the host side only builds the chart
 * (the Sheets server bundle stays small).
 */
import type { RangeBox } from "../../imports/rangeAddress";
import { parseRangeAddress } from "../../imports/rangeAddress";
import { boxAddress } from "../../imports/freeColumns";
import type { SelectionView } from "../bridge";
import { formatAmount } from "./layout";
import { pickChart } from "./pickChart";

/** A native chart of part of a sheet: label and value columns over the same rows. */
export interface ChartPlan {
  /** Waterfall where the host has one (Excel), a column chart otherwise; bars for a ranking. */
  readonly kind: "waterfall" | "bars";
  readonly title: string;
  /** The block charted, label column to value column, for the seller to check. */
  readonly address: string;
  readonly labels: RangeBox;
  readonly values: RangeBox;
  /** Rows of headers at the top of both ranges (a ranking's column names). */
  readonly headers: 0 | 1;
  /** The chart's top-left cell (0-based), one column right of the table. */
  readonly at: { readonly row: number; readonly column: number };
}

/** What the seller reads when the selection is not something to chart. */
export const NOTHING_TO_CHART =
  "Select a whole breakdown (from Original price to Net profit, labels and amounts) or a ranked table with its header row and a profit or ROAS column, then insert the chart again.";

/** The chart plan of a selection; throws NOTHING_TO_CHART when it is neither kind of table. */
export function chartPlan(selection: SelectionView): ChartPlan {
  const box = parseRangeAddress(selection.address);
  const pick = pickChart(selection.values);
  if (!pick) throw new Error(NOTHING_TO_CHART);
  const s = pick.source;
  const column = (c: number, r0: number): RangeBox => ({
    sheet: box.sheet,
    r0: box.r0 + r0,
    r1: box.r0 + s.lastRow,
    c0: box.c0 + c,
    c1: box.c0 + c,
  });
  const top = s.headerRow ?? s.firstRow;
  const title =
    pick.kind === "waterfall"
      ? pick.title.replace(
          /: (price|revenue) to net profit$/,
          (_, from: string) =>
            `: ${from} ${formatAmount(pick.start.value)} to net profit ${formatAmount(pick.total.value)}`,
        )
      : pick.sorted
        ? pick.title
        : // The sheet's rows are not in order: say the chart shows the first ones.
          pick.title.replace(/^Top \d+ by (.*)$/, `$1, first ${s.lastRow - s.firstRow + 1} rows`);
  const labels = column(s.labelColumn, top);
  const values = column(s.valueColumn, top);
  return {
    kind: pick.kind,
    title,
    address: boxAddress({
      ...labels,
      c0: Math.min(labels.c0, values.c0),
      c1: Math.max(labels.c1, values.c1),
    }),
    labels,
    values,
    headers: s.headerRow === null ? 0 : 1,
    at: { row: box.r0, column: box.c1 + 2 },
  };
}
