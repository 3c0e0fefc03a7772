/**
 * "Insert chart" in Sheets: a native chart of the plan the sidebar worked out (chartPlan.ts).
 * EmbeddedChartBuilder has no waterfall type, so a breakdown becomes a column chart of its
 * signed lines (price up, costs down, net profit last); a ranking a bar chart. Kept tiny: the
 * Sheets bundle has a size cap.
 */
import type { RangeBox } from "../../imports/rangeAddress";
import type { ChartPlan } from "../../ui/charts/chartPlan";
import type { SbRange, SbSheet, SbSpreadsheet } from "./sheetTypes";

interface SbChartBuilder {
  setChartType(type: unknown): SbChartBuilder;
  addRange(range: SbRange): SbChartBuilder;
  setNumHeaders(headers: number): SbChartBuilder;
  setPosition(row: number, column: number, offsetX: number, offsetY: number): SbChartBuilder;
  setOption(option: string, value: unknown): SbChartBuilder;
  build(): unknown;
}

interface SbChartSheet extends SbSheet {
  newChart(): SbChartBuilder;
  insertChart(chart: unknown): void;
  getCharts(): unknown[];
}

/** Add the chart; answers how many charts the sheet now has. */
export function insertSheetChart(book: SbSpreadsheet, plan: ChartPlan): { charts: number } {
  const sheet = book.getSheetByName(plan.labels.sheet) as SbChartSheet | null;
  if (!sheet) throw new Error(`The sheet "${plan.labels.sheet}" is gone: select the table again`);
  const column = (b: RangeBox): SbRange => sheet.getRange(b.r0 + 1, b.c0 + 1, b.r1 - b.r0 + 1, 1);
  const types = (globalThis as unknown as { Charts: { ChartType: Record<string, unknown> } }).Charts
    .ChartType;
  sheet.insertChart(
    sheet
      .newChart()
      .setChartType(types[plan.kind === "bars" ? "BAR" : "COLUMN"])
      .addRange(column(plan.labels))
      .addRange(column(plan.values))
      .setNumHeaders(plan.headers)
      .setPosition(plan.at.row + 1, plan.at.column + 1, 0, 0)
      .setOption("title", plan.title)
      .build(),
  );
  return { charts: sheet.getCharts().length };
}
